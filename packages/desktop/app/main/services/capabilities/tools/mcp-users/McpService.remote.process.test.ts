/**
 * McpService over SSE, Streamable HTTP and WebSocket against the fixture servers (in-process, on
 * 127.0.0.1 with port 0), and against the official server-everything over stdio, SSE and
 * Streamable HTTP (child processes).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '@fixtures/servers/http-server.mjs';
import { startEverything, startHttpFixture, type RunningServer } from '@fixtures/servers/paths';
import { startSseServer } from '@fixtures/servers/sse-server.mjs';
import { startWsServer } from '@fixtures/servers/ws-server.mjs';
import type { McpServerInput, McpServerTransport } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import { makeService, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';

let h: Harness;
let fetchCalls = 0;
const countingFetch: typeof fetch = (input, init) => {
  fetchCalls += 1;
  return fetch(input, init);
};

afterEach(async () => {
  await h.dispose();
  expect(await waitNoStrayChildren(everything.map((e) => e.child.pid ?? -1))).toEqual([]);
});

const FIXTURES = {
  sse: { start: startSseServer, path: '/sse', scheme: 'http' },
  http: { start: startHttpServer, path: '/mcp', scheme: 'http' },
  websocket: { start: startWsServer, path: '/ws', scheme: 'ws' },
} as const;

describe.each(Object.keys(FIXTURES) as (keyof typeof FIXTURES)[])('McpService over %s', (type) => {
  let fixture: { port: number; close(): Promise<void> };
  let input: McpServerInput;
  beforeAll(async () => {
    fixture = await FIXTURES[type].start({ port: 0 });
    const { scheme, path: p } = FIXTURES[type];
    input = {
      name: `fixture-${type}`,
      type: type satisfies McpServerTransport,
      isActive: false,
      config: { url: `${scheme}://127.0.0.1:${fixture.port}${p}`, headers: { 'X-Elftia-Test': 'yes', Authorization: 'Bearer secret-token-123' } },
    };
  });
  afterAll(() => fixture.close());

  it('connects, lists, calls and sends the configured headers', async () => {
    fetchCalls = 0;
    h = makeService({ fetch: countingFetch });
    const { server } = await h.service.add(input);
    const tools = await h.service.listServerTools(server!.id);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'add', 'headers']));
    expect(textOf((await h.service.callTool(server!.id, 'echo', { text: 'over the wire' })).content)).toBe('over the wire');
    const headers = JSON.parse(textOf((await h.service.callTool(server!.id, 'headers')).content)) as Record<string, string>;
    expect(headers['x-elftia-test']).toBe('yes');
    if (type !== 'websocket') {
      expect(headers.authorization).toBe('Bearer secret-token-123');
      expect(fetchCalls).toBeGreaterThan(0); // the injected fetch port carries SSE/HTTP traffic
    }
  });

  it('forwards progress, cancels by callId and discovers prompts and resources', async () => {
    h = makeService();
    const { server } = await h.service.add(input);
    const outcome = h.service.callTool(server!.id, 'sleep', { ms: 20_000 }, 'c1').then(
      () => 'resolved',
      (err: unknown) => (err instanceof AppError ? err.code : String(err)),
    );
    await expect.poll(() => h.events.some((e) => e.name === 'mcp.tool_progress'), { timeout: 10_000 }).toBe(true);
    h.service.cancelCall('c1');
    expect(await outcome).toBe('MCP_CANCELLED');
    const found = await h.service.discover(server!.id);
    expect(found.prompts.map((p) => p.name)).toEqual(['greet']);
    expect(found.resources.map((r) => r.uri)).toEqual(['fixture://readme']);
  });

  it('drops its cache on tools/list_changed', async () => {
    h = makeService();
    const { server } = await h.service.add(input);
    await h.service.listServerTools(server!.id);
    const added = textOf((await h.service.callTool(server!.id, 'add_tool')).content);
    await expect.poll(() => h.events.some((e) => e.name === 'mcp.tools_changed')).toBe(true);
    expect((await h.service.listServerTools(server!.id)).map((t) => t.name)).toContain(added);
  });
});

describe('Streamable HTTP server restart', () => {
  it('reconnects once and retries a call whose session the server no longer knows', async () => {
    h = makeService();
    let fixture = await startHttpServer({ port: 0 });
    const port = fixture.port;
    const { server } = await h.service.add({ name: 'restarting', type: 'http', isActive: false, config: { url: `http://127.0.0.1:${port}/mcp` } });
    expect(textOf((await h.service.callTool(server!.id, 'echo', { text: 'before' })).content)).toBe('before');
    await fixture.close();
    fixture = await startHttpServer({ port });
    // No pause on purpose: fetch's pool still holds the old server's sockets, and both the retried
    // call and the reconnect must get past them.
    try {
      expect(textOf((await h.service.callTool(server!.id, 'echo', { text: 'after' })).content)).toBe('after');
      expect(h.events.filter((e) => e.name === 'mcp.connection_state' && e.payload.state === 'connected')).toHaveLength(2);
      expect(h.service.serverLog(server!.id).some((l) => l.line.includes('reconnecting once'))).toBe(true);
    } finally {
      await fixture.close();
    }
  });
});

/**
 * Fault journey 4 (once e2e/specs/faults-remote-restart.spec.ts; the recovery is the pool's, and
 * how the page shows a call and a state is proven by the other specs): a remote server is killed
 * and a new process started on the same port, as a supervisor does; the next call succeeds
 * without anyone pressing Reconnect (Streamable HTTP: the old session id is refused with 404 and a
 * new session opened; SSE: the old stream is gone).
 */
