/**
 * The whole sign-in round trip against the OAuth fixture, headless: our provider, the SDK's
 * auth(), a real loopback redirect and a fake browser that follows the fixture's auto-approval.
 * One case per variant of where metadata lives, how the client registers and authenticates.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { visit } from '@fixtures/servers/fakeBrowser.mjs';
import { startOAuthServer, type OAuthFixtureHandle, type OAuthVariant } from '@fixtures/servers/oauth-server.mjs';
import { openFileSecretStore } from '@services/secrets/fileSecretStore';
import { ElftiaOAuthProvider, SignInRequired, scopeWatchingFetch } from './ElftiaOAuthProvider';
import { openOAuthSessionStore, type OAuthSessionStore } from './oauthSessionStore';
import { refreshIfDue, startSignIn } from './signIn';

let fixture: OAuthFixtureHandle | undefined;
let dir: string;
let store: OAuthSessionStore;

async function setUp(variant: OAuthVariant) {
  fixture = await startOAuthServer(variant);
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-oauth-'));
  store = openOAuthSessionStore(openFileSecretStore(path.join(dir, 'secrets.json')));
  return fixture;
}

afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const opened: string[] = [];
async function signIn(serverUrl: string, extra: Partial<Parameters<typeof startSignIn>[0]> = {}) {
  const handle = await startSignIn({
    serverUrl,
    store,
    fetch,
    timeoutMs: 15_000,
    openAuthorizationUrl: (url) => {
      opened.push(url);
      void visit(url);
    },
    ...extra,
  });
  await handle.done;
}

/** A passive connection, as the pool makes one, and the echo tool called through it. */
async function echoOver(serverUrl: string, kind: 'http' | 'sse' = 'http', extra: Partial<ConstructorParameters<typeof ElftiaOAuthProvider>[0]> = {}) {
  const provider = new ElftiaOAuthProvider({ serverUrl, store, ...extra });
  const fetchFn = scopeWatchingFetch(fetch, provider);
  await refreshIfDue(provider, serverUrl, fetchFn);
  const url = new URL(serverUrl);
  const transport =
    kind === 'http' ? new StreamableHTTPClientTransport(url, { authProvider: provider, fetch: fetchFn }) : new SSEClientTransport(url, { authProvider: provider, fetch: fetchFn });
  const client = new Client({ name: 'test', version: '1' });
  try {
    await client.connect(transport);
    const result = await client.callTool({ name: 'echo', arguments: { text: 'signed' } });
    return (result.content as { text: string }[])[0]?.text;
  } finally {
    await client.close();
  }
}

