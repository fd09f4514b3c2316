/**
 * Agent sessions against real processes (issue 30): a preset's session servers start with the
 * chat (loadDirectMcpTools, tracked by the app's McpProcessTracker), their tools reach the model
 * as `server__tool` beside the person's, and the processes are gone once the chat ends, the chat
 * switches preset or the app shuts down. The built-in presets run offline.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS, isRunning } from '@fixtures/servers/paths';
import { startChatHarness, tableApprover, type ChatHarness } from '@desktop-testing/chatTestkit';
import type { AgentSessionStatus } from '@shared/contracts/agents';
import type { RouteInput, RouteName, RouteOutput } from '@shared/contracts/ipc';

let h: ChatHarness;
const { approver, asked } = tableApprover({ echo: 'allow', add: 'allow' });

async function call<R extends RouteName>(route: R, input: RouteInput<R>): Promise<RouteOutput<R>> {
  const result = await h.services.router.dispatch(route, input);
  if (!result.ok) throw Object.assign(new Error(result.error.message), { shape: result.error });
  return result.data as RouteOutput<R>;
}
const failure = async <R extends RouteName>(route: R, input: RouteInput<R>) => {
  const result = await h.services.router.dispatch(route, input);
  if (result.ok) throw new Error(`${route} succeeded`);
  return result.error;
};

/** The smallest file `agents import` must take: Claude Desktop's server shape under sessionServers. */
const smallest = (name: string, server: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ name, instructions: `You are ${name}.`, sessionServers: { [server]: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], env: { FIXTURE_TOKEN: `sk-${name}-secret` } } }, ...extra });

const pidsOf = (status: AgentSessionStatus) => status.servers.map((s) => s.pid!);

beforeAll(async () => {
  h = await startChatHarness({ approver });
  // Helper may use the person's fixture server (named, in another case), without its `add`.
  const addId = (await call('mcp.list_tools', { id: h.serverId })).find((t) => t.name === 'add')!.id;
  await call('agents.import', { text: smallest('Helper', 'tools', { serverIds: ['FIXTURE'], excludedToolIds: [addId] }) });
  await call('agents.import', { text: smallest('Other', 'kit', { approval: 'allow_all' }) });
});
afterAll(() => h?.dispose());

