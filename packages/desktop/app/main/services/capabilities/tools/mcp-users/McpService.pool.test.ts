/**
 * Pool semantics over the SDK's InMemoryTransport: each connection reaches a real in-process SDK
 * McpServer through the service's transport port, so the protocol is real and no process starts.
 * What needs the OS (spawning, process groups, stderr, HTTP sockets) stays in *.process.test.ts.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { RootsListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { makeService, type Harness } from '@desktop-testing/McpService.testkit';

/** One in-process server per connection the pool opens, in order. */
interface Remote {
  record: McpServerRecord;
  server: McpServer;
  rootsAnnounced: number;
}

let h: Harness;
let remotes: Remote[];

function startRemote(record: McpServerRecord): InMemoryTransport {
  const server = new McpServer({ name: `remote-${record.name}`, version: '1.0.0' }, { capabilities: { tools: { listChanged: true } } });
  server.registerTool('echo', { inputSchema: { text: z.string() } }, ({ text }) => ({ content: [{ type: 'text', text }] }));
  // Never answers on its own: only a timeout or a cancel ends it.
  server.registerTool('hang', {}, (extra) => new Promise((_, reject) => extra.signal.addEventListener('abort', () => reject(new Error('aborted')))));
  const remote: Remote = { record, server, rootsAnnounced: 0 };
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
    remote.rootsAnnounced++;
  });
  remotes.push(remote);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  void server.connect(serverSide);
  return clientSide;
}

const states = (serverId: string) => h.events.flatMap((e) => (e.name === 'mcp.connection_state' && e.payload.serverId === serverId ? [e.payload.state] : []));

async function addServer(name = 'mem', isActive = true): Promise<McpServerRecord> {
  const { server } = await h.service.add({ name, type: 'stdio', config: { command: 'in-memory', args: [name] }, isActive });
  return server!;
}

beforeEach(() => {
  remotes = [];
  h = makeService({ createTransport: startRemote, connectOnAdd: false });
});

afterEach(() => h.dispose());

