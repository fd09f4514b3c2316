/**
 * The lazy pool through the router, as the app uses it: opening the services and listing the
 * servers starts nothing; what was last seen of each server (its tools, how its last connect
 * ended) survives a restart in last-seen.json and is shown instead; "Check all" connects them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { RouteName, RouteOutput } from '../../../shared/contracts/ipc';
import { openLocalStores } from '../appStores';
import { createServices, type Services } from '../createServices';
import { LAST_SEEN_FILE_NAME } from '../capabilities/tools/mcp-users/LastSeenStore';
import { waitNoStrayChildren } from '@desktop-testing/McpService.testkit';
import { makeTempConfigDir } from '@desktop-testing/tempServices';

const dir = makeTempConfigDir();
const opened: Services[] = [];
let spawns = 0;

/** The services of the config folder as the app builds them (connect on add and all), counting the processes they start. */
function open(options: Parameters<typeof createServices>[1] = {}): Services {
  const services = createServices(
    { ...openLocalStores(dir), fetch: globalThis.fetch, processes: { track: () => void spawns++, untrack: () => undefined } },
    { connectTimeoutMs: 10_000, ...options },
  );
  opened.push(services);
  return services;
}

async function call<R extends RouteName>(services: Services, route: R, input: unknown = {}): Promise<RouteOutput<R>> {
  const result = await services.router.dispatch(route, input);
  if (!result.ok) throw new Error(`${route}: ${result.error.code} ${result.error.message}`);
  return result.data as RouteOutput<R>;
}

afterEach(async () => {
  for (const services of opened.splice(0)) await services.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
  expect(await waitNoStrayChildren()).toEqual([]);
});

it('opening the services and listing the servers starts no process; the last seen tools are shown, and Check all connects', { timeout: 60_000 }, async () => {
  const first = open({ connectOnAdd: false });
  const stdio = (name: string, env: Record<string, string> = {}) => ({ name, type: 'stdio', config: { command: process.execPath, args: [FIXTURE_SERVERS.slowStart], env } });
  for (const name of ['alpha', 'beta']) await call(first, 'mcp.add', stdio(name));
  await call(first, 'mcp.add', stdio('gamma', { FIXTURE_TOOLS: '3', API_KEY: 'sk-never-in-the-cache-0123456789' }));
  // The first run checks them all once, then quits.
  const checked = await call(first, 'mcp.test_all');
  expect(checked.map((c) => [c.name, c.result.success, c.result.tools.length])).toEqual([
    ['alpha', true, 2],
    ['beta', true, 2],
    ['gamma', true, 3],
  ]);
  await first.dispose();
  const file = path.join(dir, LAST_SEEN_FILE_NAME);
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.readFileSync(file, 'utf8')).not.toContain('sk-never-in-the-cache');

  // The next start: the list, the states and what was last seen, without starting anything.
  spawns = 0;
  const app = open();
  const servers = await call(app, 'mcp.list');
  const status = await call(app, 'mcp.status');
  const seen = await call(app, 'mcp.last_seen');
  expect(spawns).toBe(0);
  expect(status.map((s) => s.state)).toEqual(['disconnected', 'disconnected', 'disconnected']);
  expect(status.every((s) => s.connectedAt === undefined)).toBe(true);
  const byName = new Map(servers.map((s) => [s.name, seen.find((entry) => entry.serverId === s.id)]));
  expect(byName.get('gamma')?.tools?.list.map((t) => t.name)).toEqual(['echo_1', 'echo_2', 'echo_3']);
  expect(byName.get('gamma')?.tools?.list[0]).toEqual({ name: 'echo_1', description: 'Echoes its text (1)', annotations: { readOnlyHint: true } });
  expect(byName.get('alpha')?.outcome).toMatchObject({ ok: true });

  // The list's own question (tools of a server it believes connected) never starts one.
  const alpha = servers.find((s) => s.name === 'alpha')!;
  const listed = await app.router.dispatch('mcp.list_tools', { id: alpha.id, connect: false });
  expect(listed).toMatchObject({ ok: false, error: { code: 'MCP_NOT_CONNECTED', data: { serverName: 'alpha' } } });
  expect(spawns).toBe(0);

  // Something that needs the live servers connects them.
  const tools = await call(app, 'mcp.list_all_tools');
  expect(tools).toHaveLength(7);
  expect(spawns).toBe(3);
  expect((await call(app, 'mcp.list_tools', { id: alpha.id, connect: false })).map((t) => t.name)).toEqual(['echo_1', 'echo_2']);

  // A removed server's entry goes with it…
  const gamma = servers.find((s) => s.name === 'gamma')!;
  const gammaSeen = (await call(app, 'mcp.last_seen')).find((e) => e.serverId === gamma.id);
  expect(gammaSeen?.tools?.list).toHaveLength(3);
  await call(app, 'mcp.remove', { id: gamma.id });
  expect((await call(app, 'mcp.last_seen')).map((e) => e.serverId)).not.toContain(gamma.id);
  // …and "Undo" brings it back with the record, kept across a restart as before.
  await call(app, 'mcp.restore', { id: gamma.id });
  expect((await call(app, 'mcp.last_seen')).find((e) => e.serverId === gamma.id)).toEqual(gammaSeen);
  await app.dispose();
  expect((await call(open({ connectOnAdd: false }), 'mcp.last_seen')).find((e) => e.serverId === gamma.id)).toEqual(gammaSeen);
});
