/** Events at the service boundary, counted while real servers talk to the pool. */
import { afterEach, describe, expect, it } from 'vitest';
import { EVERYTHING_BIN } from '@fixtures/servers/paths';
import { makeService, stdioInput, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';

let h: Harness;

afterEach(async () => {
  await h.dispose();
  expect(await waitNoStrayChildren()).toEqual([]);
});

it('coalesces the burst of tools/list_changed the reference server sends on connect into one tools:changed', async () => {
  h = makeService({ connectOnAdd: false });
  const { server } = await h.service.add({ name: 'everything', type: 'stdio', config: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] } });
  const changed = () => h.events.filter((e) => e.name === 'mcp.tools_changed' && e.payload.serverId === server!.id).length;
  // server-everything registers its conditional tools once initialized, one list_changed each;
  // they are sent before it answers the listing that follows the connect.
  await h.service.listServerTools(server!.id);
  await expect.poll(changed, { timeout: 15_000 }).toBeGreaterThan(0);
  // Another round trip and a generous pause: anything still on its way has landed by then.
  expect(textOf((await h.service.callTool(server!.id, 'echo', { message: 'hi' })).content)).toContain('hi');
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(changed()).toBe(1);
});

it("delivers a long tool's every progress report, the last one sent right before the result too, and each report restarts the call's timeout", async () => {
  h = makeService({ connectOnAdd: false });
  const { server } = await h.service.add({ name: 'everything', type: 'stdio', config: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] } });
  // 8 steps of 250 ms: 2 s in all, well over the 800 ms timeout, which only a report every step
  // keeps from firing. The reference server sends step 8's report and then, at once, its result.
  const result = await h.service.callTool(server!.id, 'trigger-long-running-operation', { duration: 2, steps: 8 }, 'long', { timeoutMs: 800 });
  expect(textOf(result.content)).toContain('Long running operation completed');
  const reports = h.events.flatMap((e) => (e.name === 'mcp.tool_progress' && e.payload.callId === 'long' ? [`${e.payload.progress}/${e.payload.total}`] : []));
  expect(reports).toEqual(['1/8', '2/8', '3/8', '4/8', '5/8', '6/8', '7/8', '8/8']);
});

describe("a server's log messages (notifications/message)", () => {
  const logLines = (serverId: string) => h.service.serverLog(serverId).flatMap((l) => (l.stream === 'log' ? [l.line] : []));

  it("shows the reference server's in its log, with level and logger, live too", async () => {
    h = makeService({ connectOnAdd: false });
    const { server } = await h.service.add({ name: 'everything', type: 'stdio', config: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] } });
    await h.service.listServerTools(server!.id);
    // server-everything asks for the roots 350 ms after initialize and logs what it got.
    const roots = 'info [everything-server] Roots updated: 0 root(s) received from client';
    await expect.poll(() => logLines(server!.id), { timeout: 5_000 }).toContain(roots);
    expect(h.events).toContainEqual(expect.objectContaining({ name: 'mcp.server_log', payload: expect.objectContaining({ stream: 'log', line: roots }) }));
  });

  it('asks for level info right after connect, and keeps a hostile message to one harmless line with its secrets hidden', async () => {
    h = makeService({ connectOnAdd: false });
    const secret = 'sk-fixture-log-secret-1234567890';
    const { server } = await h.service.add(stdioInput('logging', undefined, { FIXTURE_LOGGING: '1', API_KEY: secret }));
    // Below the level asked for: the server itself drops it (without logging/setLevel it would send it).
    await h.service.callTool(server!.id, 'log', { level: 'debug', data: 'chatter' });
    const data = { note: `\u001b]0;owned\u0007\u001b[2J${secret}\nforged line \u202e`, rows: Array.from({ length: 200 }, (_, i) => i) };
    await h.service.callTool(server!.id, 'log', { level: 'warning', logger: 'db\u001b[31m', data });
    // The fixture sends each message before it answers, so both have arrived.
    const [line, ...more] = logLines(server!.id);
    expect(more).toEqual([]);
    expect(line).toMatch(/^warning \[db\\u001b\[31m\] \{"note":"\\u001b\]0;owned\\u0007\\u001b\[2J/);
    expect(line).not.toContain(secret);
    expect(line).toContain('\\nforged line \\u202e');
    // eslint-disable-next-line no-control-regex -- no raw control character may be left
    expect(line).not.toMatch(/[\u0000-\u001f\u202e]/);
    expect(line!.endsWith('…')).toBe(true);
    expect(h.service.serverLog(server!.id).filter((l) => l.note?.code === 'LOG_LEVEL_NOT_SET')).toEqual([]);
  });
});