describe('agent sessions', () => {
  it('start the session servers with the chat, offer their tools as server__tool with the instructions, and stop them when the chat ends', async () => {
    const started = await call('agents.session_start', { chatId: 'c1', agent: 'helper' });
    expect(started.servers).toEqual([expect.objectContaining({ name: 'tools', state: 'running', tools: expect.arrayContaining(['tools__echo', 'tools__add']) })]);
    const [pid] = pidsOf(started);
    expect(isRunning(pid!)).toBe(true);
    expect(await call('agents.session_status', { chatId: 'c1' })).toEqual([started]);

    h.fake.requests.length = 0;
    h.fake.script([{ calls: [{ tool: 'tools__echo', arguments: { text: 'from the session' } }] }, { text: 'Echoed.' }]);
    const ended = new Promise((resolve) => h.services.onEvent((e) => e.event === 'chat.turn_end' && e.payload.chatId === 'c1' && resolve(e.payload)));
    await call('chat.send', { chatId: 'c1', providerId: 'deepseek', model: 'fake', message: 'Echo', tools: { serverIds: [h.serverId], excludedToolIds: [] } });
    expect(await ended).toMatchObject({ status: 'done' });
    const [first, second] = h.fake.generations();
    const names = (first!.body!.tools as { function: { name: string } }[]).map((t) => t.function.name);
    // The person's server's tools keep their mcp__ ids; the session's are server__tool, and none is both.
    expect(names).toEqual(expect.arrayContaining(['mcp__fixture__echo', 'tools__echo', 'tools__add']));
    // The preset's tool filter applies to the person's server it names.
    expect(names).not.toContain('mcp__fixture__add');
    expect(names.filter((n) => !n.startsWith('mcp__')).every((n) => n.startsWith('tools__'))).toBe(true);
    expect((first!.body!.messages as unknown[])[0]).toEqual({ role: 'system', content: 'You are Helper.' });
    expect(second!.body!.messages).toContainEqual(expect.objectContaining({ role: 'tool', content: 'from the session' }));
    // The session's call was asked about like any untrusted server's, under the session server's name.
    expect(asked.at(-1)).toMatchObject({ serverId: 'direct:tools', serverName: 'tools', toolName: 'echo' });
    expect(h.of('agents.session_state').at(-1)).toMatchObject({ chatId: 'c1', session: { agentName: 'Helper' } });

    await call('chat.reset', { chatId: 'c1' });
    expect(isRunning(pid!)).toBe(false);
    expect(await call('agents.session_status', {})).toEqual([]);
    expect(h.of('agents.session_state').at(-1)).toEqual({ chatId: 'c1', session: null });
  });

  it('switching preset stops the running session first; the same preset again keeps it; shutting down stops the rest', async () => {
    const a = await call('agents.session_start', { chatId: 'c2', agent: 'Helper' });
    expect(await call('agents.session_start', { chatId: 'c2', agent: 'helper' })).toEqual(a);
    const b = await call('agents.session_start', { chatId: 'c2', agent: 'Other' });
    expect(b.servers[0]).toMatchObject({ name: 'kit', state: 'running' });
    expect(isRunning(pidsOf(a)[0]!)).toBe(false);
    // Other lets its own servers' calls run: `image` (which the table would deny) runs without a question.
    const questions = asked.length;
    h.fake.requests.length = 0;
    h.fake.script([{ calls: [{ tool: 'kit__image', arguments: {} }] }, { text: 'Done.' }]);
    const ended = new Promise((resolve) => h.services.onEvent((e) => e.event === 'chat.turn_end' && e.payload.chatId === 'c2' && resolve(e.payload)));
    // The window has the person's server on, but Other names none of the person's servers: only its own tools are offered.
    await call('chat.send', { chatId: 'c2', providerId: 'deepseek', model: 'fake', message: 'Image', tools: { serverIds: [h.serverId], excludedToolIds: [] } });
    expect(await ended).toMatchObject({ status: 'done' });
    const offered = (h.fake.generations()[0]!.body!.tools as { function: { name: string } }[]).map((t) => t.function.name);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((n) => n.startsWith('kit__'))).toBe(true);
    expect((h.fake.generations()[0]!.body!.messages as unknown[])[0]).toEqual({ role: 'system', content: 'You are Other.' });
    expect(asked.length).toBe(questions);
    expect(h.of('chat.tool_call').filter((c) => c.chatId === 'c2').at(-1)).toMatchObject({ serverName: 'kit', toolName: 'image', status: 'done' });
    const c = await call('agents.session_start', { chatId: 'c3', agent: 'Helper' });
    await h.services.agentSessions.dispose();
    for (const pid of [...pidsOf(b), ...pidsOf(c)]) expect(isRunning(pid)).toBe(false);
    expect(await failure('agents.session_start', { chatId: 'c4', agent: 'Helper' })).toMatchObject({ code: 'MCP_CANCELLED' });
  });
});

