/**
 * The limits table (shared/limits.ts) at the router's entrances (issue 26, item 8): a value over
 * a limit is VALIDATION_FAILED naming the field and the limit, and the config folder keeps every
 * byte it had. Through the same router the window (IPC), the browser host (HTTP) and the CLI use.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RouteName, RouteOutput } from '../../../shared/contracts/ipc';
import { limitMessage, LIMITS, type LimitName } from '../../../shared/limits';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { snapshot } from '@desktop-testing/fuzzTestkit';

let services: TempServices;
beforeEach(async () => {
  services = createTempServices(undefined, {}, { connectOnAdd: false });
  // Something to lose: every refused write below must leave this record's bytes as they were.
  await ok('mcp.add', { name: 'keep-me', type: 'stdio', config: { command: 'node', env: { KEEP: 'kept-value' } }, isActive: false });
});
afterEach(() => services.cleanup());

async function ok<R extends RouteName>(route: R, input: unknown): Promise<RouteOutput<R>> {
  const result = await services.router.dispatch(route, input);
  if (!result.ok) throw new Error(`${route}: ${result.error.code} ${result.error.message}`);
  return result.data as RouteOutput<R>;
}

interface Issue {
  path: string;
  message: string;
  limit?: { name: string; max: number; got: number; unit: string };
}

/** Dispatches, expects VALIDATION_FAILED and an unchanged config folder, and answers the issues. */
async function refused(route: RouteName, input: unknown): Promise<Issue[]> {
  const before = snapshot(services.configDir);
  const result = await services.router.dispatch(route, input);
  expect(snapshot(services.configDir)).toEqual(before);
  if (result.ok) throw new Error(`${route} was accepted`);
  expect(result.error.code).toBe('VALIDATION_FAILED');
  return result.error.data?.issues as Issue[];
}

const over = (name: LimitName, path: string, got: number): Issue => ({
  path,
  message: limitMessage(name, got),
  limit: { name, max: LIMITS[name].max, got, unit: LIMITS[name].unit },
});

const FIVE_MB = 5 * 1024 * 1024;
const stdio = (config: Record<string, unknown> = {}, name = 'big') => ({ name, type: 'stdio', config: { command: 'node', ...config }, isActive: false });
const manyEnv = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`V${i.toString(36)}`, '']));

describe('a server record over a limit', () => {
  it('refuses a 5 MB name on add, test and update, naming the field and the limit', async () => {
    const name = 'n'.repeat(FIVE_MB);
    expect(await refused('mcp.add', stdio({}, name))).toEqual([over('serverName', 'name', FIVE_MB)]);
    // The words every entrance uses (the CLI puts its flag in front, the UI its own language).
    expect((await refused('mcp.add', stdio({}, name)))[0]?.message).toBe('at most 200 characters (got 5,242,880)');
    expect(await refused('mcp.test', { server: stdio({}, name) })).toEqual([over('serverName', 'server.name', FIVE_MB)]);
    const [kept] = await ok('mcp.list', {});
    expect(await refused('mcp.update', { id: kept!.id, updates: { name } })).toEqual([over('serverName', 'updates.name', FIVE_MB)]);
  });

  it('takes a name at the limit', async () => {
    await ok('mcp.add', stdio({}, 'n'.repeat(LIMITS.serverName.max)));
  });

  it('refuses 10,000 env entries, and each config field over its own limit', async () => {
    expect(await refused('mcp.add', stdio({ env: manyEnv(10_000) }))).toEqual([over('envCount', 'config.env', 10_000)]);
    const cases: [Record<string, unknown>, LimitName, string, number][] = [
      [{ command: 'c'.repeat(5000) }, 'command', 'config.command', 5000],
      [{ args: Array.from({ length: 1001 }, () => 'a') }, 'argCount', 'config.args', 1001],
      [{ args: ['ok', 'a'.repeat(40_000)] }, 'argLength', 'config.args.1', 40_000],
      [{ env: { ['K'.repeat(300)]: 'v' } }, 'envName', 'config.env', 300],
      [{ env: { BIG: 'v'.repeat(40_000) } }, 'envValue', 'config.env.BIG', 40_000],
    ];
    for (const [config, limit, path, got] of cases) expect(await refused('mcp.add', stdio(config))).toEqual([over(limit, path, got)]);
    const remote = (config: Record<string, unknown>) => ({ name: 'remote', type: 'http', config: { url: 'https://example.com/mcp', ...config }, isActive: false });
    expect(await refused('mcp.add', remote({ url: `https://example.com/${'p'.repeat(9000)}` }))).toEqual([over('url', 'config.url', 9020)]);
    expect(await refused('mcp.add', remote({ headers: manyEnv(101) }))).toEqual([over('headerCount', 'config.headers', 101)]);
    expect(await refused('mcp.add', remote({ headers: { 'X-Big': 'h'.repeat(9000) } }))).toEqual([over('headerValue', 'config.headers.X-Big', 9000)]);
  });

  it('refuses a record whose fields are each within their limits but whose whole is not', async () => {
    // 9 values of 30,000 characters: each under the Windows-sized variable limit, together over 256 KiB.
    const env = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`PART_${i}`, 'x'.repeat(30_000)]));
    const [issue] = await refused('mcp.add', stdio({ env }));
    expect(issue).toMatchObject({ path: '', limit: { name: 'record', max: LIMITS.record.max } });
    expect(issue!.limit!.got).toBeGreaterThan(LIMITS.record.max);
    expect(issue!.message).toMatch(/^the whole server is at most 262,144 characters as JSON \(got 270,\d{3}\)$/);
  });

  it('refuses an update whose changes are within the limit but whose merged record would not be', async () => {
    const [kept] = await ok('mcp.list', {});
    const parts = (n: number) => Array.from({ length: n }, () => 'y'.repeat(30_000));
    await ok('mcp.update', { id: kept!.id, updates: { config: { command: 'node', args: parts(8) } } });
    // 200 switched-off tool names of 200 characters: 40 K of changes on a 240 K record.
    const disabledTools = Array.from({ length: 200 }, (_, i) => `${i}`.padEnd(200, 't'));
    expect(await refused('mcp.update', { id: kept!.id, updates: { disabledTools } })).toMatchObject([{ path: '', limit: { name: 'record' } }]);
  });

  it('refuses a tool name over the limit on mcp.call_tool before looking for the server', async () => {
    const [kept] = await ok('mcp.list', {});
    const toolName = 't'.repeat(3_900_000);
    expect(await refused('mcp.call_tool', { serverId: kept!.id, toolName, args: {} })).toEqual([over('toolName', 'toolName', 3_900_000)]);
  });
});

