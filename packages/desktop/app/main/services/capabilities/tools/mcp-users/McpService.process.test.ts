/** McpService over stdio against the real fixture server: pool behaviour, calls, caches, hygiene. */
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS, isRunning } from '@fixtures/servers/paths';
import { buildToolId } from './common/toolIds';
import { codeOf, makeService, stdioInput, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';

let h: Harness;

afterEach(async () => {
  await h.dispose();
  expect(await waitNoStrayChildren()).toEqual([]);
});

async function addStdio(name = 'fixture', env: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
  const { server } = await h.service.add({ ...stdioInput(name, FIXTURE_SERVERS.stdio, env), isActive: false, ...extra });
  return server!;
}

const stateEvents = () => h.events.flatMap((e) => (e.name === 'mcp.connection_state' ? [e.payload.state] : []));

describe('McpService pool over stdio', () => {
  it('connects lazily, lists tools with portable ids and calls them', async () => {
    h = makeService();
    const server = await addStdio('My Fixture!');
    expect(h.service.statusOf(server.id).state).toBe('disconnected');

    const tools = await h.service.listServerTools(server.id);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'add', 'sleep', 'crash']));
    expect(tools.find((t) => t.name === 'echo')).toMatchObject({ id: buildToolId('My Fixture!', 'echo'), serverId: server.id, serverName: 'My Fixture!' });

    const result = await h.service.callTool(server.id, 'add', { a: 2, b: 3 }, 'call-1');
    expect(result).toMatchObject({ callId: 'call-1', isError: false });
    expect(textOf(result.content)).toBe('5');
    expect(stateEvents()).toEqual(['connecting', 'connected']);
    expect(h.events.find((e) => e.name === 'mcp.tool_called')?.payload).toMatchObject({ serverId: server.id, toolName: 'add', callId: 'call-1', success: true });
  });

  it('connects on add when active, and a failed connect does not block the add', async () => {
    h = makeService();
    const { server } = await h.service.add(stdioInput('active'));
    const { server: broken } = await h.service.add({ name: 'broken', type: 'stdio', config: { command: 'elftia-no-such-command' } });
    // Generous: a spawn on a loaded machine can take seconds; the order of states is what counts.
    await expect.poll(() => h.service.statusOf(server!.id).state, { timeout: 20_000 }).toBe('connected');
    await expect.poll(() => h.service.statusOf(broken!.id).state, { timeout: 20_000 }).toBe('error');
    expect((await h.service.list()).map((s) => s.name)).toEqual(['active', 'broken']);
  });

  it('passes images and audio through and treats isError as data', async () => {
    h = makeService();
    const server = await addStdio();
    const image = await h.service.callTool(server.id, 'image');
    expect(image.content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });
    const audio = await h.service.callTool(server.id, 'audio');
    expect(audio.content[0]).toMatchObject({ type: 'audio', mimeType: 'audio/wav' });
    const failed = await h.service.callTool(server.id, 'fail', {}, 'f1');
    expect(failed.isError).toBe(true);
    expect(h.events.flatMap((e) => (e.name === 'mcp.tool_called' ? [e.payload.success] : []))).toEqual([true, true, false]);
    // An unknown tool is the server's JSON-RPC error, not a dead connection.
    expect(await codeOf(h.service.callTool(server.id, 'no_such_tool'))).toBe('MCP_PROTOCOL_ERROR');
  });

  it('follows nextCursor pagination', async () => {
    h = makeService();
    const server = await addStdio('many', { FIXTURE_MANY_TOOLS: '25' });
    const tools = await h.service.listServerTools(server.id);
    expect(tools.filter((t) => t.name.startsWith('many_'))).toHaveLength(25);
    expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
  });

  it('keeps the good tools of a server with one broken tool and reports the bad one', async () => {
    h = makeService();
    const server = await addStdio('bad', { FIXTURE_BAD_SCHEMA: '1' });
    const tools = await h.service.listServerTools(server.id);
    expect(tools.map((t) => t.name)).toContain('echo');
    expect(tools.map((t) => t.name)).not.toContain('bad_schema');
    const test = await h.service.test({ id: server.id });
    expect(test).toMatchObject({ success: true, invalidTools: [{ name: 'bad_schema' }] });
    expect(h.service.serverLog(server.id).some((l) => l.stream === 'host' && l.line.includes('bad_schema'))).toBe(true);
  });

  it('reports a crash mid-call as MCP_CONNECTION_CLOSED, then reconnects on the next call', async () => {
    h = makeService();
    const server = await addStdio();
    await h.service.callTool(server.id, 'echo', { text: 'warm' });
    expect(await codeOf(h.service.callTool(server.id, 'crash'))).toBe('MCP_CONNECTION_CLOSED');
    await expect.poll(() => h.service.statusOf(server.id).state).toBe('error');
    const again = await h.service.callTool(server.id, 'echo', { text: 'back' });
    expect(textOf(again.content)).toBe('back');
    expect(h.service.statusOf(server.id).state).toBe('connected');
  });

  it('times a call out per server, cancelling it on the server', async () => {
    h = makeService();
    const server = await addStdio('slow', {}, { config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], timeoutMs: 300 } });
    // MCP_TIMEOUT rather than a result: the 300 ms deadline won over the 10 s sleep (the default is 120 s).
    expect(await codeOf(h.service.callTool(server.id, 'sleep', { ms: 10_000 }))).toBe('MCP_TIMEOUT');
    // The connection survives a timeout: the server stopped that request and answers the next.
    expect(textOf((await h.service.callTool(server.id, 'echo', { text: 'still here' })).content)).toBe('still here');
  });

  it('cancels a running call by callId and forwards its progress', async () => {
    h = makeService();
    const server = await addStdio();
    const call = codeOf(h.service.callTool(server.id, 'sleep', { ms: 20_000 }, 'long'));
    await expect.poll(() => h.events.some((e) => e.name === 'mcp.tool_progress'), { timeout: 10_000 }).toBe(true);
    expect(h.events.find((e) => e.name === 'mcp.tool_progress')?.payload).toMatchObject({ callId: 'long', progress: 1, total: 5 });
    expect(h.service.cancelCall('long')).toBe(true);
    expect(await call).toBe('MCP_CANCELLED');
    expect(h.service.cancelCall('long')).toBe(false);
    expect(textOf((await h.service.callTool(server.id, 'echo', { text: 'ok' })).content)).toBe('ok');
  });

  it('answers roots/list and declines sampling with a clear error (elicitation: McpService.elicitation.process.test.ts)', async () => {
    h = makeService();
    const local = await addStdio('local', {}, { scope: 'local', projectPath: h.dir });
    const roots = JSON.parse(textOf((await h.service.callTool(local.id, 'roots')).content)) as { uri: string }[];
    expect(roots).toEqual([{ uri: pathToFileURL(h.dir).href, name: expect.any(String) }]);
    const user = await addStdio('user');
    expect(textOf((await h.service.callTool(user.id, 'roots')).content)).toBe('[]');

    const sample = await h.service.callTool(user.id, 'sample');
    expect(sample.isError).toBe(true);
    expect(textOf(sample.content)).toMatch(/Sampling is not available/);
  });

  it('keeps stderr in a redacted per-server log and emits each line', async () => {
    h = makeService();
    const server = await addStdio('logs', { FIXTURE_TOKEN: 'sk-very-secret-value' });
    await h.service.callTool(server.id, 'stderr', { text: 'using token sk-very-secret-value and Bearer abcdefghijkl' });
    await expect.poll(() => h.service.serverLog(server.id).filter((l) => l.stream === 'stderr').length).toBeGreaterThan(0);
    const line = h.service.serverLog(server.id).find((l) => l.stream === 'stderr')!.line;
    expect(line).toBe('using token *** and Bearer ***');
    expect(h.events.some((e) => e.name === 'mcp.server_log' && e.payload.line === line)).toBe(true);
    expect(h.service.serverLog(server.id, 1)).toHaveLength(1);
  });

  it('reconnects when the config changes and disconnects when deactivated', async () => {
    h = makeService();
    const server = await addStdio('active', {}, { isActive: true });
    await h.service.listServerTools(server.id);
    await h.service.update({ id: server.id, updates: { config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], env: { FIXTURE_MANY_TOOLS: '3' } } } });
    expect((await h.service.listServerTools(server.id)).filter((t) => t.name.startsWith('many_'))).toHaveLength(3);
    expect(h.events.filter((e) => e.name === 'mcp.connection_state' && e.payload.state === 'connected').length).toBeGreaterThanOrEqual(2);

    await h.service.update({ id: server.id, updates: { isActive: false } });
    expect(h.service.statusOf(server.id).state).toBe('disconnected');
    expect(await waitNoStrayChildren()).toEqual([]);
  });

  it('fails a call on a server removed meanwhile, and later calls with NOT_FOUND', async () => {
    h = makeService();
    const server = await addStdio();
    const call = codeOf(h.service.callTool(server.id, 'sleep', { ms: 20_000 }));
    await expect.poll(() => h.events.some((e) => e.name === 'mcp.tool_progress'), { timeout: 10_000 }).toBe(true);
    await h.service.remove(server.id);
    expect(await call).toBe('MCP_CONNECTION_CLOSED');
    expect(await codeOf(h.service.callTool(server.id, 'echo', { text: 'x' }))).toBe('NOT_FOUND');
    expect(await codeOf(h.service.listServerTools(server.id))).toBe('NOT_FOUND');
  });

  it('pings an idle connection before reusing it', async () => {
    h = makeService({ idlePingMs: 20 });
    const server = await addStdio('fixture', { FIXTURE_LOG_PINGS: '1' });
    const stderr = () => h.service.serverLog(server.id).filter((l) => l.stream === 'stderr').map((l) => l.line);
    await h.service.callTool(server.id, 'stderr', { text: 'first call' });
    await new Promise((r) => setTimeout(r, 60));
    await h.service.callTool(server.id, 'stderr', { text: 'second call' });
    // One pipe keeps the server's order: no ping on the fresh connection, one before the idle reuse.
    await expect.poll(stderr).toContain('second call');
    expect(stderr()).toEqual(['first call', 'PING', 'second call']);
    expect(h.events.filter((e) => e.name === 'mcp.connection_state' && e.payload.state === 'connected')).toHaveLength(1);
  });

  it('discovers tools, prompts and resources', async () => {
    h = makeService();
    const server = await addStdio();
    const found = await h.service.discover(server.id);
    expect(found.serverInfo).toEqual({ name: 'elftia-fixture', version: '1.0.0' });
    expect(found.tools.map((t) => t.name)).toContain('echo');
    expect(found.prompts.map((p) => p.name)).toEqual(['greet']);
    expect(found.resources.map((r) => r.uri)).toEqual(['fixture://readme']);
    expect(found.errors).toEqual({});
  });

  it('tests an unsaved config with a throwaway connection', async () => {
    h = makeService();
    const ok = await h.service.test({ server: stdioInput('draft') });
    expect(ok).toMatchObject({ success: true, serverInfo: { name: 'elftia-fixture' } });
    expect(ok.tools).toContain('echo');
    expect(await h.service.list()).toEqual([]);
    const bad = await h.service.test({ server: { name: 'draft', type: 'stdio', config: { command: 'elftia-no-such-command' } } });
    expect(bad).toMatchObject({ success: false, error: { code: 'DEPS_MISSING', data: { command: 'elftia-no-such-command' } } });
  });

  it('kills the whole process group of an npx-like wrapper', async () => {
    h = makeService();
    const server = await addStdio('wrapper', {}, { config: { command: process.execPath, args: [FIXTURE_SERVERS.stdioGrandchild] } });
    await h.service.callTool(server.id, 'echo', { text: 'x' });
    await expect.poll(() => h.service.serverLog(server.id).some((l) => l.line.startsWith('GRANDCHILD_PID'))).toBe(true);
    const pid = Number(h.service.serverLog(server.id).find((l) => l.line.startsWith('GRANDCHILD_PID'))!.line.split(' ')[1]);
    expect(isRunning(pid)).toBe(true);
    await h.service.disconnect(server.id);
    await expect.poll(() => isRunning(pid)).toBe(false);
  });

  it('disposes idempotently: calls cancelled, clients closed, processes gone', async () => {
    h = makeService();
    const a = await addStdio('a');
    const b = await addStdio('b');
    await h.service.listServerTools(a.id);
    const call = codeOf(h.service.callTool(b.id, 'sleep', { ms: 20_000 }));
    await expect.poll(() => h.events.some((e) => e.name === 'mcp.tool_progress'), { timeout: 10_000 }).toBe(true);
    await Promise.all([h.service.dispose(), h.service.dispose()]);
    expect(await call).toBe('MCP_CANCELLED');
    expect(await waitNoStrayChildren()).toEqual([]);
    expect(await codeOf(h.service.callTool(a.id, 'echo', { text: 'x' }))).toBe('MCP_CONNECTION_CLOSED');
  });
});
