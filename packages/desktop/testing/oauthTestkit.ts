/**
 * Test scaffolding for the OAuth suites: the OAuth fixture (authorization server and protected MCP
 * server in one, e2e/fixtures/servers/oauth-server.mjs), a session store on a real secrets file in
 * a temp dir, a sign-in through the fake browser, and connections made as the pool makes them
 * (ServerSignIns.authFor: renew before a request carries a dying token; a person's provider also
 * reads the scope of every 401 and 403). Nothing of the flow is mocked.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { visit } from '@fixtures/servers/fakeBrowser.mjs';
import { startOAuthServer, type OAuthFixtureHandle, type OAuthVariant } from '@fixtures/servers/oauth-server.mjs';
import type { ClientCredentialsAuthProvider } from '@services/capabilities/tools/mcp-users/auth/clientCredentials';
import { ElftiaOAuthProvider, scopeWatchingFetch } from '@services/capabilities/tools/mcp-users/auth/ElftiaOAuthProvider';
import { openOAuthSessionStore, type OAuthSessionStore } from '@services/capabilities/tools/mcp-users/auth/oauthSessionStore';
import { refreshingFetch, startSignIn, type SignInOptions } from '@services/capabilities/tools/mcp-users/auth/signIn';
import { openFileSecretStore, SECRETS_FILE_NAME } from '@services/secrets/fileSecretStore';

export type AnyOAuthProvider = ElftiaOAuthProvider | ClientCredentialsAuthProvider;

export interface OAuthTestbed {
  /** Starts the fixture for one variant; every fixture started is closed by `reset`. */
  start(variant?: OAuthVariant): Promise<OAuthFixtureHandle>;
  /** The session store of the current test (a fresh, empty secrets file after each `reset`). */
  readonly store: OAuthSessionStore;
  /** The file the store writes, to check what is and is not in it. */
  readonly secretsFile: string;
  /** Every authorization URL the fake browser was sent to, across the file's tests. */
  readonly opened: string[];
  /** A sign-in the person started, approved by the fake browser; resolves once the tokens are stored. */
  signIn(serverUrl: string, extra?: Partial<SignInOptions>): Promise<void>;
  /** A passive connection with `provider`, as the pool makes one; the caller closes it. */
  connect(serverUrl: string, provider: AnyOAuthProvider, kind?: 'http' | 'sse'): Promise<Client>;
  /** `connect`, the fixture's echo tool called with `text`, and close. */
  echoOver(serverUrl: string, provider: AnyOAuthProvider, options?: { kind?: 'http' | 'sse'; text?: string }): Promise<string | undefined>;
  /** After each test: closes the fixtures and empties the store. */
  reset(): Promise<void>;
}

/** The echo tool's text answer. */
export async function echo(client: Client, text: string): Promise<string | undefined> {
  const result = await client.callTool({ name: 'echo', arguments: { text } });
  return (result.content as { text: string }[])[0]?.text;
}

export function oauthTestbed(): OAuthTestbed {
  // Made when a test first needs it, so a test that starts no store leaves no temp dir.
  let session: { dir: string; store: OAuthSessionStore } | undefined;
  const current = () => {
    if (!session) {
      const dir = mkdtempSync(path.join(tmpdir(), 'elftia-oauth-'));
      session = { dir, store: openOAuthSessionStore(openFileSecretStore(path.join(dir, SECRETS_FILE_NAME))) };
    }
    return session;
  };
  const fixtures: OAuthFixtureHandle[] = [];
  const opened: string[] = [];

  const bed: OAuthTestbed = {
    async start(variant = {}) {
      const fixture = await startOAuthServer(variant);
      fixtures.push(fixture);
      return fixture;
    },
    get store() {
      return current().store;
    },
    get secretsFile() {
      return path.join(current().dir, SECRETS_FILE_NAME);
    },
    opened,
    async signIn(serverUrl, extra = {}) {
      const handle = await startSignIn({
        serverUrl,
        store: bed.store,
        fetch,
        timeoutMs: 15_000,
        openAuthorizationUrl: (url) => {
          opened.push(url);
          void visit(url);
        },
        ...extra,
      });
      await handle.done;
    },
    async connect(serverUrl, provider, kind = 'http') {
      const base = provider instanceof ElftiaOAuthProvider ? scopeWatchingFetch(fetch, provider) : fetch;
      const options = { authProvider: provider, fetch: refreshingFetch(base, provider, serverUrl) };
      const url = new URL(serverUrl);
      const client = new Client({ name: 'test', version: '1' });
      try {
        await client.connect(kind === 'http' ? new StreamableHTTPClientTransport(url, options) : new SSEClientTransport(url, options));
      } catch (err) {
        await client.close();
        throw err;
      }
      return client;
    },
    async echoOver(serverUrl, provider, { kind = 'http', text = 'signed' } = {}) {
      const client = await bed.connect(serverUrl, provider, kind);
      try {
        return await echo(client, text);
      } finally {
        await client.close();
      }
    },
    async reset() {
      await Promise.all(fixtures.splice(0).map((f) => f.close()));
      if (session) rmSync(session.dir, { recursive: true, force: true });
      session = undefined;
    },
  };
  return bed;
}
