/**
 * The registry client and service against the stand-in registry (e2e/fixtures/registry): the real
 * API's shape over real HTTP on 127.0.0.1, one server for the file.
 */
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRegistryServer, type RegistryServer } from '@fixtures/registry/registryServer';
import { FIXTURE_VERSIONS } from '@fixtures/registry/entries';
import type { RegistrySource } from '@shared/contracts/registry';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { RegistryClient } from './RegistryClient';

let registry: RegistryServer;
let source: RegistrySource;
beforeAll(async () => {
  registry = await startRegistryServer();
  source = { id: 'official', name: 'Stand-in', url: registry.url, enabled: true };
});
afterAll(() => registry.close());

/** A port nothing listens on (one the system just handed out and took back). */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
const client = (options: Partial<ConstructorParameters<typeof RegistryClient>[0]> = {}) => new RegistryClient({ fetch, cacheMs: 0, ...options });
const codeOf = async (promise: Promise<unknown>) => promise.then(
  () => undefined,
  (err: { code: string; data: unknown }) => ({ code: err.code, data: err.data }),
);

describe('RegistryClient', () => {
  it('follows opaque cursors (URL-encoded) to the end, including the empty page after a full last page', async () => {
    const c = client();
    const latest = FIXTURE_VERSIONS.filter((v) => v._meta?.['io.modelcontextprotocol.registry/official']?.isLatest).length;
    const names: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    let invalid = 0;
    do {
      const page = await c.list(source, { limit: 3, cursor, latest: true });
      names.push(...page.servers.map((s) => s.server.name));
      invalid += page.invalid.length;
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(names).toHaveLength(latest);
    expect(new Set(names).size).toBe(latest);
    expect(invalid).toBe(1);
    expect(pages).toBe(Math.ceil((latest + 1) / 3));
    // Every row on one full page: the registry still hands out a cursor, and its page is empty.
    const full = await c.list(source, { limit: latest + 1, latest: true });
    expect(full.servers.length + full.invalid.length).toBe(latest + 1);
    expect(full.nextCursor).toBeDefined();
    expect(await c.list(source, { limit: latest + 1, cursor: full.nextCursor, latest: true })).toEqual({ servers: [], invalid: [] });
    expect(registry.requests.some((r) => /cursor=[^&]*%2B|cursor=[^&]*%3D|cursor=[^&]*%2F/.test(r))).toBe(true);
  });

  it('searches name and description without case, and asks for latest versions only', async () => {
    const page = await client().list(source, { search: 'WEATHER', latest: true });
    // "random weather" is in the NuGet sample's description.
    expect(page.servers.map((s) => s.server.name).sort()).toEqual(['io.github.example/old-weather', 'io.github.example/weather-mcp', 'io.github.joelverhagen/knapcode-samplemcpserver']);
    const byDescription = await client().list(source, { search: 'natural language', latest: true });
    expect(byDescription.servers.map((s) => s.server.name)).toEqual(['io.github.github/github-mcp-server']);
    const all = await client().list(source, { search: 'brave', latest: false });
    expect(all.servers.map((s) => s.server.version)).toEqual(['2.0.10', '2.0.3', '2.0.9']);
  });

  it('takes the latest version from the registry (isLatest), not from the order of rows, with the name URL-encoded', async () => {
    const c = client();
    expect((await c.server(source, 'io.github.brave/brave-search-mcp-server')).server.version).toBe('2.0.10');
    expect((await c.server(source, 'io.github.brave/brave-search-mcp-server', '2.0.3')).server.version).toBe('2.0.3');
    expect(registry.requests).toContain('/v0.1/servers/io.github.brave%2Fbrave-search-mcp-server/versions/latest');
    expect((await c.versions(source, 'io.github.brave/brave-search-mcp-server')).servers).toHaveLength(3);
  });

  it('turns problem+json answers into codes naming the registry and what failed', async () => {
    expect(await codeOf(client().list(source, { limit: 500, latest: true }))).toMatchObject({
      code: 'REGISTRY_REQUEST_FAILED',
      data: { registry: 'Stand-in', status: 422, detail: 'Unprocessable Entity: limit must be between 1 and 100' },
    });
    expect(await codeOf(client().server(source, 'io.github.nobody/nothing'))).toEqual({ code: 'REGISTRY_SERVER_NOT_FOUND', data: { registry: 'Stand-in', name: 'io.github.nobody/nothing' } });
    expect(await codeOf(client().server(source, 'io.github.brave/brave-search-mcp-server', '9.9.9'))).toMatchObject({ code: 'REGISTRY_SERVER_NOT_FOUND', data: { version: '9.9.9' } });
    const closed = await closedPort();
    expect(await codeOf(client().list({ ...source, url: `http://127.0.0.1:${closed}` }, { latest: true }))).toMatchObject({
      code: 'REGISTRY_UNREACHABLE',
      data: { registry: 'Stand-in', url: `http://127.0.0.1:${closed}/v0.1/servers?version=latest`, cause: 'ECONNREFUSED' },
    });
  });

  it('stops reading an answer past its size limit', async () => {
    expect(await codeOf(client({ maxBytes: 100_000 }).server(source, 'io.github.evil/\u202egpj.exe'))).toMatchObject({
      code: 'REGISTRY_BAD_RESPONSE',
      data: { registry: 'Stand-in', detail: 'more than 100000 bytes' },
    });
    expect((await client().server(source, 'io.github.evil/\u202egpj.exe')).server.version).toBe('6.6.6');
  });

  it('falls back to /v0 on a sub-registry without /v0.1, and remembers it', async () => {
    const v0 = await startRegistryServer({ v0Only: true });
    try {
      const c = client();
      const sub = { ...source, url: `${v0.url}/` };
      expect((await c.server(sub, 'io.github.modelcontextprotocol/everything')).server.name).toBe('io.github.modelcontextprotocol/everything');
      expect((await c.list(sub, { limit: 2, latest: true })).servers).toHaveLength(2);
      expect(v0.requests).toEqual([
        '/v0.1/servers/io.github.modelcontextprotocol%2Feverything/versions/latest',
        '/v0.1/servers?limit=1',
        '/v0/servers/io.github.modelcontextprotocol%2Feverything/versions/latest',
        '/v0/servers?limit=2&version=latest',
      ]);
    } finally {
      await v0.close();
    }
  });

  it('times out a slow registry, and serves a repeated question from its cache', async () => {
    const slow = await startRegistryServer({ delayMs: 2_000 });
    try {
      const started = Date.now();
      expect(await codeOf(client({ timeoutMs: 200 }).list({ ...source, url: slow.url }, { latest: true }))).toMatchObject({ code: 'REGISTRY_TIMEOUT', data: { seconds: 0.2 } });
      expect(Date.now() - started).toBeLessThan(1_500);
      slow.set({ delayMs: 0 });
      const cached = new RegistryClient({ fetch });
      await cached.list({ ...source, url: slow.url }, { latest: true, limit: 5 });
      const asked = slow.requests.length;
      await cached.list({ ...source, url: slow.url }, { latest: true, limit: 5 });
      expect(slow.requests.length).toBe(asked);
    } finally {
      await slow.close();
    }
  });
});

describe('registry routes', () => {
  let services: TempServices;
  beforeAll(() => {
    services = createTempServices(undefined, { registryUrl: registry.url }, { connectOnAdd: false });
  });
  afterAll(() => services.cleanup());
  const call = async (route: string, input: unknown) => services.router.dispatch(route, input);

  it('search hides deleted entries and says which are deprecated, remote or need a key', async () => {
    const result = await call('registry.search', { limit: 100 });
    expect(result.ok).toBe(true);
    const { entries, invalid } = (result as { data: { entries: { name: string; status: string; needsKey: boolean; remoteTypes: string[] }[]; invalid: unknown[] } }).data;
    expect(entries.map((e) => e.name)).not.toContain('io.github.example/removed');
    expect(entries.find((e) => e.name === 'io.github.example/old-weather')?.status).toBe('deprecated');
    expect(entries.find((e) => e.name === 'io.github.brave/brave-search-mcp-server')).toMatchObject({ needsKey: true });
    expect(entries.find((e) => e.name === 'io.modelcontextprotocol.anonymous/hybrid-mcp')?.remoteTypes).toEqual(['sse', 'streamable-http']);
    expect(invalid).toEqual([{ name: 'io.github.example/broken', reason: expect.stringContaining('default') }]);
  });

  it('show lists versions and every package or remote with its inputs or why it is skipped', async () => {
    const result = await call('registry.show', { name: 'io.modelcontextprotocol.anonymous/hybrid-mcp' });
    expect(result).toMatchObject({
      ok: true,
      data: {
        entry: { version: '1.5.0', status: 'active' },
        versions: [{ version: '1.5.0', isLatest: true }],
        options: [
          { kind: 'package', type: 'mcpb', inputs: [] },
          { kind: 'remote', type: 'sse', inputs: [{ key: 'X-API-Key', isSecret: true, isRequired: true }, { key: 'X-Region', default: 'us-east-1' }] },
          { kind: 'remote', type: 'streamable-http', inputs: [{ key: 'tenant', place: 'variable' }] },
        ],
      },
    });
  });

  it('install refuses a missing required input by name, and an input the entry does not have', async () => {
    expect(await call('registry.install', { name: 'io.github.brave/brave-search-mcp-server' })).toMatchObject({ ok: false, error: { code: 'REGISTRY_INPUT_REQUIRED', data: { input: 'BRAVE_API_KEY' } } });
    expect(await call('registry.install', { name: 'io.github.brave/brave-search-mcp-server', inputs: { BRAVE_KEY: 'x' } })).toMatchObject({ ok: false, error: { code: 'REGISTRY_INPUT_INVALID', data: { input: 'BRAVE_KEY' } } });
    expect(await call('registry.install', { name: 'io.github.evil/\u202egpj.exe', remote: 0, inputs: { 'X-Api-Key': 'k-12345678' } })).toMatchObject({ ok: false, error: { code: 'REGISTRY_INSECURE_REMOTE' } });
  });

  it('install saves the server inactive with its origin, keeps the key out of the config file, and reviews like an install link; updates sees a newer version', async () => {
    const result = await call('registry.install', { name: 'io.github.brave/brave-search-mcp-server', version: '2.0.3', inputs: { BRAVE_API_KEY: 'bsk-secret-value-1234' } });
    expect(result).toMatchObject({
      ok: true,
      data: {
        origin: { registryUrl: registry.url, name: 'io.github.brave/brave-search-mcp-server', version: '2.0.3', kind: 'package', index: 0 },
        review: { type: 'stdio', command: 'npx', args: ['-y', '@brave/brave-search-mcp-server@2.0.3'], env: [{ name: 'BRAVE_API_KEY', secret: true }], risky: false },
        flags: [{ flag: 'not_latest', subject: '2.0.3' }],
      },
    });
    const { serverId, review } = (result as { data: { serverId: string; review: { reviewToken: string } } }).data;
    expect(fs.readFileSync(services.configPath, 'utf8')).not.toContain('bsk-secret-value-1234');
    expect(await call('mcp.update', { id: serverId, updates: { isActive: true } })).toMatchObject({ ok: false, error: { code: 'ACTIVATION_NEEDS_REVIEW' } });
    expect(await call('registry.updates', {})).toMatchObject({ ok: true, data: [{ serverId, latest: '2.0.10', updateAvailable: true }] });
    expect(await call('mcp.activate', { id: serverId, reviewToken: review.reviewToken })).toMatchObject({ ok: true });
  });

  it('a hostile entry: its risky env defaults make the review ask for the second confirmation', async () => {
    const result = await call('registry.install', { name: 'io.github.evil/\u202egpj.exe', package: 'npm' });
    expect(result).toMatchObject({ ok: true, data: { review: { risky: true, name: expect.stringContaining('\\u001b') } } });
    const { data } = result as { data: { serverId: string; review: { reviewToken: string }; flags: { flag: string }[] } };
    expect(data.flags.map((f) => f.flag)).toEqual(expect.arrayContaining(['description_cut', 'controls_in_text', 'code_risk_env']));
    expect(await call('mcp.activate', { id: data.serverId, reviewToken: data.review.reviewToken })).toMatchObject({ ok: false, error: { code: 'ACTIVATION_RISK_NOT_ACKNOWLEDGED' } });
  });

  it('update: the review of the rebuilt record first, nothing written; applied with its token, the key kept without asking; a stale token or a new required input changes nothing', async () => {
    const key = 'bsk-update-key-5150';
    const installed = await call('registry.install', { name: 'io.github.brave/brave-search-mcp-server', version: '2.0.3', serverName: 'brave update', inputs: { BRAVE_API_KEY: key } });
    const { serverId, review: first } = (installed as { data: { serverId: string; review: { reviewToken: string } } }).data;
    expect(await call('mcp.activate', { id: serverId, reviewToken: first.reviewToken })).toMatchObject({ ok: true });
    const before = await services.mcpService.get(serverId);

    const preview = await call('registry.update', { id: serverId });
    expect(preview).toMatchObject({
      ok: true,
      data: {
        applied: false,
        previousVersion: '2.0.3',
        origin: { version: '2.0.10', kind: 'package', index: 0 },
        review: { args: ['-y', '@brave/brave-search-mcp-server@2.0.10'], env: [{ name: 'BRAVE_API_KEY', secret: true }] },
        inputs: [{ key: 'BRAVE_API_KEY', isSecret: true }],
      },
    });
    expect(await services.mcpService.get(serverId)).toEqual(before);
    expect(await call('registry.update', { id: serverId, reviewToken: 'f'.repeat(64) })).toMatchObject({ ok: false, error: { code: 'ACTIVATION_REVIEW_STALE' } });
    expect(await services.mcpService.get(serverId)).toEqual(before);

    const { review } = (preview as { data: { review: { reviewToken: string } } }).data;
    expect(await call('registry.update', { id: serverId, reviewToken: review.reviewToken })).toMatchObject({ ok: true, data: { applied: true } });
    const after = await services.mcpService.get(serverId);
    expect(after).toMatchObject({ isActive: true, isTrusted: false, installSource: 'protocol', config: { args: ['-y', '@brave/brave-search-mcp-server@2.0.10'], env: { BRAVE_API_KEY: key } }, registryOrigin: { version: '2.0.10' } });
    expect(fs.readFileSync(services.configPath, 'utf8')).not.toContain(key);

    // 2.1.0 asks for a region the older ones did not: refused by name until given, and nothing changes meanwhile.
    const [newest] = FIXTURE_VERSIONS.filter((v) => v.server.name === 'io.github.brave/brave-search-mcp-server' && v.server.version === '2.0.10');
    const pkg = (newest!.server.packages as Record<string, unknown>[])[0]!;
    const next = {
      server: { ...newest!.server, version: '2.1.0', packages: [{ ...pkg, version: '2.1.0', environmentVariables: [...(pkg.environmentVariables as unknown[]), { name: 'BRAVE_REGION', isRequired: true }] }] },
      _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: true } },
    };
    registry.set({ versions: [...FIXTURE_VERSIONS.map((v) => (v === newest ? { ...v, _meta: { 'io.modelcontextprotocol.registry/official': { status: 'active', isLatest: false } } } : v)), next] });
    try {
      expect(await call('registry.update', { id: serverId, version: '2.1.0' })).toMatchObject({ ok: false, error: { code: 'REGISTRY_INPUT_REQUIRED', data: { input: 'BRAVE_REGION', secret: false } } });
      expect(await call('registry.update', { id: serverId, inputs: { BRAVE_REGON: 'eu' } })).toMatchObject({ ok: false, error: { code: 'REGISTRY_INPUT_INVALID', data: { input: 'BRAVE_REGON' } } });
      expect(await services.mcpService.get(serverId)).toEqual(after);
      const withRegion = await call('registry.update', { id: serverId, version: '2.1.0', inputs: { BRAVE_REGION: 'eu' } });
      expect(withRegion).toMatchObject({ ok: true, data: { origin: { version: '2.1.0' }, review: { env: [{ name: 'BRAVE_API_KEY', secret: true }, { name: 'BRAVE_REGION', value: 'eu' }] } } });
    } finally {
      registry.set({ versions: FIXTURE_VERSIONS });
    }
    const manual = await call('mcp.add', { name: 'by hand', type: 'stdio', config: { command: 'node' }, isActive: false });
    const manualId = (manual as { data: { server: { id: string } } }).data.server.id;
    expect(await call('registry.update', { id: manualId })).toMatchObject({ ok: false, error: { code: 'REGISTRY_NOT_INSTALLED_FROM', data: { name: 'by hand' } } });
  });

  it('registries are settings: the official one from ELFTIA_REGISTRY_URL, others saved, a disabled one refused by name', async () => {
    const saved = await call('registry.save', { officialEnabled: true, others: [{ id: 'company', name: 'Company', url: 'http://127.0.0.1:1', enabled: false }] });
    expect(saved).toMatchObject({ ok: true, data: { registries: [{ id: 'official', url: registry.url, enabled: true }, { id: 'company', enabled: false }] } });
    expect(await call('registry.search', { registry: 'company' })).toMatchObject({ ok: false, error: { code: 'REGISTRY_UNKNOWN', data: { registry: 'company' } } });
    // One URL twice (the official one's too, a trailing slash or capital letters aside) or one id twice: field issues naming the row.
    const twice = await call('registry.save', {
      officialEnabled: true,
      others: [
        { id: 'company', name: 'Company', url: 'http://127.0.0.1:1', enabled: false },
        { id: 'mirror', name: 'Mirror', url: `${registry.url.toUpperCase().replace('HTTP', 'http')}/`, enabled: true },
        { id: 'company', name: 'Again', url: 'https://registry.example.com', enabled: true },
      ],
    });
    expect(twice).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', data: { issues: [{ path: 'others.1.url' }, { path: 'others.2.id' }] } } });
    expect(await call('registry.list', {})).toMatchObject({ ok: true, data: { settings: saved.ok ? (saved as { data: { settings: unknown } }).data.settings : undefined } });
  });
});