describe('a remote server killed and restarted on the same port while connected', () => {
  const SESSION_ID = /"mcp-session-id":\s*"([^"]+)"/;

  it.each(['http', 'sse'] as const)('over %s: the next call succeeds by itself', async (kind) => {
    h = makeService();
    let remote = await startHttpFixture(kind);
    try {
      const { server } = await h.service.add({ name: 'remote', type: kind, isActive: true, config: { url: remote.url.href } });
      const id = server!.id;
      // `headers` answers with the request headers the server saw, the session id among them.
      const call = async (): Promise<string> => {
        const result = kind === 'http' ? await h.service.callTool(id, 'headers', {}) : await h.service.callTool(id, 'echo', { text: `call ${Date.now()}` });
        expect(result.isError, textOf(result.content)).toBe(false);
        return textOf(result.content);
      };
      const before = SESSION_ID.exec(await call())?.[1];
      if (kind === 'http') expect(before).toBeTruthy();

      const exited = new Promise((resolve) => remote.child.once('exit', resolve));
      remote.child.kill('SIGKILL');
      await exited;
      remote = await startHttpFixture(kind, {}, remote.port);

      const after = SESSION_ID.exec(await call())?.[1];
      const states = h.events.filter((e) => e.name === 'mcp.connection_state').map((e) => (e.payload as { state: string }).state);
      expect(states.at(-1)).toBe('connected');
      if (kind === 'http') {
        expect(after).toBeTruthy();
        expect(after).not.toBe(before);
        // What happened is on record: the server's log has the host's note.
        expect(h.service.serverLog(id).some((l) => l.line.includes('reconnecting once'))).toBe(true);
      }
    } finally {
      await remote.stop();
    }
  });
});

const everything: RunningServer[] = [];

describe('@modelcontextprotocol/server-everything', () => {
  const bin = realpathSync(path.resolve('node_modules/.bin/mcp-server-everything'));
  beforeAll(async () => {
    everything.push(await startEverything('sse'), await startEverything('streamableHttp'));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(everything.map((e) => e.stop()));
    everything.length = 0;
  });

  it.each(['stdio', 'sse', 'http'] as const)('connects, lists, calls and discovers over %s', async (type) => {
    h = makeService({ connectTimeoutMs: 20_000 });
    const config =
      type === 'stdio'
        ? { command: process.execPath, args: [bin, 'stdio'] }
        : { url: everything[type === 'sse' ? 0 : 1]!.url.href };
    const { server } = await h.service.add({ name: `everything-${type}`, type, config, isActive: false });
    const tools = await h.service.listServerTools(server!.id);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
    const echoed = await h.service.callTool(server!.id, 'echo', { message: 'hi' });
    expect(echoed.isError).toBe(false);
    expect(textOf(echoed.content)).toContain('hi');
    const found = await h.service.discover(server!.id);
    expect(found.prompts.length).toBeGreaterThan(0);
    expect(found.resources.length).toBeGreaterThan(0);
    expect(found.errors).toEqual({});
  }, 60_000);
});
