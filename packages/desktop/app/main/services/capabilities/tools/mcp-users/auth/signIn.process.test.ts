/**
 * The whole sign-in round trip against the OAuth fixture, headless: our provider, the SDK's
 * auth(), a real loopback redirect and a fake browser that follows the fixture's auto-approval.
 * One case per variant of where metadata lives, how the client registers and authenticates.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { echo, oauthTestbed } from '@desktop-testing/oauthTestkit';
import type { OAuthVariant } from '@fixtures/servers/oauth-server.mjs';
import { ElftiaOAuthProvider, SignInRequired } from './ElftiaOAuthProvider';
import { startSignIn } from './signIn';

const bed = oauthTestbed();
const { opened } = bed;
afterEach(() => bed.reset());

/** A person's provider as the pool makes one (ServerSignIns.authFor): passive, never opening a browser. */
const passive = (serverUrl: string, extra: Partial<ConstructorParameters<typeof ElftiaOAuthProvider>[0]> = {}) => new ElftiaOAuthProvider({ serverUrl, store: bed.store, ...extra });
const connectOver = (serverUrl: string, kind: 'http' | 'sse' = 'http', extra: Parameters<typeof passive>[1] = {}) => bed.connect(serverUrl, passive(serverUrl, extra), kind);
const echoOver = (serverUrl: string, kind: 'http' | 'sse' = 'http', extra: Parameters<typeof passive>[1] = {}) => bed.echoOver(serverUrl, passive(serverUrl, extra), { kind });

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
    const f = await bed.start(variant);
    await expect(echoOver(f.url)).rejects.toBeInstanceOf(SignInRequired);
    await bed.signIn(f.url);
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
    const f = await bed.start({});
    const sseUrl = f.url.replace(/\/mcp$/, '/sse');
    await bed.signIn(sseUrl);
    // The metadata names /mcp as the resource; the SSE endpoint on the same origin shares it.
    expect(await echoOver(sseUrl, 'sse')).toBe('signed');
  });

  it('uses a pre-registered client instead of registering', async () => {
    const f = await bed.start({ registration: 'preregistered', authMethod: 'client_secret_basic', clientId: 'elftia', clientSecret: 's3cret-value' });
    const preRegistered = { clientId: 'elftia', clientSecret: 's3cret-value' };
    await bed.signIn(f.url, { preRegistered });
    expect(await echoOver(f.url, 'http', { preRegistered })).toBe('signed');
    expect(f.log.registrations).toHaveLength(0);
    expect(f.log.authorize[0]?.client_id).toBe('elftia');
  });

  it('refreshes an expiring token before connecting, without the browser', async () => {
    const f = await bed.start({ tokenTtl: 3600 });
    await bed.signIn(f.url);
    opened.length = 0;
    // 30 seconds before the hour is up: within the refresh margin.
    expect(await echoOver(f.url, 'http', { now: () => Date.now() + 3570_000 })).toBe('signed');
    expect(f.log.token.map((t) => t.grant_type)).toEqual(['authorization_code', 'refresh_token']);
    expect(f.log.refused.filter((r) => r.reason === 'expired')).toHaveLength(0);
    expect(opened).toEqual([]);
  });

  it('refreshes on a 401 for a token the server expired early', async () => {
    const f = await bed.start({});
    await bed.signIn(f.url);
    f.expireAccessTokens();
    expect(await echoOver(f.url)).toBe('signed');
    expect(f.log.token.map((t) => t.grant_type)).toEqual(['authorization_code', 'refresh_token']);
  });

  it('refuses metadata naming another resource: no token is obtained', async () => {
    const f = await bed.start({ resourceMismatch: true });
    await expect(bed.signIn(f.url)).rejects.toThrow(/does not match/);
    expect(f.log.authorize).toHaveLength(0);
    expect(f.log.token).toHaveLength(0);
  });

  it('steps up on 403 insufficient_scope: the next sign-in asks for the wider scope', async () => {
    const f = await bed.start({ scopes: 'mcp:read', stepUpScope: 'mcp:write' });
    await bed.signIn(f.url);
    expect(f.log.authorize[0]?.scope).toBe('mcp:read');
    const err = await echoOver(f.url).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SignInRequired);
    expect((err as SignInRequired).scope).toBe('mcp:read mcp:write');
    // The narrow grant was not refreshed in place of re-authorizing.
    expect(f.log.token.map((t) => t.grant_type)).toEqual(['authorization_code']);
    await bed.signIn(f.url);
    expect(f.log.authorize[1]?.scope).toBe('mcp:read mcp:write');
    expect(await echoOver(f.url)).toBe('signed');
  });

  // The server's GET answers 405 (no SSE stream), so only the connect's POST showed the 401's scope.
  it('asks for exactly the scope a 401 names, not every scope the server supports', async () => {
    const f = await bed.start({ scopes: 'mcp:read mcp:write x y', challengeScope: 'x y', postOnly: true });
    await expect(echoOver(f.url)).rejects.toBeInstanceOf(SignInRequired);
    await bed.signIn(f.url);
    expect(f.log.authorize.map((a) => a.scope)).toEqual(['x y']);
    expect(f.log.registrations[0]?.scope).toBe('x y');
  });

  it('step-up for a tool whose 403 names its scope alone asks for the union with the grant, and keeps both', async () => {
    const f = await bed.start({ scopes: 'mcp:read mcp:write', challengeScope: 'mcp:read', toolScopes: 'echo=mcp:write' });
    await bed.signIn(f.url);
    const err = await echoOver(f.url).catch((e: unknown) => e);
    expect((err as SignInRequired).scope).toBe('mcp:read mcp:write');
    await bed.signIn(f.url);
    expect(f.log.authorize.map((a) => a.scope)).toEqual(['mcp:read', 'mcp:read mcp:write']);
    expect(await echoOver(f.url)).toBe('signed');
  });

  it('asks for offline_access only where the authorization server lists it, and registers for refresh tokens', async () => {
    const f = await bed.start({ scopes: 'mcp:read offline_access', challengeScope: 'mcp:read' });
    await bed.signIn(f.url);
    expect(f.log.authorize[0]?.scope).toBe('mcp:read offline_access');
    expect(f.log.registrations[0]?.grant_types).toEqual(['authorization_code', 'refresh_token']);
    await f.close();
    // Listed nowhere: never asked for (a server may reject a scope it does not know).
    const plain = await bed.start({ scopes: 'mcp:read mcp:write' });
    await bed.signIn(plain.url);
    expect(plain.log.authorize[0]?.scope).toBe('mcp:read mcp:write');
  });

  it('renews a token that is running out while the connection stays open, before a request carries it', async () => {
    const f = await bed.start({ tokenTtl: 3600 });
    await bed.signIn(f.url);
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
    const f = await bed.start({});
    await bed.signIn(f.url);
    const session = bed.store.load(f.url);
    expect(session.tokens?.access_token).toMatch(/^at-/);
    expect(readFileSync(bed.secretsFile, 'utf8')).toContain(`oauth:${f.url}`);
    expect(bed.store.load(`${f.url}/`).tokens?.access_token).toBe(session.tokens?.access_token);
  });

  it('a denied sign-in and a forged callback', async () => {
    const f = await bed.start({});
    const handle = await startSignIn({
      serverUrl: f.url,
      store: bed.store,
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
    expect(bed.store.load(f.url).tokens).toBeUndefined();
  });
});
