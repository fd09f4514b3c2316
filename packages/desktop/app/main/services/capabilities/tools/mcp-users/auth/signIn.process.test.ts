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
import { refreshingFetch, startSignIn } from './signIn';

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

/** A passive connection, as the pool makes one (ServerSignIns.authFor). */
async function connectOver(serverUrl: string, kind: 'http' | 'sse' = 'http', extra: Partial<ConstructorParameters<typeof ElftiaOAuthProvider>[0]> = {}) {
  const provider = new ElftiaOAuthProvider({ serverUrl, store, ...extra });
  const fetchFn = refreshingFetch(scopeWatchingFetch(fetch, provider), provider, serverUrl);
  const url = new URL(serverUrl);
  const transport =
    kind === 'http' ? new StreamableHTTPClientTransport(url, { authProvider: provider, fetch: fetchFn }) : new SSEClientTransport(url, { authProvider: provider, fetch: fetchFn });
  const client = new Client({ name: 'test', version: '1' });
  try {
    await client.connect(transport);
  } catch (err) {
    await client.close();
    throw err;
  }
  return client;
}

const echo = async (client: Client, text = 'signed') => {
  const result = await client.callTool({ name: 'echo', arguments: { text } });
  return (result.content as { text: string }[])[0]?.text;
};

/** A passive connection and the echo tool called through it. */
async function echoOver(...args: Parameters<typeof connectOver>) {
  const client = await connectOver(...args);
  try {
    return await echo(client);
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
    const f = await setUp({ tokenTtl: 3600 });
    await signIn(f.url);
    opened.length = 0;
    // 30 seconds before the hour is up: within the refresh margin.
    expect(await echoOver(f.url, 'http', { now: () => Date.now() + 3570_000 })).toBe('signed');
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

  // The server's GET answers 405 (no SSE stream), so only the connect's POST showed the 401's scope.
  it('asks for exactly the scope a 401 names, not every scope the server supports', async () => {
    const f = await setUp({ scopes: 'mcp:read mcp:write x y', challengeScope: 'x y', postOnly: true });
    await expect(echoOver(f.url)).rejects.toBeInstanceOf(SignInRequired);
    await signIn(f.url);
    expect(f.log.authorize.map((a) => a.scope)).toEqual(['x y']);
    expect(f.log.registrations[0]?.scope).toBe('x y');
  });

  it('step-up for a tool whose 403 names its scope alone asks for the union with the grant, and keeps both', async () => {
    const f = await setUp({ scopes: 'mcp:read mcp:write', challengeScope: 'mcp:read', toolScopes: 'echo=mcp:write' });
    await signIn(f.url);
    const err = await echoOver(f.url).catch((e: unknown) => e);
    expect((err as SignInRequired).scope).toBe('mcp:read mcp:write');
    await signIn(f.url);
    expect(f.log.authorize.map((a) => a.scope)).toEqual(['mcp:read', 'mcp:read mcp:write']);
    expect(await echoOver(f.url)).toBe('signed');
  });

  it('asks for offline_access only where the authorization server lists it, and registers for refresh tokens', async () => {
    const f = await setUp({ scopes: 'mcp:read offline_access', challengeScope: 'mcp:read' });
    await signIn(f.url);
    expect(f.log.authorize[0]?.scope).toBe('mcp:read offline_access');
    expect(f.log.registrations[0]?.grant_types).toEqual(['authorization_code', 'refresh_token']);
    await f.close();
    // Listed nowhere: never asked for (a server may reject a scope it does not know).
    const plain = await setUp({ scopes: 'mcp:read mcp:write' });
    await signIn(plain.url);
    expect(plain.log.authorize[0]?.scope).toBe('mcp:read mcp:write');
  });

  it('renews a token that is running out while the connection stays open, before a request carries it', async () => {
    const f = await setUp({ tokenTtl: 3600 });
    await signIn(f.url);
    const refusedAtSignIn = f.log.refused.length; // the sign-in's probe
    let later = 0;
    const client = await connectOver(f.url, 'http', { now: () => Date.now() + later });
    try {
      expect(await echo(client, 'first')).toBe('first');
      expect(f.log.token.map((t) => t.grant_type)).toEqual(['authorization_code']);
      // 59.5 minutes on, and the server refuses every token it issued so far: only a token renewed
      // before the request went out gets through without a 401.
      later = 3570_000;
      f.expireAccessTokens();
      expect(await echo(client, 'later')).toBe('later');
    } finally {
      await client.close();
    }
    expect(f.log.refused.slice(refusedAtSignIn)).toEqual([]);
    expect(f.log.token.map((t) => t.grant_type)).toEqual(['authorization_code', 'refresh_token']);
    expect(opened.filter((url) => url.startsWith(f.url.replace(/\/mcp$/, '')))).toHaveLength(1);
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
