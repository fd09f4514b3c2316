/**
 * What servers send, against the limits table (issue 26, item 8): a real stdio server
 * (e2e/fixtures/servers/oversized-server.mjs) lists a tool with a 3.9 MB name, one with a 100 K
 * description and one with a 20,000-property schema beside an ordinary `echo`, a 2 MB prompt
 * name, 1 MB of instructions and a 300 K server name. The oversized tools are reported as
 * invalid with the field and the limit, the server keeps its other tools, and nothing the host
 * answers or keeps carries what was over the limit.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { assertNoChildren, FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { RouteName, RouteOutput } from '../../../shared/contracts/ipc';
import { LIMITS } from '../../../shared/limits';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';

let services: TempServices;
beforeEach(() => {
  services = createTempServices(undefined, {}, { connectOnAdd: false });
});
afterEach(async () => {
  await services.cleanup();
  await assertNoChildren();
});

async function ok<R extends RouteName>(route: R, input: unknown): Promise<RouteOutput<R>> {
  const result = await services.router.dispatch(route, input);
  if (!result.ok) throw new Error(`${route}: ${result.error.code} ${result.error.message}`);
  return result.data as RouteOutput<R>;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

it('lists a 3.9 MB tool name, a 100 K description and a 20,000-property schema as invalid tools, and keeps echo', async () => {
  const { server } = await ok('mcp.add', { name: 'oversized', type: 'stdio', config: { command: process.execPath, args: [FIXTURE_SERVERS.oversized] } });
  const id = server!.id;

  const tested = await timed(() => ok('mcp.test', { id }));
  expect(tested.value).toMatchObject({ success: true, tools: ['echo'] });
  expect(tested.value.invalidTools).toEqual([
    { name: `${'x'.repeat(64)}…`, message: 'name: at most 256 characters (got 3,900,000)' },
    { name: 'wordy', message: 'description: at most 65,536 characters (got 100,000)' },
    { name: 'sprawling', message: expect.stringMatching(/^inputSchema: at most 262,144 characters as JSON \(got \d{3},\d{3}\)$/) },
  ]);
  // What a person waits for and what crosses to the window stay small: the limits hold before anything is kept.
  expect(tested.ms).toBeLessThan(10_000);
  expect(JSON.stringify(tested.value).length).toBeLessThan(2_000);

  const discovered = await timed(() => ok('mcp.discover', { id }));
  const { tools, invalidTools, prompts, resources, instructions, serverInfo } = discovered.value;
  expect(tools.map((t) => t.name)).toEqual(['echo']);
  expect(invalidTools.map((t) => t.name)).toEqual(tested.value.invalidTools.map((t) => t.name));
  expect(prompts.map((p) => p.name)).toEqual(['greet']);
  expect(resources.map((r) => r.name)).toEqual(['readme']);
  // Instructions and the server's name are kept cut to their limits, marked as cut.
  expect(instructions).toBe(`${'i'.repeat(LIMITS.serverInstructions.max)}…`);
  expect(serverInfo).toEqual({ name: `${'n'.repeat(LIMITS.serverInfo.max)}…`, version: '1.0.0' });
  expect(JSON.stringify(discovered.value).length).toBeLessThan(LIMITS.serverInstructions.max + 5_000);
  expect(discovered.ms).toBeLessThan(10_000);

  // The server keeps working, and what the host noted about it is a line, not the name.
  const call = await ok('mcp.call_tool', { serverId: id, toolName: 'echo', args: { text: 'still here' } });
  expect(call.content).toEqual([{ type: 'text', text: 'still here' }]);
  expect((await ok('mcp.list_tools', { id })).map((t) => t.name)).toEqual(['echo']);
  const { lines } = await ok('mcp.server_log', { id });
  const skipped = lines.filter((l) => l.line.startsWith('Skipped tool'));
  expect(skipped.length).toBeGreaterThan(0);
  for (const { line } of lines) expect(line.length).toBeLessThan(1_000);
});
