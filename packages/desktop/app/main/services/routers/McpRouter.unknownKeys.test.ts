/**
 * Unknown keys in a route's input (issue 26, item 14): `{ "arguments": {…} }` in place of the
 * route's `args` ran the tool with `{}`. Every route refuses a key it does not know, at any depth
 * of the objects that are ours (a server's `config`, a chat's tool selection…), with
 * VALIDATION_FAILED naming the key and the key that was probably meant; open maps (tool
 * arguments, env, an answer's content) take any key.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROUTE_NAMES, routes, type RouteInput, type RouteName } from '../../../shared/contracts/ipc';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { snapshot } from '@desktop-testing/fuzzTestkit';

const link = `elftia://mcp/install?servers=${Buffer.from(JSON.stringify({ linked: { command: 'node', args: ['-v'] } })).toString('base64url')}`;
const IMPORT = JSON.stringify({ mcpServers: { imported: { command: 'node', disabled: true } } });
const SERVER = { name: 'probe', type: 'stdio', config: { command: 'node' }, isActive: false } as const;
const MISSING = 'mcp_0_missing';

/**
 * A valid input for every route: with an unknown key added, each must be refused before its
 * handler runs. Typed over the contract, so a route added without one does not compile.
 */
const VALID: { [R in RouteName]: RouteInput<R> } = {
  'app.notices': {},
  'mcp.list': {},
  'mcp.add': SERVER,
  'mcp.update': { id: MISSING, updates: { name: 'renamed' } },
  'mcp.remove': { id: MISSING },
  'mcp.restore': { id: MISSING },
  'mcp.add_json': { json: IMPORT },
  'mcp.status': {},
  'mcp.reconnect': { id: MISSING },
  'mcp.disconnect': { id: MISSING },
  'mcp.auth_start': { id: MISSING },
  'mcp.auth_cancel': { id: MISSING },
  'mcp.auth_signout': { id: MISSING },
  'mcp.list_tools': { id: MISSING, connect: false },
  'mcp.list_all_tools': {},
  'mcp.call_tool': { serverId: MISSING, toolName: 'echo', args: { text: 'hi' } },
  'mcp.cancel_call': { callId: 'call-1' },
  'mcp.call_record': { callId: 'call-1' },
  'mcp.test': { id: MISSING },
  'mcp.discover': { id: MISSING },
  'mcp.get_prompt': { serverId: MISSING, name: 'simple-prompt', args: { city: 'Paris' } },
  'mcp.read_resource': { serverId: MISSING, uri: 'demo://resource/static/document/features.md' },
  'mcp.complete': { serverId: MISSING, ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'E' } },
  'mcp.server_log': { id: MISSING, limit: 10 },
  'mcp.last_seen': {},
  'mcp.test_all': {},
  'mcp.bulk': { action: 'disable', ids: [MISSING] },
  'mcp.reveal_secrets': { id: MISSING },
  'mcp.install_link': { url: link },
  'mcp.activation_review': { id: MISSING },
  'mcp.activate': { id: MISSING },
  'mcp.export': {},
  'mcp.import_preview': { json: IMPORT },
  'mcp.import': { json: IMPORT, onDuplicate: 'skip' },
  'mcp.find_local_configs': {},
  'mcp.dismiss_local_configs': {},
  'mcp.elicitation_respond': { requestId: 'r-1', action: 'decline' },
  'mcp.elicitations': {},
  'deps.check': { command: 'node' },
  'deps.install': { command: 'node' },
  'deps.refresh_path': {},
  'deps.remove_npx_cache': { path: '/nowhere/_npx/0123456789abcdef' },
  'providers.list': {},
  'providers.set': { id: 'openai', name: 'OpenAI' },
  'providers.remove': { id: 'openai' },
  'providers.reveal_key': { id: 'openai' },
  'providers.linked_servers': { id: 'openai' },
  'providers.apply_key': { id: 'openai' },
  'presets.list': {},
  'presets.install': { presetId: 'no-such-preset' },
  'chat.models': { providerId: 'openai' },
  'chat.send': { chatId: 'c-1', providerId: 'openai', model: 'm', message: 'hi', tools: { serverIds: [] } },
  'chat.cancel': { chatId: 'c-1' },
  'chat.reset': { chatId: 'c-1' },
  'chat.app_context': { chatId: 'chat-1', serverId: MISSING, toolName: 'get-time', text: 'selected: 3' },
  'chat.approval_respond': { requestId: 'r-1', decision: 'deny' },
  'chat.approvals': {},
  'mcp.sampling_generate': { requestId: 'r-1', providerId: 'openai', model: 'm' },
  'mcp.sampling_respond': { requestId: 'r-1', decision: 'decline' },
  'mcp.sampling_requests': {},
  'agents.list': {},
  'agents.get': { agent: 'no-such-agent' },
  'agents.save': { id: 'no-such-agent', preset: { name: 'probe' } },
  'agents.remove': { agent: 'no-such-agent' },
  'agents.import': { text: '{"name":"probe"}' },
  'agents.export': { agents: ['no-such-agent'] },
  'agents.session_start': { chatId: 'c-1', agent: 'no-such-agent' },
  'agents.session_end': { chatId: 'c-1' },
  'agents.session_status': {},
  'agents.reveal_secrets': { agent: 'no-such-agent', server: 'probe' },
  'agents.test_server': { name: 'probe', server: { command: 'node', args: ['-e', ''] }, stored: { agent: 'no-such-agent', server: 'probe' } },
  'registry.list': {},
  'registry.save': { officialEnabled: true, others: [] },
  'registry.search': { query: 'files' },
  'registry.show': { name: 'io.github.example/files' },
  'registry.install': { name: 'io.github.example/files', inputs: { KEY: 'v' } },
  'registry.updates': {},
  'registry.update': { id: MISSING, inputs: { KEY: 'v' } },
  'mcp.app_resource': { serverId: MISSING, uri: 'ui://probe/app.html' },
  'mcp.app_call_tool': { serverId: MISSING, toolName: 'echo' },
  'mcp.app_log': { serverId: MISSING, level: 'info', data: 'hi' },
};

