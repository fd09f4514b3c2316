/**
 * What a failed connect tells the UI, against real fixture servers over real transports: the
 * stage, the hint code and the facts behind it (HTTP status, exit code, what a program printed
 * instead of MCP), on the error, on mcp.status and on the mcp.connection_state event.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '@fixtures/servers/http-server.mjs';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import { startSseServer } from '@fixtures/servers/sse-server.mjs';
import { startWsServer } from '@fixtures/servers/ws-server.mjs';
import type { McpServerInput } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import { makeService, stdioInput, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';

let h: Harness;
let http: { port: number; close(): Promise<void> };
let sse: { port: number; close(): Promise<void> };

beforeAll(async () => {
  [http, sse] = await Promise.all([startHttpServer({ port: 0 }), startSseServer({ port: 0 })]);
});
afterAll(() => Promise.all([http.close(), sse.close()]));
afterEach(async () => {
  await h.dispose();
  expect(await waitNoStrayChildren()).toEqual([]);
});

/** Adds the server (inactive, so only this connect runs), connects, and returns the error's code and data. */
async function failureOf(input: McpServerInput, options: Parameters<typeof makeService>[0] = {}) {
  h = makeService(options);
  const { server } = await h.service.add({ ...input, isActive: false });
  const error = await h.service.initClient(server!).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  const status = h.service.statusOf(server!.id);
  const event = h.events.findLast((e) => e.name === 'mcp.connection_state');
  // The same coded reason reaches mcp.status and the event the list listens to.
  expect(status.state).toBe('error');
  expect(status.failure).toEqual((error as AppError).toShape());
  expect(event?.payload).toMatchObject({ serverId: server!.id, state: 'error', failure: status.failure });
  return { code: (error as AppError).code, data: (error as AppError).data ?? {} };
}

const remote = (name: string, type: 'http' | 'sse', url: string): McpServerInput => ({ name, type, config: { url } });

describe('a failed connect explains itself', () => {
  it('a Streamable HTTP URL with a wrong path: HTTP 404, is the endpoint /mcp?', async () => {
    const { code, data } = await failureOf(remote('wrong-path', 'http', `http://127.0.0.1:${http.port}/api/v1`));
    expect(code).toBe('MCP_CONNECT_FAILED');
    expect(data).toMatchObject({ stage: 'reach', hint: 'endpointNotFound', httpStatus: 404, expectedPath: '/mcp', urlPath: '/api/v1', transport: 'http' });
  });

  it('SSE pointed at a Streamable HTTP server: suggests Streamable HTTP', async () => {
    const { data } = await failureOf(remote('sse-at-http', 'sse', `http://127.0.0.1:${http.port}/mcp`));
    expect(data).toMatchObject({ stage: 'reach', hint: 'sseTryHttp', httpStatus: 400 });
  });

  it('Streamable HTTP pointed at an SSE server: suggests SSE', async () => {
    const { data } = await failureOf(remote('http-at-sse', 'http', `http://127.0.0.1:${sse.port}/sse`));
    expect(data).toMatchObject({ stage: 'reach', hint: 'httpTrySse', httpStatus: 404 });
  });

  it('nothing listening: refused, with the address and never the query of the URL', async () => {
    const closed = await startHttpServer({ port: 0 });
    await closed.close();
    const { data } = await failureOf(remote('nobody', 'http', `http://127.0.0.1:${closed.port}/mcp?key=sk-secret`));
    expect(data).toMatchObject({ stage: 'reach', hint: 'refused', address: `127.0.0.1:${closed.port}`, causeCode: 'ECONNREFUSED' });
    expect(data.urlPath).toBe('/mcp');
    expect(JSON.stringify(data)).not.toMatch(/sk-secret/);
  });

  it('a program that exits at start: its exit code and its stderr', async () => {
    const { code, data } = await failureOf(stdioInput('exits', FIXTURE_SERVERS.exitAtStart));
    expect(code).toBe('MCP_CONNECT_FAILED');
    expect(data).toMatchObject({ stage: 'initialize', hint: 'exited', exitCode: 3, transport: 'stdio' });
    expect(data.stderrTail).toEqual(['fixture: FIXTURE_API_KEY is not set; get one at https://example.invalid/keys']);
  });

  it('a program that is not an MCP server: what it printed, and that it exited', async () => {
    const script = "console.log('Usage: not-mcp [options]'); console.log('  --help  show this')";
    const { data } = await failureOf({ name: 'not-mcp', type: 'stdio', config: { command: process.execPath, args: ['-e', script] } });
    expect(data).toMatchObject({ stage: 'initialize', hint: 'notMcpOutputExited', stdoutSample: 'Usage: not-mcp [options]', exitCode: 0 });
  });

  it('a program that prints non-JSON and never answers: what it printed, after the timeout', async () => {
    const script = "console.log('Listening on http://localhost:3000'); setInterval(() => {}, 1 << 30)";
    const { code, data } = await failureOf(
      { name: 'web-app', type: 'stdio', config: { command: process.execPath, args: ['-e', script] } },
      { connectTimeoutMs: 1_500 },
    );
    expect(code).toBe('MCP_TIMEOUT');
    expect(data).toMatchObject({ stage: 'initialize', hint: 'notMcpOutput', stdoutSample: 'Listening on http://localhost:3000', timeoutSeconds: 2 });
  });

  it('the garbage-stdout fixture still connects: noise before a real server is not a failure', async () => {
    h = makeService();
    const { server } = await h.service.add({ ...stdioInput('noisy', FIXTURE_SERVERS.garbageStdout), isActive: false });
    await h.service.initClient(server!);
    expect(h.service.statusOf(server!.id)).toEqual({ id: server!.id, state: 'connected', connectedAt: expect.any(Number) });
    // What it printed is in its log, for the person who wonders.
    expect(h.service.serverLog(server!.id).filter((l) => l.stream === 'stdout').map((l) => l.line)).toContain('Starting fixture server v1.0...');
  });

  it('a missing command: DEPS_MISSING at the spawn stage, with the command', async () => {
    const { code, data } = await failureOf({ name: 'missing', type: 'stdio', config: { command: 'elftia-no-such-command-xyz' } });
    expect(code).toBe('DEPS_MISSING');
    expect(data).toMatchObject({ stage: 'spawn', hint: 'commandMissing', command: 'elftia-no-such-command-xyz' });
  });
});

