/** Results over a transport's size limit (issue 7, item 14), against the real stdio fixture. */
import { afterEach, expect, it } from 'vitest';
import { FIXTURE_SERVERS, startHttpFixture, type RunningServer } from '@fixtures/servers/paths';
import { AppError } from '@shared/errors';
import { makeService, stdioInput, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';
import { MAX_STDIO_MESSAGE_BYTES } from './transports/jsonLines';

let h: Harness;
let remote: RunningServer | undefined;

afterEach(async () => {
  await h.dispose();
  await remote?.stop();
  remote = undefined;
  expect(await waitNoStrayChildren()).toEqual([]);
});

it('reports a stdio result over the limit as MCP_RESULT_TOO_LARGE, naming the limit, and keeps the connection', async () => {
  h = makeService({ connectOnAdd: false });
  const { server } = await h.service.add(stdioInput('big', FIXTURE_SERVERS.stdio, { FIXTURE_BIG_TOOL: '1' }));
  const id = server!.id;
  expect(textOf((await h.service.callTool(id, 'echo', { text: 'before' })).content)).toBe('before');

  const bytes = 12 * 1024 * 1024;
  const err = await h.service.callTool(id, 'big', { bytes }).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(AppError);
  const shape = (err as AppError).toShape();
  expect(shape).toMatchObject({
    code: 'MCP_RESULT_TOO_LARGE',
    data: { serverId: id, toolName: 'big', limitBytes: MAX_STDIO_MESSAGE_BYTES, limitMb: 10, connectionKept: true },
  });
  expect(shape.data?.sizeBytes).toBeGreaterThan(bytes);
  expect(shape.message).toContain(`${MAX_STDIO_MESSAGE_BYTES}`);

  // The same connection answers the next call: no reconnect, no second process.
  expect(textOf((await h.service.callTool(id, 'echo', { text: 'after' })).content)).toBe('after');
  expect(h.events.filter((e) => e.name === 'mcp.connection_state' && e.payload.state === 'connected')).toHaveLength(1);
  expect(h.service.statusOf(id).state).toBe('connected');
});

// The 10 MB limit is stdio's alone: fetch bodies and `ws` frames (100 MiB) carry such a result whole.
it.each([
  ['sse', 'sse'],
  ['http', 'http'],
  ['websocket', 'ws'],
] as const)('passes a result over the stdio limit whole over %s', async (type, kind) => {
  h = makeService({ connectOnAdd: false });
  remote = await startHttpFixture(kind, { FIXTURE_BIG_TOOL: '1' });
  const { server } = await h.service.add({ name: `big-${type}`, type, config: { url: remote.url.href } });
  const bytes = 12 * 1024 * 1024;
  const result = await h.service.callTool(server!.id, 'big', { bytes });
  expect(textOf(result.content)).toHaveLength(bytes);
});