describe('McpService pool over in-memory connections', () => {
  it('shares one connect between concurrent first calls', async () => {
    const server = await addServer();
    const results = await Promise.all([1, 2, 3].map((i) => h.service.callTool(server.id, 'echo', { text: `hi ${i}` })));
    expect(results.map((r) => r.content)).toEqual([1, 2, 3].map((i) => [{ type: 'text', text: `hi ${i}` }]));
    expect(remotes).toHaveLength(1);
    expect(states(server.id)).toEqual(['connecting', 'connected']);
  });

  it('caches tools until tools/list_changed (announced once per burst) or an update', async () => {
    const server = await addServer();
    expect((await h.service.listServerTools(server.id)).map((t) => t.name)).toEqual(['echo', 'hang']);
    const [remote] = remotes;
    remote!.server.registerTool('late', {}, () => ({ content: [] }));
    remote!.server.registerTool('later', {}, () => ({ content: [] }));
    await expect.poll(() => h.events.filter((e) => e.name === 'mcp.tools_changed').length).toBe(1);
    expect((await h.service.listServerTools(server.id)).map((t) => t.name)).toEqual(['echo', 'hang', 'late', 'later']);

    // Disabled tools and the name shape the list but not the connection.
    await h.service.update({ id: server.id, updates: { disabledTools: ['echo'] } });
    expect((await h.service.listServerTools(server.id)).map((t) => t.name)).toEqual(['hang', 'late', 'later']);
    await h.service.update({ id: server.id, updates: { name: 'renamed' } });
    expect((await h.service.listServerTools(server.id))[0]?.id).toMatch(/^mcp__renamed__/);
    expect(remotes).toHaveLength(1);
  });

  it('reports a connection the server closed, and connects afresh on the next call', async () => {
    const server = await addServer();
    await h.service.callTool(server.id, 'echo', { text: 'one' });
    await remotes[0]!.server.close();
    await expect.poll(() => h.service.statusOf(server.id).state).toBe('error');
    expect((await h.service.callTool(server.id, 'echo', { text: 'two' })).content).toEqual([{ type: 'text', text: 'two' }]);
    expect(remotes).toHaveLength(2);
    expect(h.service.statusOf(server.id).state).toBe('connected');
  });

  it('carries out what an update does to the connection', async () => {
    const server = await addServer();
    await h.service.listServerTools(server.id);

    await h.service.update({ id: server.id, updates: { scope: 'local', projectPath: h.dir } });
    await expect.poll(() => remotes[0]!.rootsAnnounced).toBe(1);
    expect(remotes).toHaveLength(1);

    await h.service.update({ id: server.id, updates: { config: { command: 'in-memory', args: ['changed'] } } });
    await expect.poll(() => remotes.length).toBe(2);
    expect(remotes[1]!.record.config.args).toEqual(['changed']);
    await expect.poll(() => h.service.statusOf(server.id).state).toBe('connected');

    await h.service.update({ id: server.id, updates: { isActive: false } });
    expect(h.service.statusOf(server.id).state).toBe('disconnected');
    expect(remotes).toHaveLength(2);
  });

  it('reconnects on the next use after another process changed the config', async () => {
    const server = await addServer();
    await h.service.listServerTools(server.id);
    const after = { ...server, config: { command: 'in-memory', args: ['external'] } };
    await h.service.applyExternalChange({ before: [server], after: [after] });
    expect(h.service.statusOf(server.id).state).toBe('disconnected');
    expect(remotes).toHaveLength(1);
    expect(h.events.at(-1)).toEqual({ name: 'mcp.servers_changed', payload: { reason: 'external' } });
  });

  it('announces the servers another process added from an install link, as an install here is', async () => {
    const server = await addServer();
    const linked: McpServerRecord = { ...server, id: 'mcp_linked', name: 'linked', isActive: false, isTrusted: false, installSource: 'protocol' };
    const typedIn: McpServerRecord = { ...server, id: 'mcp_typed', name: 'typed', isActive: false };
    const reviewed: McpServerRecord = { ...linked, id: 'mcp_reviewed', name: 'reviewed', reviewedAt: 1 };
    // What an older build wrote for a confirmed review.
    const trustedByOldBuild: McpServerRecord = { ...linked, id: 'mcp_old', name: 'old', isTrusted: true };
    await h.service.applyExternalChange({ before: [server], after: [server, linked, typedIn, reviewed, trustedByOldBuild] });
    expect(h.events.filter((e) => e.name === 'mcp.link_installed').map((e) => e.payload)).toEqual([{ ids: ['mcp_linked'] }]);
    // Already known: a later change to it is no arrival.
    await h.service.applyExternalChange({ before: [server, linked], after: [server, { ...linked, name: 'renamed' }] });
    expect(h.events.filter((e) => e.name === 'mcp.link_installed')).toHaveLength(1);
  });

  it('refuses every connect to a linked server nobody reviewed before its transport is made (ConnectionPool.acquire)', async () => {
    const { server } = await h.service.add({ name: 'linked', type: 'stdio', config: { command: 'in-memory', args: ['linked'] }, isActive: false, installSource: 'protocol' });
    const id = server!.id;
    const attempts: [string, () => Promise<unknown>][] = [
      ['initClient', () => h.service.initClient(server!)],
      ['callTool', () => h.service.callTool(id, 'echo', { text: 'x' })],
      ['listServerTools', () => h.service.listServerTools(id)],
      ['discover', () => h.service.discover(id)],
      ['test', () => h.service.test({ id })],
      ['reconnect', () => h.service.reconnect(id)],
    ];
    for (const [name, attempt] of attempts) await expect(attempt(), name).rejects.toMatchObject({ code: 'ACTIVATION_NEEDS_REVIEW', data: { id, name: 'linked' } });
    expect(remotes).toHaveLength(0);
    expect(states(id)).toEqual([]);

    // Trusted by the person (as an older build marked a confirmed review): it connects.
    const { server: trusted } = await h.service.add({ name: 'trusted', type: 'stdio', config: { command: 'in-memory', args: ['trusted'] }, isActive: false, installSource: 'protocol', isTrusted: true });
    expect((await h.service.callTool(trusted!.id, 'echo', { text: 'ok' })).content).toEqual([{ type: 'text', text: 'ok' }]);
  });

  it('ends a call at its own timeout, and at the caller abort', async () => {
    const server = await addServer();
    await expect(h.service.callTool(server.id, 'hang', {}, 'slow', { timeoutMs: 50 })).rejects.toMatchObject({ code: 'MCP_TIMEOUT', data: { callId: 'slow', timeoutMs: 50 } });
    const abort = new AbortController();
    const call = h.service.callTool(server.id, 'hang', {}, 'aborted', { signal: abort.signal });
    abort.abort();
    await expect(call).rejects.toMatchObject({ code: 'MCP_CANCELLED', data: { callId: 'aborted' } });
    expect(h.events.flatMap((e) => (e.name === 'mcp.tool_called' ? [[e.payload.callId, e.payload.success]] : []))).toEqual([
      ['slow', false],
      ['aborted', false],
    ]);
  });
});

describe('the connect line', () => {
  it('starts each connect’s timeout when it leaves the line, so waiting longer than the timeout costs nothing', async () => {
    await h.dispose();
    // Every server takes 150 ms to answer initialize; one connect at a time; 250 ms to connect.
    const slow = (record: McpServerRecord) => {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const server = new McpServer({ name: record.name, version: '1.0.0' });
      server.registerTool('echo', {}, () => ({ content: [] }));
      setTimeout(() => void server.connect(serverSide), 150);
      return clientSide;
    };
    h = makeService({ createTransport: slow, connectOnAdd: false, connectConcurrency: 1, connectTimeoutMs: 250 });
    const servers = await Promise.all(['a', 'b', 'c', 'd'].map((name) => addServer(name)));
    const started = Date.now();
    const lists = await Promise.all(servers.map((s) => h.service.listServerTools(s.id)));
    // The last one waited about 450 ms in line, longer than its timeout, and still connected.
    expect(Date.now() - started).toBeGreaterThan(500);
    expect(lists.map((tools) => tools.map((t) => t.name))).toEqual([['echo'], ['echo'], ['echo'], ['echo']]);
    // Waiting in line is said, and leaving it too.
    expect(states(servers[3]!.id)).toEqual(['connecting', 'connecting', 'connected']);
    expect(h.events.find((e) => e.name === 'mcp.connection_state' && e.payload.serverId === servers[3]!.id)?.payload).toMatchObject({ phase: 'queued' });
  });
});
