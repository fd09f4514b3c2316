import { describe, expect, it } from 'vitest';
import type { MCPTool } from '@shared/contracts/mcp-types';
import { assignToolIds, buildToolId, cleanName, PORTABLE_TOOL_NAME, TOOL_ID_MAX_LENGTH, ToolIdRegistry } from './toolIds';

/** Each provider's documented tool name rule (OpenAI, Anthropic, Gemini API references). */
const PROVIDER_NAME_RULES = {
  openai: /^[a-zA-Z0-9_-]{1,64}$/,
  anthropic: /^[a-zA-Z0-9_-]{1,64}$/,
  gemini: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
};

function expectValid(id: string): void {
  expect(id.length).toBeLessThanOrEqual(TOOL_ID_MAX_LENGTH);
  expect(id).toMatch(PORTABLE_TOOL_NAME);
  for (const rule of Object.values(PROVIDER_NAME_RULES)) expect(id).toMatch(rule);
}

const ref = (serverName: string, toolName: string, serverId = `id-${serverName}`) => ({ serverId, serverName, toolName });

describe('buildToolId', () => {
  it('is mcp__server__tool when nothing is lost', () => {
    expect(cleanName('a.b-c d')).toBe('a_b_c_d');
    expect(buildToolId('github', 'create_issue')).toBe('mcp__github__create_issue');
  });

  it('turns ASCII punctuation into _ without a suffix, so real names stay readable', () => {
    expect(buildToolId('brave-search', 'brave_web_search')).toBe('mcp__brave_search__brave_web_search');
    expect(buildToolId('srv', 'a.b')).toBe('mcp__srv__a_b');
  });

  it('adds a hash when cleaning lost non-ASCII information', () => {
    expect(buildToolId('srv', '身份证OCR')).toMatch(/^mcp__srv_____OCR_[0-9a-f]{8}$/);
  });

  it('keeps different non-ASCII names apart', () => {
    const ids = ['身份证OCR', '用户检索', '检索用户', '画像OCR'].map((name) => buildToolId('中文服务', name));
    expect(new Set(ids).size).toBe(4);
    ids.forEach(expectValid);
  });

  it('stays within 64 characters for long names, still distinct', () => {
    const long = 'x'.repeat(100);
    const a = buildToolId(long, `${long}_a`);
    const b = buildToolId(long, `${long}_b`);
    expect(a).not.toBe(b);
    [a, b, buildToolId('s', 't'.repeat(59)), buildToolId('', ''), buildToolId('   ', '🙂')].forEach(expectValid);
  });

  // A pinned value: changing the hash input would rename every tool users already have.
  it('is deterministic (stable across restarts)', () => {
    expect(buildToolId('中文服务', '检索')).toBe(buildToolId('中文服务', '检索'));
    expect(buildToolId('My Server', '检索')).toBe('mcp__My_Server_____11b0e51e');
  });
});

describe('ToolIdRegistry', () => {
  it('maps ids back to server id and original tool name, separating a.b from a_b', () => {
    const registry = ToolIdRegistry.from([ref('srv', 'a.b'), ref('srv', 'a_b'), ref('中文', '身份证OCR')]);
    expect(registry.size).toBe(3);
    expect(registry.idOf('id-srv', 'a.b')).not.toBe(registry.idOf('id-srv', 'a_b'));
    for (const [serverName, toolName] of [['srv', 'a.b'], ['srv', 'a_b'], ['中文', '身份证OCR']] as const) {
      const id = registry.idOf(`id-${serverName}`, toolName);
      expect(id).toBeDefined();
      expect(registry.resolve(id!)).toEqual({ serverId: `id-${serverName}`, serverName, toolName });
    }
    expect(registry.resolve('mcp__nope__nothing')).toBeUndefined();
  });

  it('does not depend on the order of the tools', () => {
    const refs = [ref('a', 'x'), ref('b', 'y.z'), ref('c', '检索')];
    const forward = ToolIdRegistry.from(refs);
    const backward = ToolIdRegistry.from([...refs].reverse());
    for (const { serverId, toolName } of refs) expect(forward.idOf(serverId, toolName)).toBe(backward.idOf(serverId, toolName));
  });

  it('separates ids that would still collide: same server name twice, or a name that looks like a hashed id', () => {
    const twin = [ref('dup', 'tool', 'server-1'), ref('dup', 'tool', 'server-2')];
    const lookalike = [ref('s', '检索'), ref('s', buildToolId('s', '检索').slice('mcp__s__'.length))];
    for (const refs of [twin, lookalike]) {
      const registry = ToolIdRegistry.from(refs);
      const ids = refs.map((r) => registry.idOf(r.serverId, r.toolName)!);
      expect(new Set(ids).size).toBe(2);
      ids.forEach(expectValid);
      refs.forEach((r, index) => expect(registry.resolve(ids[index]!)).toMatchObject({ serverId: r.serverId, toolName: r.toolName }));
    }
  });
});

describe('assignToolIds', () => {
  it('replaces whatever ids the tools had with registry ids', () => {
    const tool = (name: string): MCPTool => ({ id: 'not valid!', name, description: '', inputSchema: {}, serverId: 's1', serverName: 'files' });
    const { tools, registry } = assignToolIds([tool('read'), tool('read.all')]);
    expect(tools.map((t) => t.id)).toEqual(['mcp__files__read', 'mcp__files__read_all']);
    expect(registry.resolve(tools[1]!.id)).toEqual({ serverId: 's1', serverName: 'files', toolName: 'read.all' });
  });
});