/** Inputs with an unknown key one level down, in objects of ours: where it sits, and the input. */
const NESTED: [RouteName, string, unknown][] = [
  ['mcp.add', 'config', { ...SERVER, config: { command: 'node', comand: 'x' } }],
  ['mcp.update', 'updates.config', { id: MISSING, updates: { config: { command: 'node', comand: 'x' } } }],
  ['mcp.update', 'updates', { id: MISSING, updates: { nmae: 'x' } }],
  ['mcp.test', 'server', { server: { ...SERVER, isActiv: false } }],
  ['mcp.test', 'server.config', { server: { ...SERVER, config: { command: 'node', arg: ['-v'] } } }],
  ['mcp.add', 'config.oauth', { name: 'remote', type: 'http', config: { url: 'https://example.com/mcp', oauth: { clientId: 'c', client_secret: 's' } }, isActive: false }],
  ['chat.send', 'tools', { ...VALID['chat.send'], tools: { serverIds: [], excluded: [] } }],
  ['agents.save', 'preset', { preset: { name: 'probe', instruction: 'x' } }],
  ['agents.save', 'preset.sessionServers.files', { preset: { name: 'probe', sessionServers: { files: { command: 'node', arg: [] } } } }],
  ['mcp.import', 'decisions.0', { json: IMPORT, decisions: [{ key: 'imported', action: 'rename', newName: 'x' }] }],
  ['registry.save', 'others.0', { officialEnabled: true, others: [{ id: 'co', name: 'Company', url: 'https://registry.example.com', enabled: true, enabeld: false }] }],
  ['mcp.sampling_generate', 'messages.0', { ...VALID['mcp.sampling_generate'], messages: [{ role: 'user', text: 'hi', content: 'hi' }] }],
];

let services: TempServices;
beforeEach(() => {
  services = createTempServices(undefined, {}, { connectOnAdd: false });
});
afterEach(() => services.cleanup());

interface Issue {
  path: string;
  message: string;
}

/** Dispatches, expects VALIDATION_FAILED and an unchanged config folder, and answers the issues. */
async function refused(route: RouteName, input: unknown): Promise<Issue[]> {
  const before = snapshot(services.configDir);
  const result = await services.router.dispatch(route, input);
  expect(snapshot(services.configDir), route).toEqual(before);
  expect(result, route).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', data: { route } } });
  return result.ok ? [] : (result.error.data?.issues as Issue[]);
}

describe('every route refuses a key it does not know', () => {
  it('has a valid input for every route of the contract', () => {
    expect(Object.keys(VALID).sort()).toEqual([...ROUTE_NAMES].sort());
    for (const route of ROUTE_NAMES) expect(routes[route].input.safeParse(VALID[route]).success, route).toBe(true);
  });

  for (const route of ROUTE_NAMES) {
    it(`${route}: an unknown top-level key`, async () => {
      expect(await refused(route, { ...VALID[route], unexpectedKey: 1 })).toEqual([{ path: '', message: 'Unknown key "unexpectedKey"' }]);
    });
  }

  for (const [route, path, input] of NESTED) {
    it(`${route}: an unknown key in ${path}`, async () => {
      const issues = await refused(route, input);
      expect(issues).toEqual([{ path, message: expect.stringMatching(/^Unknown key "\w+"/) }]);
    });
  }

  it('finds every object of ours in every route input strict, so a route added later cannot forget', () => {
    const loose = ROUTE_NAMES.flatMap((route) => looseObjects(routes[route].input, route));
    expect(loose).toEqual([]);
  });
});