describe('imports over a limit', () => {
  it('reports an entry with 10,000 env entries as invalid, naming the field and the limit, and writes nothing of it', async () => {
    const json = JSON.stringify({ mcpServers: { crowded: { command: 'node', env: manyEnv(10_000) }, fine: { command: 'node', disabled: true } } });
    const preview = await ok('mcp.import_preview', { json });
    expect(preview.entries[0]).toMatchObject({
      key: 'crowded',
      ok: false,
      issues: [{ path: 'env', message: 'at most 1,000 entries (got 10,000)', reason: 'limit', limit: { name: 'envCount', max: 1000, got: 10_000 } }],
    });
    const before = snapshot(services.configDir);
    const { results } = await ok('mcp.import', { json: JSON.stringify({ mcpServers: { crowded: { command: 'node', env: manyEnv(10_000) } } }) });
    expect(results).toMatchObject([{ key: 'crowded', outcome: 'invalid', message: 'config.env: at most 1,000 entries (got 10,000)' }]);
    expect(snapshot(services.configDir)).toEqual(before);
    // The other entry of the first text is still good.
    expect(preview.entries[1]).toMatchObject({ key: 'fine', ok: true });
  });

  it('refuses an import of more servers than the limit before reading them, and mcp.add_json too', async () => {
    const servers = Object.fromEntries(Array.from({ length: LIMITS.importServers.max + 1 }, (_, i) => [`s${i}`, { command: 'node', disabled: true }]));
    const json = JSON.stringify({ mcpServers: servers });
    for (const route of ['mcp.import', 'mcp.import_preview', 'mcp.add_json'] as const) {
      expect(await refused(route, { json })).toEqual([over('importServers', 'json', LIMITS.importServers.max + 1)]);
    }
  });

  it('refuses an import text over the limit, on mcp.add_json as on mcp.import', async () => {
    const json = JSON.stringify({ s: { command: 'node', args: ['a'.repeat(LIMITS.importText.max)] } });
    for (const route of ['mcp.import', 'mcp.add_json'] as const) {
      expect(await refused(route, { json })).toEqual([over('importText', 'json', json.length)]);
    }
  });
});

describe('install links over a limit', () => {
  const linkFor = (json: unknown) => `elftia://mcp/install?servers=${Buffer.from(JSON.stringify(json)).toString('base64url')}`;

  it('does not add a linked server with 4,000 env entries (what fits a 64 KiB link), naming the field and the limit', async () => {
    const link = linkFor({ mcpServers: { crowded: { command: 'node', env: manyEnv(4000) } } });
    const before = snapshot(services.configDir);
    const result = await ok('mcp.install_link', { url: link });
    expect(result).toMatchObject({ success: false, results: [{ name: 'crowded', success: false, message: 'config.env: at most 1,000 entries (got 4,000)' }] });
    expect(snapshot(services.configDir)).toEqual(before);
  });

  it('refuses a link with 10,000 env entries outright: no link that long is read', async () => {
    const issues = await refused('mcp.install_link', { url: linkFor({ mcpServers: { crowded: { command: 'node', env: manyEnv(10_000) } } }) });
    expect(issues).toEqual([{ path: 'url', message: 'The link is longer than 88,406 characters (got 131,657)' }]);
  });
});
