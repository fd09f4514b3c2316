/**
 * Sign-in end to end through the routes (createServices on a real config folder): a 401 becomes
 * AUTH_REQUIRED and needs_sign_in, mcp.auth_start sends the (fake) browser, the server connects
 * once signed in, and no token is ever in the config files, the server log or the events.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { visit } from '@fixtures/servers/fakeBrowser.mjs';
import { oauthTestbed } from '@desktop-testing/oauthTestkit';
import type { OAuthFixtureHandle, OAuthVariant } from '@fixtures/servers/oauth-server.mjs';
import { routes, type EventEnvelope, type RouteName } from '../../../shared/contracts/ipc';
import { openLocalStores } from '../appStores';
import { openOAuthSessionStore } from '../capabilities/tools/mcp-users/auth/oauthSessionStore';
import { createServices, type Services } from '../createServices';

const oauth = oauthTestbed();
let services: Services | undefined;
let fixture: OAuthFixtureHandle | undefined;
let dir: string;

afterEach(async () => {
  await services?.dispose();
  await oauth.reset();
  services = fixture = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function setUp(variant: OAuthVariant = {}, opener: (url: string) => Promise<unknown> = visit, signInForCalls = false) {
  fixture = await oauth.start(variant);
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-auth-'));
  const stores = openLocalStores(dir);
  services = createServices({ ...stores, fetch: globalThis.fetch, openAuthUrl: async (url) => void opener(url) }, { signInForCalls });
  const events: EventEnvelope[] = [];
  services.onEvent((e) => events.push(e));
  const s = services;
  const call = async <R extends RouteName>(route: R, input: unknown) => {
    const result = await s.router.dispatch(route, input);
    if (result.ok) routes[route].output.parse(result.data);
    return result;
  };
  const added = await call('mcp.add', { name: 'remote', type: 'http', isActive: true, config: { url: fixture.url } });
  const id = (added as { ok: true; data: { server: { id: string } } }).data.server.id;
  return { fixture, events, call, id, stores, s };
}

it('a 401 asks for sign-in; signing in connects; no token leaks; sign out forgets', async () => {
  const { fixture: f, events, call, id, stores, s } = await setUp();
  await expect.poll(async () => JSON.stringify(await call('mcp.status', {}))).toContain('needs_sign_in');
  expect(await call('mcp.status', {})).toMatchObject({
    ok: true,
    data: [{ id, state: 'error', failure: { code: 'AUTH_REQUIRED' }, auth: { state: 'needs_sign_in', failure: { code: 'AUTH_REQUIRED' } } }],
  });
  expect(f.log.registrations).toHaveLength(0); // a background connect never registers a client

  const started = await call('mcp.auth_start', { id });
  expect(started).toMatchObject({ ok: true, data: { state: 'waiting_for_browser', authorizationUrl: expect.stringContaining('code_challenge=') } });
  await s.mcpService.signInSettled(id);
  expect(await call('mcp.status', {})).toMatchObject({ ok: true, data: [{ id, state: 'connected', auth: { state: 'signed_in' } }] });
  expect(await call('mcp.call_tool', { serverId: id, toolName: 'echo', args: { text: 'hi' } })).toMatchObject({ ok: true, data: { content: [{ text: 'hi' }] } });
  const authStates = events.filter((e) => e.event === 'mcp.auth_state').map((e) => (e.payload as { auth?: { state: string } }).auth?.state);
  expect(authStates).toEqual(expect.arrayContaining(['needs_sign_in', 'waiting_for_browser', 'signed_in']));

  // The tokens are in the secret store and nowhere else.
  const { tokens } = openOAuthSessionStore(stores.secrets).load(f.url);
  const secrets = [tokens!.access_token, tokens!.refresh_token!];
  const log = JSON.stringify(await call('mcp.server_log', { id }));
  for (const file of readdirSync(dir).filter((name) => name !== 'secrets.json')) {
    const text = readFileSync(path.join(dir, file), 'utf8');
    for (const secret of secrets) expect(text, file).not.toContain(secret);
  }
  for (const secret of secrets) {
    expect(log).not.toContain(secret);
    expect(JSON.stringify(events)).not.toContain(secret);
    expect(JSON.stringify(await call('mcp.list', {}))).not.toContain(secret);
  }

  expect(await call('mcp.auth_signout', { id })).toMatchObject({ ok: true, data: { id, state: 'disconnected', auth: { state: 'needs_sign_in' } } });
  expect(readFileSync(path.join(dir, 'secrets.json'), 'utf8')).not.toContain('oauth:');
});

it('a pre-registered client: its secret is stored by reference and masked, and used to sign in', async () => {
  const { call, stores } = await setUp({ registration: 'preregistered', authMethod: 'client_secret_post', clientId: 'elftia-pre', clientSecret: 'pre-secret-value-42' });
  const added = await call('mcp.add', {
    name: 'pre',
    type: 'http',
    isActive: true,
    config: { url: fixture!.url, oauth: { clientId: 'elftia-pre', clientSecret: 'pre-secret-value-42' } },
  });
  const id = (added as { ok: true; data: { server: { id: string; config: { oauth: { clientSecret: string } } } } }).data.server.id;
  expect(JSON.stringify(added)).not.toContain('pre-secret-value-42');
  expect(readFileSync(stores.configStore.path, 'utf8')).not.toContain('pre-secret-value-42');
  await call('mcp.auth_start', { id });
  await services!.mcpService.signInSettled(id);
  expect(fixture!.log.registrations).toHaveLength(0);
  expect(await call('mcp.call_tool', { serverId: id, toolName: 'echo', args: { text: 'pre' } })).toMatchObject({ ok: true });
});

it('step-up: a call refused with 403 insufficient_scope asks for the wider scope, then works', async () => {
  const { fixture: f, call, id, s } = await setUp({ scopes: 'mcp:read', stepUpScope: 'mcp:write' });
  await call('mcp.auth_start', { id });
  await s.mcpService.signInSettled(id);
  expect(await call('mcp.call_tool', { serverId: id, toolName: 'echo', args: { text: 'x' } })).toMatchObject({
    ok: false,
    error: { code: 'AUTH_REQUIRED', data: { scope: 'mcp:read mcp:write' } },
  });
  expect(await call('mcp.status', {})).toMatchObject({ ok: true, data: [{ auth: { state: 'needs_sign_in', failure: { data: { scope: 'mcp:read mcp:write' } } } }] });
  await call('mcp.auth_start', { id });
  await s.mcpService.signInSettled(id);
  expect(f.log.authorize.at(-1)?.scope).toBe('mcp:read mcp:write');
  expect(await call('mcp.call_tool', { serverId: id, toolName: 'echo', args: { text: 'wide' } })).toMatchObject({ ok: true });
});

it('step-up where the person is at the app: the call signs in again with the wider scope and goes through by itself', async () => {
  const { fixture: f, call, id, s } = await setUp({ scopes: 'mcp:read', stepUpScope: 'mcp:write' }, visit, true);
  await call('mcp.auth_start', { id });
  await s.mcpService.signInSettled(id);
  expect(f.log.authorize).toHaveLength(1);
  expect(await call('mcp.call_tool', { serverId: id, toolName: 'echo', args: { text: 'stepped up' } })).toMatchObject({
    ok: true,
    data: { content: [{ type: 'text', text: 'stepped up' }] },
  });
  expect(f.log.authorize.map((a) => a.scope)).toEqual(['mcp:read', 'mcp:read mcp:write']);
});

it('step-up is tried once per call: a server that still refuses gets its refusal returned, not another sign-in', async () => {
  const { fixture: f, call, id, s } = await setUp({ scopes: 'mcp:read admin', challengeScope: 'mcp:read', toolScopes: 'echo=admin', withheldScopes: 'admin' }, visit, true);
  await call('mcp.auth_start', { id });
  await s.mcpService.signInSettled(id);
  expect(await call('mcp.call_tool', { serverId: id, toolName: 'echo', args: { text: 'x' } })).toMatchObject({
    ok: false,
    error: { code: 'AUTH_REQUIRED', data: { scope: 'mcp:read admin', reason: 'insufficient_scope' } },
  });
  expect(f.log.authorize.map((a) => a.scope)).toEqual(['mcp:read', 'mcp:read admin']);
});

it('a sign-in whose browser never comes back can be cancelled; a mismatched resource fails clearly', async () => {
  const { call, id } = await setUp({}, async () => undefined);
  expect(await call('mcp.auth_start', { id })).toMatchObject({ ok: true, data: { state: 'waiting_for_browser' } });
  expect(await call('mcp.auth_cancel', { id })).toMatchObject({ ok: true });
  await services!.mcpService.signInSettled(id);
  expect(await call('mcp.status', {})).toMatchObject({ ok: true, data: [{ auth: { state: 'needs_sign_in' } }] });
  await services!.dispose();
  await fixture!.close();
  rmSync(dir, { recursive: true, force: true });

  const mismatch = await setUp({ resourceMismatch: true });
  await expect.poll(async () => JSON.stringify(await mismatch.call('mcp.status', {}))).toContain('AUTH_RESOURCE_MISMATCH');
  expect(await mismatch.call('mcp.auth_start', { id: mismatch.id })).toMatchObject({ ok: false, error: { code: 'AUTH_RESOURCE_MISMATCH' } });
  expect(mismatch.fixture.log.token).toHaveLength(0);
});

it('WebSocket has no standard sign-in', async () => {
  const { call } = await setUp();
  const added = await call('mcp.add', { name: 'ws', type: 'websocket', isActive: false, config: { url: 'ws://127.0.0.1:9/ws' } });
  const id = (added as { ok: true; data: { server: { id: string } } }).data.server.id;
  expect(await call('mcp.auth_start', { id })).toMatchObject({ ok: false, error: { code: 'AUTH_NOT_SUPPORTED' } });
});

it.each([
  ['a local file', 'file:///etc/passwd', 'scheme'],
  ['another app (a custom scheme)', 'x-custom-app://run?cmd=calc', 'scheme'],
  ['a Windows shell injection', 'https://x/a|calc', 'characters'],
  ['user-info disguising the host', 'https://accounts.example.com@evil.example/authorize', 'credentials'],
  ['plain http to another machine', 'http://evil.example/authorize', 'insecure_http'],
])('metadata naming %s as the sign-in page is refused, says which URL and why, and opens nothing', async (_what, endpoint, reason) => {
  const opened: string[] = [];
  const { call, id, events } = await setUp({ authorizationEndpoint: endpoint }, async (url) => void opened.push(url));
  const started = await call('mcp.auth_start', { id });
  expect(started).toMatchObject({ ok: false, error: { code: 'EXTERNAL_URL_REFUSED', data: { reason, url: expect.stringContaining(endpoint.slice(0, 14)) } } });
  await services!.mcpService.signInSettled(id);
  expect(opened).toEqual([]);
  // The UI is told the sign-in failed and why; no state ever carried the refused address to show as a link.
  expect(await call('mcp.status', {})).toMatchObject({ ok: true, data: [{ auth: { state: 'failed', failure: { code: 'EXTERNAL_URL_REFUSED', data: { reason } } } }] });
  expect(events.filter((e) => e.event === 'mcp.auth_state').map((e) => (e.payload as { auth?: { state: string } }).auth?.state)).not.toContain('waiting_for_browser');
});