describe('a connection that drops says so, not that it failed to connect', () => {
  it('a stdio server that crashes mid-call: exitedWhileConnected with its exit code and last words, no connect stage', async () => {
    h = makeService();
    const { server } = await h.service.add({ ...stdioInput('crashes', FIXTURE_SERVERS.stdio, { FIXTURE_CRASH_STDERR: '1' }), isActive: false });
    await h.service.initClient(server!);
    await expect(h.service.callTool(server!.id, 'crash', {})).rejects.toMatchObject({ code: 'MCP_CONNECTION_CLOSED' });
    await expect.poll(() => h.service.statusOf(server!.id).state).toBe('error');
    const { failure } = h.service.statusOf(server!.id);
    expect(failure).toMatchObject({ code: 'MCP_CONNECTION_CLOSED', data: { hint: 'exitedWhileConnected', exitCode: 1, transport: 'stdio' } });
    expect(failure?.data?.stage).toBeUndefined();
    expect(failure?.data?.stderrTail).toEqual(expect.arrayContaining([expect.stringContaining('JavaScript heap out of memory')]));
  });

  // WebSocket: its close is the transport's end (an SSE stream reconnects by itself instead).
  it('a remote connection that closes: the code alone, no hint and no stage', async () => {
    const own = await startWsServer({ port: 0 });
    h = makeService();
    const { server } = await h.service.add({ name: 'drops', type: 'websocket', config: { url: `ws://127.0.0.1:${own.port}/ws` }, isActive: false });
    await h.service.initClient(server!);
    await own.close();
    await expect.poll(() => h.service.statusOf(server!.id).state).toBe('error');
    const { failure } = h.service.statusOf(server!.id);
    expect(failure).toMatchObject({ code: 'MCP_CONNECTION_CLOSED', data: { transport: 'websocket' } });
    expect(failure?.data?.hint).toBeUndefined();
    expect(failure?.data?.stage).toBeUndefined();
  });
});
