/**
 * A hosted (http) preset carries its key in a header (`Authorization: Bearer <key>` unless the
 * preset says otherwise), not in env. Installed with a provider's key and then moved to the
 * provider's new key with providers.apply_key, through the real routes and config files, against
 * the Streamable HTTP fixture behind a proxy that records the credential each request arrives with.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHttpServer, type FixtureHandle } from '@fixtures/servers/http-server.mjs';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import type { PresetInstallResult } from '@shared/contracts/presets';
import { OfficialMcpPresetSchema, presetDescriptionKey, type OfficialMcpPreset, type PresetApiKeyHeader } from '@shared/mcp-presets';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';

const FIRST_KEY = 'zk-first-key-0123456789';
const NEW_KEY = 'zk-rotated-key-9876543210';

/** Forwards to the fixture and keeps the header named `header` of every request. */
async function recordingProxy(target: number, header: string) {
  const seen: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    const value = req.headers[header.toLowerCase()];
    seen.push(Array.isArray(value) ? value.join(', ') : value);
    const upstream = http.request({ host: '127.0.0.1', port: target, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The preset schema wants https; the fixture speaks plain http on loopback, so the url is set after the parse. */
function headerPreset(url: string, apiKeyHeader?: PresetApiKeyHeader): OfficialMcpPreset {
  const parsed = OfficialMcpPresetSchema.parse({
    id: 'fixture-hosted',
    name: 'Fixture Hosted',
    provider: 'fixture',
    category: 'search',
    description: presetDescriptionKey('fixture-hosted'),
    tools: ['echo'],
    transportType: 'http',
    url: 'https://fixture.invalid/mcp',
    ...(apiKeyHeader ? { apiKeyHeader } : {}),
    requiresApiKey: true,
    linkedProviderIds: ['zai', 'zhipu'],
    icon: 'fixture',
  });
  return { ...parsed, url };
}

const CASES: { title: string; header?: PresetApiKeyHeader; name: string; sent: (key: string) => string }[] = [
  { title: 'Authorization: Bearer (the default)', name: 'Authorization', sent: (key) => `Bearer ${key}` },
  { title: 'a bare key in X-Api-Key', header: { name: 'X-Api-Key', scheme: null }, name: 'X-Api-Key', sent: (key) => key },
];

describe.each(CASES)('providers.apply_key for an http preset with $title', ({ header, name, sent }) => {
  let fixture: FixtureHandle;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let services: TempServices;
  beforeEach(async () => {
    fixture = await startHttpServer({ port: 0 });
    proxy = await recordingProxy(fixture.port, name);
    services = createTempServices(undefined, { presets: [headerPreset(proxy.url, header)] });
  });
  afterEach(async () => {
    await services.cleanup();
    await proxy.close();
    await fixture.close();
  });

  const dispatch = async <T>(route: string, input: unknown): Promise<T> => {
    const result = await services.router.dispatch(route, input);
    if (!result.ok) throw new Error(`${route}: ${JSON.stringify(result.error)}`);
    return result.data as T;
  };
  /** An update of a connected server reconnects it in the background; what it sends is asserted once that settled. */
  const settled = (id: string) => expect.poll(() => services.mcpService.statusOf(id).state, { timeout: 15_000 }).toBe('connected');
  const plainFiles = () =>
    fs
      .readdirSync(services.configDir)
      .filter((file) => file !== 'secrets.json')
      .map((file) => fs.readFileSync(`${services.configDir}/${file}`, 'utf8'))
      .join('\n');

  it('sends the new key with its scheme, keeps it masked in mcp.list and out of mcp-config.json', async () => {
    await dispatch('providers.set', { id: 'zai', apiKey: FIRST_KEY });
    const installed = await dispatch<PresetInstallResult>('presets.install', { presetId: 'fixture-hosted' });
    expect(installed).toMatchObject({ ok: true, keySource: 'provider', keyProviderId: 'zai', server: { type: 'http', keyLink: { providerId: 'zai', presetId: 'fixture-hosted' } } });
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(new Set(proxy.seen)).toEqual(new Set([sent(FIRST_KEY)]));

    // The person also sent a header of their own; a new key must not touch it.
    const { id } = installed.server;
    const current = await services.mcpService.get(id);
    await dispatch('mcp.update', { id, updates: { config: { ...current.config, headers: { ...current.config.headers, 'X-Trace': 'trace-me' } } } });
    await settled(id);

    await dispatch('providers.set', { id: 'zai', apiKey: NEW_KEY });
    expect(await dispatch('providers.linked_servers', { id: 'zai' })).toEqual([{ id, name: 'Fixture Hosted' }]);
    expect(await dispatch('providers.apply_key', { id: 'zai' })).toEqual({ updated: [{ id, name: 'Fixture Hosted' }], skipped: [] });
    await settled(id);

    const stored = await services.mcpService.get(id);
    expect(stored.config.headers).toEqual({ [name]: sent(NEW_KEY), 'X-Trace': 'trace-me' });
    expect(stored.config.url).toBe(proxy.url);

    // What the server receives on the next connection: the new key, with the scheme, once.
    proxy.seen.length = 0;
    await dispatch('mcp.reconnect', { id });
    await dispatch('mcp.list_tools', { id });
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(new Set(proxy.seen)).toEqual(new Set([sent(NEW_KEY)]));

    const [listed] = await dispatch<McpServerRecord[]>('mcp.list', {});
    expect(listed!.config.headers).toEqual({ [name]: '***', 'X-Trace': '***' });
    expect(JSON.stringify(listed)).not.toContain(NEW_KEY);
    expect(await dispatch('mcp.reveal_secrets', { id })).toMatchObject({ headers: { [name]: sent(NEW_KEY) } });

    const files = plainFiles();
    for (const key of [FIRST_KEY, NEW_KEY]) expect(files).not.toContain(key);
    expect(fs.readFileSync(services.configPath, 'utf8')).toContain('$secret:');
    expect(fs.readFileSync(`${services.configDir}/secrets.json`, 'utf8')).toContain(NEW_KEY);
    expect(fs.readFileSync(`${services.configDir}/secrets.json`, 'utf8')).not.toContain(FIRST_KEY);
  });

  it('replaces the key header whatever its case, instead of sending a second one beside it', async () => {
    await dispatch('providers.set', { id: 'zai', apiKey: FIRST_KEY });
    const { server } = await dispatch<PresetInstallResult>('presets.install', { presetId: 'fixture-hosted' });
    // Another client (or a hand edit) wrote the same header in lower case.
    const lower = name.toLowerCase();
    await dispatch('mcp.update', { id: server.id, updates: { config: { url: proxy.url, headers: { [lower]: sent(FIRST_KEY) } } } });
    await settled(server.id);

    await dispatch('providers.set', { id: 'zai', apiKey: NEW_KEY });
    expect(await dispatch('providers.apply_key', { id: 'zai' })).toMatchObject({ updated: [{ id: server.id }] });
    await settled(server.id);
    const headers = (await services.mcpService.get(server.id)).config.headers!;
    expect(Object.keys(headers).filter((h) => h.toLowerCase() === lower)).toHaveLength(1);
    expect(Object.values(headers)).toEqual([sent(NEW_KEY)]);

    proxy.seen.length = 0;
    await dispatch('mcp.reconnect', { id: server.id });
    await dispatch('mcp.list_tools', { id: server.id });
    expect(new Set(proxy.seen)).toEqual(new Set([sent(NEW_KEY)]));
  });
});
