/**
 * Proof that a session tool's name (`serverName__toolName`, DirectMcpToolAdapter) never equals
 * one of the person's tool ids (`mcp__server__tool`, toolIds.ts), and that two session servers
 * of one preset never share a tool name:
 *
 * 1. every id assignToolIds gives starts with `mcp__` (buildToolId's PREFIX, kept by truncation);
 * 2. directToolName never returns a name starting with `mcp__` (any case): such a name gets `_` first;
 * 3. a preset's server names start with a letter and never clean to `mcp`+separator, so (2) never
 *    has to add `_`, and direct names are the ids without their fixed prefix: distinct ids (the
 *    registry's guarantee) give distinct names.
 * Checked here on adversarial names, and end to end in setupMcpTools, which refuses a clash.
 */
import { describe, expect, it } from 'vitest';
import { SessionServerNameSchema, AgentPresetInputSchema } from '@shared/contracts/agents';
import type { MCPTool } from '@shared/contracts/mcp-types';
import { assignToolIds, buildToolId, cleanName, PORTABLE_TOOL_NAME, ToolIdRegistry } from '@mcp-common/toolIds';
import { directToolName } from '../agent-core/engine/tinyelf/tools/DirectMcpToolAdapter';
import { setupMcpTools } from '../capabilities/tools/mcp-users/ToolsLoader';

const SERVER_NAMES = ['mcp', 'MCP', 'mcp_', 'mcp__x', 'mcp-x', 'mcp.files', 'Mcp x', 'mcpx', 'mcp2', '_mcp', '7zip', '__', '身份证', 'a'.repeat(80), 'files', 'a.b', 'a_b', 'x mcp'];
const TOOL_NAMES = ['echo', 'mcp__a__b', '__', 'read-file', '读取', 't'.repeat(80)];

const tool = (serverName: string, name: string): MCPTool => ({ id: name, name, description: '', inputSchema: { type: 'object' }, serverId: `id-${serverName}`, serverName });

describe('session tool names vs the person’s tool ids', () => {
  const pairs = SERVER_NAMES.flatMap((s) => TOOL_NAMES.map((t) => [s, t] as const));

  it('user ids all start with mcp__; direct names never do, and are portable', () => {
    for (const [server, name] of pairs) {
      const id = buildToolId(server, name);
      expect(id.startsWith('mcp__')).toBe(true);
      const direct = directToolName(id);
      expect(direct.toLowerCase().startsWith('mcp__'), `${server}/${name} → ${direct}`).toBe(false);
      expect(PORTABLE_TOOL_NAME.test(direct), direct).toBe(true);
    }
  });

  it('preset server names that could come near the mcp__ prefix or need a leading _ are refused, with the field', () => {
    const allowed = SERVER_NAMES.filter((n) => SessionServerNameSchema.safeParse(n).success);
    expect(allowed).toEqual(['mcpx', 'mcp2', 'files', 'a.b', 'a_b', 'x mcp']);
    for (const name of allowed) {
      expect(cleanName(name)[0]).toMatch(/[A-Za-z]/);
      for (const t of TOOL_NAMES) expect(directToolName(buildToolId(name, t))).toBe(buildToolId(name, t).slice('mcp__'.length));
    }
    const refused = AgentPresetInputSchema.safeParse({ name: 'p', sessionServers: { 'mcp-x': { command: 'node' }, 'A.b': { command: 'node' }, 'a_B': { command: 'node' } } });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => i.path.join('.'))).toEqual(['sessionServers.mcp-x', 'sessionServers.a_B']);
  });

  it('direct names of one set are distinct even where server names clean alike', () => {
    const refs = ['a.b', 'a_b', 'a-b'].flatMap((s) => ['echo', 'e.cho'].map((t) => ({ serverId: s, serverName: s, toolName: t })));
    const registry = ToolIdRegistry.from(refs);
    const names = refs.map((r) => directToolName(registry.idOf(r.serverId, r.toolName)!));
    expect(new Set(names).size).toBe(refs.length);
  });

  it('setupMcpTools offers both sets side by side, and refuses a session tool that takes a user id', async () => {
    const users = [tool('mcp', 'x'), tool('files', 'echo'), tool('a', 'b')];
    const source = { listAllActiveServerTools: async () => users, listServerTools: async () => users };
    const { tools: assigned } = assignToolIds(users);
    // Named over the whole direct set, as loadDirectMcpTools does.
    const registry = ToolIdRegistry.from(pairs.map(([s, t]) => ({ serverId: s, serverName: s, toolName: t })));
    const direct = pairs.map(([s, t]) => ({ ...tool(s, t), id: directToolName(registry.idOf(s, t)!), serverId: `direct:${s}` }));
    const setup = await setupMcpTools(source, { enabled: true }, 'openai', { directTools: direct, logger: { info: () => undefined, warn: () => undefined } });
    const ids = setup!.mcpTools.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining([...assigned.map((t) => t.id), ...direct.map((t) => t.id)]));

    const forged = { ...tool('evil', 'b'), id: 'mcp__a__b', serverId: 'direct:evil' };
    await expect(setupMcpTools(source, { enabled: true }, 'openai', { directTools: [forged] })).rejects.toThrow(/has the name of one of your servers' tools/);
  });
});
