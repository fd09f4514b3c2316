/** Direct (session-owned) servers: real stdio fixture processes, the real tracker. */
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS, assertNoChildren, isRunning, listOurChildren } from '@fixtures/servers/paths';
import { buildToolId, PORTABLE_TOOL_NAME } from '@mcp-common/toolIds';
import { closeDirectConnections, directToolName, loadDirectMcpTools, type DirectMcpConnection } from './DirectMcpToolAdapter';
import { McpProcessTracker } from '@services/capabilities/tools/mcp-users/McpProcessTracker';

const tracker = new McpProcessTracker();
let open: DirectMcpConnection[] = [];

afterEach(async () => {
  await closeDirectConnections(open.splice(0), tracker);
  expect(tracker.size).toBe(0);
  await assertNoChildren();
});

const fixture = (name: string, env: Record<string, string> = {}) => ({ name, command: process.execPath, args: [FIXTURE_SERVERS.stdio], env });

describe('directToolName', () => {
  it('is the portable tool id without its mcp__ prefix', () => {
    expect(directToolName(buildToolId('files', 'read-file'))).toBe('files__read_file');
    expect(directToolName(buildToolId('7zip', 'pack'))).toBe('_7zip__pack');
    expect(directToolName(buildToolId('s'.repeat(80), 't'.repeat(80))).length).toBeLessThanOrEqual(64);
  });
});

describe('loadDirectMcpTools', () => {
  it('loads what it can, tracks each process, calls tools and cleans up through the tracker', async () => {
    const { tools, connections, failures } = await loadDirectMcpTools([
      fixture('files'),
      { name: 'missing', command: 'elftia-no-such-command' },
      fixture('files'),
    ], { tracker });
    open = connections;
    expect(connections).toHaveLength(1);
    expect(failures).toEqual([
      { serverName: 'missing', error: expect.objectContaining({ code: 'DEPS_MISSING' }) },
      { serverName: 'files', error: expect.objectContaining({ code: 'DUPLICATE_NAME' }) },
    ]);
    expect(tracker.size).toBe(1);
    const pid = connections[0]!.transport.pid!;
    expect(isRunning(pid)).toBe(true);

    const byName = new Map(tools.map((t) => [t.name, t]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['files__echo', 'files__add', 'files__image']));
    expect(byName.get('files__echo')!.source).toBe('direct:files');
    expect(await byName.get('files__add')!.execute({ a: 40, b: 2 })).toMatchObject({ text: '42', isError: false });
    expect(await byName.get('files__fail')!.execute({})).toMatchObject({ text: 'This tool always fails', isError: true });
    expect((await byName.get('files__image')!.execute({})).content[0]).toMatchObject({ type: 'image', mimeType: 'image/png' });

    await closeDirectConnections(open.splice(0), tracker);
    expect(tracker.size).toBe(0);
    expect(isRunning(pid)).toBe(false);
    expect(listOurChildren()).toEqual([]);
  });

  it('times a call out and cancels it on the server; a caller abort likewise', async () => {
    const { tools, connections } = await loadDirectMcpTools([{ ...fixture('slow'), timeoutMs: 300 }], { tracker });
    open = connections;
    const sleep = tools.find((t) => t.name === 'slow__sleep')!;
    const stderr = () => connections[0]!.transport.stderrTail().filter((l) => l.startsWith('sleep cancelled at step')).length;

    expect((await sleep.execute({ ms: 10_000 })).error?.code).toBe('MCP_TIMEOUT');
    await expect.poll(stderr, { timeout: 5_000 }).toBe(1);

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect((await sleep.execute({ ms: 10_000 }, { signal: controller.signal })).error?.code).toBe('MCP_CANCELLED');
    await expect.poll(stderr, { timeout: 5_000 }).toBe(2);
  });

  it('reports a server that dies mid-call as a failed result naming the closed connection', async () => {
    const { tools, connections } = await loadDirectMcpTools([fixture('crashy', { FIXTURE_TOKEN: 'sk-direct-secret-value' })], { tracker });
    open = connections;
    const result = await tools.find((t) => t.name === 'crashy__crash')!.execute({});
    expect(result.isError).toBe(true);
    expect(result.error?.code).toBe('MCP_CONNECTION_CLOSED');
    expect(result.text).not.toContain('sk-direct-secret-value');
    expect((await tools.find((t) => t.name === 'crashy__echo')!.execute({ text: 'x' })).isError).toBe(true);
  });

  it('keeps names distinct when two server names clean alike', async () => {
    const { tools, connections } = await loadDirectMcpTools([fixture('a.b'), fixture('a_b')], { tracker });
    open = connections;
    const echoes = tools.filter((t) => t.name.includes('__echo'));
    expect(echoes).toHaveLength(2);
    expect(new Set(echoes.map((t) => t.name)).size).toBe(2);
    expect(echoes.every((t) => PORTABLE_TOOL_NAME.test(t.name))).toBe(true);
    expect(await Promise.all(echoes.map(async (t) => (await t.execute({ text: t.source! })).text))).toEqual(['direct:a.b', 'direct:a_b']);
  });

  it('offers a model none of an MCP App’s app-only tools (issue 32)', async () => {
    const { tools, connections } = await loadDirectMcpTools([{ name: 'apps', command: process.execPath, args: [FIXTURE_SERVERS.apps] }], { tracker });
    open = connections;
    expect(tools.map((t) => t.name).sort()).toEqual(['apps__hostile_view', 'apps__model_only', 'apps__notes_view', 'apps__plain_view', 'apps__probe_view']);
  });

  it('leaves nothing running when a server fails before initialize', async () => {
    const { tools, connections, failures } = await loadDirectMcpTools([{ name: 'early exit', command: process.execPath, args: [FIXTURE_SERVERS.exitAtStart] }], { tracker });
    open = connections;
    expect(tools).toEqual([]);
    expect(failures[0]?.error.code).toBe('MCP_CONNECT_FAILED');
    expect(tracker.size).toBe(0);
  });
});
