/** The pool routes and events end to end through createServices (real store, real stdio fixture). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { FIXTURE_SERVERS, assertNoChildren } from '@fixtures/servers/paths';
import { routes, type EventEnvelope } from '../../../shared/contracts/ipc';
import { openLocalStores } from '../appStores';
import { createServices, type Services } from '../createServices';

let services: Services;
let dir: string;

afterEach(async () => {
  await services.dispose();
  rmSync(dir, { recursive: true, force: true });
  await assertNoChildren();
});

it('serves the pool routes with contract-valid outputs and publishes the pool events', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-router-'));
  services = createServices({ ...openLocalStores(dir), fetch: globalThis.fetch });
  const events: EventEnvelope[] = [];
  services.onEvent((e) => events.push(e));
  const call = async (route: keyof typeof routes, input: unknown) => {
    const result = await services.router.dispatch(route, input);
    if (result.ok) routes[route].output.parse(result.data);
    return result;
  };

  const added = await call('mcp.add', { name: 'fx', type: 'stdio', isActive: false, config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } });
  const id = (added as { ok: true; data: { server: { id: string } } }).data.server.id;
  expect(await call('mcp.list_tools', { id })).toMatchObject({ ok: true });
  expect(await call('mcp.call_tool', { serverId: id, toolName: 'sleep', args: { ms: 50 }, callId: 'r1' })).toMatchObject({ ok: true, data: { callId: 'r1', isError: false } });
  expect(await call('mcp.call_tool', { serverId: id, toolName: 'stderr', args: { text: 'hello log' } })).toMatchObject({ ok: true });
  expect(await call('mcp.status', {})).toMatchObject({ ok: true, data: [{ id, state: 'connected' }] });
  expect(await call('mcp.discover', { id })).toMatchObject({ ok: true, data: { prompts: [{ name: 'greet' }] } });
  expect(await call('mcp.test', { id })).toMatchObject({ ok: true, data: { success: true } });
  expect(await call('mcp.cancel_call', { callId: 'nope' })).toEqual({ ok: true, data: { cancelled: false } });
  // The playground's Cancel: the route cancels the running call, and the server is told
  // (notifications/cancelled fires its handler's abort, which the fixture reports on stderr).
  const long = call('mcp.call_tool', { serverId: id, toolName: 'sleep', args: { ms: 20_000 }, callId: 'r2' });
  await expect.poll(() => events.some((e) => e.event === 'mcp.tool_progress' && e.payload.callId === 'r2')).toBe(true);
  expect(await call('mcp.cancel_call', { callId: 'r2' })).toEqual({ ok: true, data: { cancelled: true } });
  expect(await long).toMatchObject({ ok: false, error: { code: 'MCP_CANCELLED' } });
  await expect.poll(async () => JSON.stringify(await call('mcp.server_log', { id }))).toContain('sleep cancelled at step 1');
  // Activity: who made the call, and a link to what it returned.
  const r1 = events.find((e) => e.event === 'mcp.tool_called' && e.payload.callId === 'r1');
  expect(r1?.payload).toMatchObject({ serverId: id, toolName: 'sleep', success: true, origin: 'person' });
  expect(await call('mcp.call_record', { callId: 'r1' })).toMatchObject({
    ok: true,
    data: { callId: 'r1', serverId: id, toolName: 'sleep', origin: 'person', args: { ms: 50 }, result: { callId: 'r1', isError: false } },
  });
  expect(await call('mcp.call_record', { callId: 'never-made' })).toMatchObject({ ok: false, error: { code: 'CALL_RECORD_GONE', data: { callId: 'never-made' } } });
  expect(await call('mcp.list_all_tools', {})).toMatchObject({ ok: true, data: [] }); // inactive servers are not the agent's
  await expect.poll(async () => JSON.stringify(await call('mcp.server_log', { id }))).toContain('hello log');
  expect(await call('mcp.disconnect', { id })).toEqual({ ok: true, data: { id, state: 'disconnected', connectedAt: expect.any(Number) } });
  expect(await call('mcp.call_tool', { serverId: 'missing', toolName: 'echo' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  expect(await call('mcp.add_json', { json: '{"a":{"command":"x","disabled":true}}' })).toMatchObject({ ok: true, data: { success: true } });

  const names = new Set(events.map((e) => e.event));
  for (const name of ['mcp.connection_state', 'mcp.tool_called', 'mcp.tool_progress', 'mcp.server_log', 'mcp.servers_changed'] as const) {
    expect(names).toContain(name);
  }
});