describe('the key that was probably meant', () => {
  const callTool = { serverId: MISSING, toolName: 'echo' };

  it('names it for a known alias, another spelling, or a small typo', async () => {
    const cases: [RouteName, unknown, string][] = [
      ['mcp.call_tool', { ...callTool, arguments: { text: 'hi' } }, 'Unknown key "arguments" (did you mean "args"?)'],
      ['mcp.call_tool', { serverId: MISSING, name: 'echo', toolName: 'echo' }, 'Unknown key "name" (did you mean "toolName"?)'],
      ['mcp.call_tool', { server_id: MISSING, toolName: 'echo' }, 'Unknown key "server_id" (did you mean "serverId"?)'],
      ['mcp.call_tool', { ...callTool, timeout: 1000 }, 'Unknown key "timeout" (did you mean "timeoutMs"?)'],
      ['mcp.add', { ...SERVER, config: { comand: 'node' } }, 'Unknown key "comand" (did you mean "command"?)'],
      ['chat.approval_respond', { requestId: 'r-1', decision: 'allow_once', args: {} }, 'Unknown key "args" (did you mean "arguments"?)'],
      ['mcp.remove', { id: MISSING, force: true }, 'Unknown key "force"'],
      // A key that Object.prototype has is as unknown as any other.
      ['mcp.remove', { id: MISSING, constructor: 1 }, 'Unknown key "constructor"'],
    ];
    for (const [route, input, message] of cases) expect((await refused(route, input)).map((i) => i.message)).toContain(message);
  });

  it('names each of several unknown keys, and no more than a few of a flood', async () => {
    const [two] = await refused('mcp.call_tool', { ...callTool, arguments: {}, tool_name: 'echo' });
    expect(two?.message).toBe('Unknown keys "arguments" (did you mean "args"?), "tool_name" (did you mean "toolName"?)');
    const flood = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
    const [many] = await refused('mcp.list', flood);
    expect(many?.message).toMatch(/^Unknown keys "k0", "k1", .* and 9,995 more$/);
    const [long] = await refused('mcp.list', { ['x'.repeat(1_000_000)]: 1 });
    expect(long!.message.length).toBeLessThan(200);
  });

  it('never looks inside open maps: tool arguments, env, headers and an answer’s content take any key', async () => {
    const accepted: [RouteName, unknown][] = [
      ['mcp.call_tool', { serverId: MISSING, toolName: 'echo', args: { arguments: 1, anything: { nested: true } } }],
      ['mcp.add', { ...SERVER, config: { command: 'node', env: { ANY_NAME: 'x' } } }],
      ['mcp.add', { name: 'remote', type: 'http', config: { url: 'https://example.com/mcp', headers: { 'X-Any': 'y' } }, isActive: false }],
      ['mcp.elicitation_respond', { requestId: 'r-1', action: 'accept', content: { anyField: 'z' } }],
    ];
    for (const [route, input] of accepted) {
      const result = await services.router.dispatch(route, input);
      // Past the schema: answered by the handler (a server or request that does not exist), or done.
      if (!result.ok) expect(result.error.code, route).not.toBe('VALIDATION_FAILED');
    }
  });
});

/**
 * The object schemas reachable from a route input that would drop an unknown key, as
 * `route: path`. Records (open maps) are walked into only for their values' objects.
 */
function looseObjects(schema: z.core.$ZodType, at: string, seen = new Set<z.core.$ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  const walk = (child: unknown, where: string) => looseObjects(child as z.core.$ZodType, where, seen);
  switch (def.type) {
    case 'object': {
      const catchall = def.catchall as z.core.$ZodType | undefined;
      const strict = catchall?._zod.def.type === 'never';
      const own = strict ? [] : [at];
      return [...own, ...Object.entries(def.shape as Record<string, unknown>).flatMap(([key, child]) => walk(child, `${at}.${key}`))];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return walk(def.innerType, at);
    case 'pipe':
      return walk(def.in, at);
    case 'union':
      return (def.options as unknown[]).flatMap((option) => walk(option, at));
    case 'intersection':
      return [...walk(def.left, at), ...walk(def.right, at)];
    case 'array':
      return walk(def.element, `${at}[]`);
    case 'record':
      return walk(def.valueType, `${at}{}`);
    case 'lazy':
      return walk((def.getter as () => unknown)(), at);
    default:
      return [];
  }
}
