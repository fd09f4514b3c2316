/** Bad and hostile input: every failure is an AppError code, and no process is left behind. */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import { AppError } from '@shared/errors';
import { makeService, stdioInput, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';

let h: Harness;

afterEach(async () => {
  await h.dispose();
  expect(await waitNoStrayChildren()).toEqual([]);
});

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw new Error(`not an AppError: ${String(err)}`, { cause: err });
  }
  throw new Error('resolved');
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('McpService with bad and hostile input', () => {
  it('answers an unknown id with NOT_FOUND everywhere', async () => {
    h = makeService();
    const id = 'mcp_0_missing';
    for (const attempt of [
      h.service.get(id),
      h.service.callTool(id, 'echo'),
      h.service.listServerTools(id),
      h.service.discover(id),
      h.service.test({ id }),
      h.service.reconnect(id),
      h.service.remove(id),
      h.service.update({ id, updates: { name: 'x' } }),
    ]) {
      expect((await errorOf(attempt)).code).toBe('NOT_FOUND');
    }
    expect(() => h.service.serverLog(id)).toThrow(AppError);
  });

  it('rejects duplicate names (case-insensitive) and entries missing a command or url', async () => {
    h = makeService();
    await h.service.add({ ...stdioInput('Same'), isActive: false });
    expect((await errorOf(h.service.add({ ...stdioInput('same '), isActive: false }))).code).toBe('DUPLICATE_NAME');
    const noCommand = await errorOf(h.service.add({ name: 'nc', type: 'stdio', config: {} }));
    expect(noCommand).toMatchObject({ code: 'VALIDATION_FAILED', data: { issues: [{ path: 'config.command' }] } });
    const noUrl = await errorOf(h.service.add({ name: 'nu', type: 'http', config: {} }));
    expect(noUrl).toMatchObject({ code: 'VALIDATION_FAILED', data: { issues: [{ path: 'config.url' }] } });
  });

  it('names the missing command with DEPS_MISSING', async () => {
    h = makeService();
    const { server } = await h.service.add({ name: 'uvx-less', type: 'stdio', config: { command: 'elftia-no-such-uvx', args: ['x'] }, isActive: false });
    const err = await errorOf(h.service.callTool(server!.id, 'echo'));
    expect(err).toMatchObject({ code: 'DEPS_MISSING', data: { command: 'elftia-no-such-uvx' } });
    expect(h.service.statusOf(server!.id)).toMatchObject({ state: 'error', error: expect.stringContaining('elftia-no-such-uvx') });
  });

  it('shows the stderr of a server that exits at start', async () => {
    h = makeService();
    const { server } = await h.service.add({ ...stdioInput('dies', FIXTURE_SERVERS.exitAtStart), isActive: false });
    const err = await errorOf(h.service.listServerTools(server!.id));
    expect(err.code).toBe('MCP_CONNECT_FAILED');
    expect(err.message).toContain('FIXTURE_API_KEY is not set');
    expect(err.data?.stderrTail).toEqual([expect.stringContaining('FIXTURE_API_KEY is not set')]);
  });

  it('times out a server that never answers initialize and kills it', async () => {
    h = makeService({ connectTimeoutMs: 600 });
    const { server } = await h.service.add({ ...stdioInput('mute', FIXTURE_SERVERS.neverInitialize), isActive: false });
    // The server never answers, so only the configured connect deadline can end the call.
    const err = await errorOf(h.service.callTool(server!.id, 'echo'));
    expect(err).toMatchObject({ code: 'MCP_TIMEOUT', data: { timeoutMs: 600 } });
    expect(await waitNoStrayChildren()).toEqual([]);
  });

  it('skips garbage on stdout and keeps the session', async () => {
    h = makeService();
    const { server } = await h.service.add({ ...stdioInput('noisy', FIXTURE_SERVERS.garbageStdout), isActive: false });
    expect(textOf((await h.service.callTool(server!.id, 'echo', { text: 'fine' })).content)).toBe('fine');
    await new Promise((r) => setTimeout(r, 100)); // the fixture prints one more line after 50 ms
    expect(textOf((await h.service.callTool(server!.id, 'echo', { text: 'still' })).content)).toBe('still');
    expect(h.service.serverLog(server!.id).some((l) => l.stream === 'host' && l.line.includes('not JSON-RPC'))).toBe(true);
  });

  it('reports an unreachable URL as MCP_CONNECT_FAILED on every HTTP transport', async () => {
    h = makeService();
    const port = await closedPort();
    for (const [type, url] of [
      ['http', `http://127.0.0.1:${port}/mcp`],
      ['sse', `http://127.0.0.1:${port}/sse`],
      ['websocket', `ws://127.0.0.1:${port}/ws`],
    ] as const) {
      const { server } = await h.service.add({ name: `down-${type}`, type, config: { url }, isActive: false });
      expect((await errorOf(h.service.listServerTools(server!.id))).code).toBe('MCP_CONNECT_FAILED');
      expect(h.service.statusOf(server!.id).state).toBe('error');
    }
  });

  it('imports mixed dialects: good entries added, bad ones reported by name', async () => {
    h = makeService();
    const json = JSON.stringify({
      mcpServers: {
        fs: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], autoApprove: ['echo'], disabled: true },
        remote: { type: 'streamable-http', url: 'https://example.invalid/mcp', headers: { Authorization: 'Bearer x' }, disabled: true },
        broken: { args: ['no command or url'] },
        weird: 'not an object',
      },
    });
    const result = await h.service.addJson({ json });
    expect(result.success).toBe(false);
    expect(result.results).toEqual([
      { name: 'fs', success: true, id: expect.any(String), message: 'Ignored unknown keys: autoApprove' },
      { name: 'remote', success: true, id: expect.any(String) },
      { name: 'broken', success: false, message: expect.stringContaining('config.command') },
      { name: 'weird', success: false, message: expect.any(String) },
    ]);
    const saved = await h.service.list();
    expect(saved.map((s) => [s.name, s.type, s.isActive])).toEqual([
      ['fs', 'stdio', false],
      ['remote', 'http', false],
    ]);
    expect(h.events.flatMap((e) => (e.name === 'mcp.servers_changed' ? [e.payload] : []))).toEqual([{ reason: 'imported' }]);

    const again = await h.service.addJson({ json: JSON.stringify({ fs: { command: 'x' } }) });
    expect(again.results?.[0]).toMatchObject({ name: 'fs', success: false, message: expect.stringContaining('already exists') });
    expect((await errorOf(h.service.addJson({ json: '{not json' }))).code).toBe('IMPORT_INVALID_JSON');
  });
});