describe('secrets and the session server Test', () => {
  const SECRET = 'sk-Helper-secret';
  const ARG_SECRET = 'sk-live-abcdef1234567890';

  it('env values leave masked, an edit that sends them back masked keeps them, and no export prints a secret unless asked', async () => {
    const got = await call('agents.get', { agent: 'Helper' });
    expect(got.sessionServers.tools!.env).toEqual({ FIXTURE_TOKEN: '***' });
    expect(JSON.stringify(await call('agents.list', {}))).not.toContain(SECRET);
    const { id, builtin: _builtin, updatedAt: _updatedAt, ...input } = got;
    const saved = await call('agents.save', { id, preset: { ...input, instructions: 'Edited.' } });
    expect(saved.sessionServers.tools!.env).toEqual({ FIXTURE_TOKEN: '***' });
    const clear = JSON.parse((await call('agents.export', { agents: ['Helper'], withSecrets: true })).json) as { agents: { instructions: string; sessionServers: Record<string, { env: Record<string, string> }> }[] };
    expect(clear.agents[0]).toMatchObject({ instructions: 'Edited.', sessionServers: { tools: { env: { FIXTURE_TOKEN: SECRET } } } });
    // Duplicate: a copy saved from the masked preset keeps the secret too, never "***".
    await call('agents.save', { preset: { ...input, name: 'Helper copy' }, copyOf: id });
    const copy = JSON.parse((await call('agents.export', { agents: ['Helper copy'], withSecrets: true })).json) as typeof clear;
    expect(copy.agents[0]!.sessionServers.tools!.env).toEqual({ FIXTURE_TOKEN: SECRET });

    // A credential in the arguments is masked in lists and emptied in exports, as servers' are.
    await call('agents.save', { preset: { name: 'Arg key', sessionServers: { kit: { command: 'node', args: ['kit.js', `--api-key=${ARG_SECRET}`] } } } });
    expect((await call('agents.get', { agent: 'Arg key' })).sessionServers.kit!.args).toEqual(['kit.js', '--api-key=***']);
    const shared = (await call('agents.export', {})).json;
    expect(shared).not.toContain(SECRET);
    expect(shared).not.toContain(ARG_SECRET);
    expect(JSON.parse(shared)).toMatchObject({ agents: expect.arrayContaining([expect.objectContaining({ name: 'Arg key', sessionServers: { kit: expect.objectContaining({ args: ['kit.js', '--api-key='] }) } })]) });
  });

  it('tests a session server as the server form does, with its placeholders filled and the stored env values behind the masked ones', async () => {
    const { tools } = (await call('agents.get', { agent: 'Helper' })).sessionServers;
    const result = await call('agents.test_server', { name: 'tools', server: { ...tools!, command: '{{node}}' }, stored: { agent: 'Helper', server: 'tools' } });
    expect(result).toMatchObject({ success: true, stages: [{ stage: 'connect', state: 'passed' }, { stage: 'initialize', state: 'passed' }, { stage: 'list_tools', state: 'passed' }] });
    expect(result.tools).toEqual(expect.arrayContaining(['echo', 'add']));
    expect(await failure('agents.test_server', { name: 'files', server: { command: '{{node}}', args: ['{{builtin:filesystem}}', '{{folder}}'] } })).toMatchObject({
      code: 'VALIDATION_FAILED',
      data: { issues: [{ path: 'folder' }] },
    });
  });
});

describe('built-in presets, offline', () => {
  let sessions: ChatHarness;
  beforeAll(async () => {
    sessions = await startChatHarness({ approver, fake: h.fake });
  });
  afterAll(() => sessions?.dispose());
  const start = (input: RouteInput<'agents.session_start'>) => sessions.services.router.dispatch('agents.session_start', input);

  it("Example tools runs the MCP SDK's example server that ships with the app", async () => {
    const result = await start({ chatId: 'e1', agent: 'Example tools' });
    expect(result).toMatchObject({ ok: true, data: { servers: [{ name: 'example', state: 'running', tools: ['example__get_weather'] }] } });
  });

  it('Files needs a folder, and its filesystem server is limited to the one picked', async () => {
    expect(await start({ chatId: 'f1', agent: 'Files' })).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', data: { issues: [{ path: 'folder' }] } } });
    expect(await start({ chatId: 'f1', agent: 'Files', folder: 'relative/dir' })).toMatchObject({ ok: false, error: { data: { issues: [{ path: 'folder' }] } } });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-files-'));
    try {
      fs.writeFileSync(path.join(folder, 'note.txt'), 'inside');
      const started = await start({ chatId: 'f1', agent: 'Files', folder });
      expect(started).toMatchObject({ ok: true, data: { servers: [{ name: 'files', state: 'running', tools: expect.arrayContaining(['files__read_text_file', 'files__list_allowed_directories']) }] } });
      const tools = sessions.services.agentSessions.get('f1')!.tools;
      const run = (name: string, args: Record<string, unknown>) => tools.find((t) => t.name === name)!.execute(args);
      expect((await run('files__list_allowed_directories', {})).text).toContain(fs.realpathSync(folder));
      expect((await run('files__read_text_file', { path: path.join(folder, 'note.txt') })).text).toBe('inside');
      const outside = await run('files__read_text_file', { path: '/etc/hostname' });
      expect(outside.isError).toBe(true);
      expect(outside.text).toMatch(/outside allowed directories/i);
    } finally {
      await sessions.services.router.dispatch('agents.session_end', { chatId: 'f1' });
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