describe('sign-in round trip', () => {
  const variants: [string, OAuthVariant][] = [
    ['metadata named by WWW-Authenticate', { prm: 'header' }],
    ['path-based protected-resource metadata', { prm: 'path' }],
    ['root protected-resource metadata', { prm: 'root' }],
    ['OpenID discovery', { as: 'oidc' }],
    ['an issuer with a path (path insertion)', { as: 'issuer-path' }],
    ['2025-03-26 defaults (no metadata at all)', { prm: 'none', as: 'none' }],
    ['client_secret_basic', { authMethod: 'client_secret_basic' }],
    ['client_secret_post', { authMethod: 'client_secret_post' }],
    ['a public client (none)', { authMethod: 'none' }],
  ];
  it.each(variants)('%s: registers, signs in and connects', async (_name, variant) => {
    const f = await setUp(variant);
    await expect(echoOver(f.url)).rejects.toBeInstanceOf(SignInRequired);
    await signIn(f.url);
    expect(await echoOver(f.url)).toBe('signed');
    expect(f.log.registrations).toHaveLength(1);
    const [authorize] = f.log.authorize;
    expect(authorize?.code_challenge_method).toBe('S256');
    // RFC 8707: the resource is named in both requests, except where there is no metadata to name it.
    // Root metadata names the origin, which covers every endpoint of the server.
    const resource = variant.prm === 'none' ? null : variant.prm === 'root' ? new URL(f.url).origin : f.url;
    expect(authorize?.resource ?? null).toBe(resource);
    expect(f.log.token[0]).toMatchObject({ grant_type: 'authorization_code', resource, method: variant.authMethod ?? 'client_secret_post' });
  });

  it('works over SSE too', async () => {
    const f = await setUp({});
    const sseUrl = f.url.replace(/\/mcp$/, '/sse');
    await signIn(sseUrl);
    // The metadata names /mcp as the resource; the SSE endpoint on the same origin shares it.
    expect(await echoOver(sseUrl, 'sse')).toBe('signed');
  });

  it('uses a pre-registered client instead of registering', async () => {
    const f = await setUp({ registration: 'preregistered', authMethod: 'client_secret_basic', clientId: 'elftia', clientSecret: 's3cret-value' });
    const preRegistered = { clientId: 'elftia', clientSecret: 's3cret-value' };
    await signIn(f.url, { preRegistered });
    expect(await echoOver(f.url, 'http', { preRegistered })).toBe('signed');
    expect(f.log.registrations).toHaveLength(0);
    expect(f.log.authorize[0]?.client_id).toBe('elftia');
  });

  it('refreshes an expiring token before connecting, without the browser', async () => {
    const f = await setUp({ tokenTtl: 30 }); // under the refresh margin: due at once
    await signIn(f.url);
    opened.length = 0;
    expect(await echoOver(f.url)).toBe('signed');
    expect(f.log.token.map((t) => t.grant_type)).toEqual(['authorization_code', 'refresh_token']);
    expect(f.log.refused.filter((r) => r.reason === 'expired')).toHaveLength(0);
    expect(opened).toEqual([]);
  });

  it('refreshes on a 401 for a token the server expired early', async () => {
    const f = await setUp({});
    await signIn(f.url);
    f.expireAccessTokens();
    expect(await echoOver(f.url)).toBe('signed');
    expect(f.log.token.map((t) => t.grant_type)).toEqual(['authorization_code', 'refresh_token']);
  });

  it('refuses metadata naming another resource: no token is obtained', async () => {
    const f = await setUp({ resourceMismatch: true });
    await expect(signIn(f.url)).rejects.toThrow(/does not match/);
    expect(f.log.authorize).toHaveLength(0);
    expect(f.log.token).toHaveLength(0);
  });

  it('steps up on 403 insufficient_scope: the next sign-in asks for the wider scope', async () => {
    const f = await setUp({ scopes: 'mcp:read', stepUpScope: 'mcp:write' });
    await signIn(f.url);
    expect(f.log.authorize[0]?.scope).toBe('mcp:read');
    const err = await echoOver(f.url).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignInRequired);
    expect((err as SignInRequired).scope).toBe('mcp:read mcp:write');
    // The narrow grant was not refreshed in place of re-authorizing.
    expect(f.log.token.map((t) => t.grant_type)).toEqual(['authorization_code']);
    await signIn(f.url);
    expect(f.log.authorize[1]?.scope).toBe('mcp:read mcp:write');
    expect(await echoOver(f.url)).toBe('signed');
  });

  it('keeps the session in the secret store, per server URL', async () => {
    const f = await setUp({});
    await signIn(f.url);
    const session = store.load(f.url);
    expect(session.tokens?.access_token).toMatch(/^at-/);
    expect(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).toContain(`oauth:${f.url}`);
    expect(store.load(`${f.url}/`).tokens?.access_token).toBe(session.tokens?.access_token);
  });

  it('a denied sign-in and a forged callback', async () => {
    const f = await setUp({});
    const handle = await startSignIn({
      serverUrl: f.url,
      store,
      fetch,
      timeoutMs: 15_000,
      openAuthorizationUrl: async (url) => {
        const redirect = new URL(new URL(url).searchParams.get('redirect_uri')!);
        // Wrong state: ignored, the sign-in keeps waiting.
        expect((await fetch(`${redirect.href}?code=x&state=forged`)).status).toBe(404);
        const state = new URL(url).searchParams.get('state')!;
        await fetch(`${redirect.href}?error=access_denied&state=${state}`);
      },
    });
    await expect(handle.done).rejects.toThrow(/access_denied/);
    expect(store.load(f.url).tokens).toBeUndefined();
  });
});
