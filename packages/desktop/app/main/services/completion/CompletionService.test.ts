/** The request builder's own rules; tools from real servers are covered by toolLoop.integration.process.test.ts. */
import { describe, expect, it } from 'vitest';
import type { MCPTool } from '../../../shared/contracts/mcp-types';
import { CompletionService } from './CompletionService';

const silent = { info: () => undefined, warn: () => undefined };
const tool = (serverName: string, name: string, inputSchema: Record<string, unknown>): MCPTool => ({
  id: `mcp__${serverName}__${name}`,
  name,
  description: `${name} tool`,
  inputSchema,
  serverId: `id-${serverName}`,
  serverName,
});

/** A stand-in tool source: what McpService's listing returns, without processes. */
const source = (tools: MCPTool[]) => ({
  listAllActiveServerTools: async () => tools,
  listServerTools: async (serverId: string) => {
    const found = tools.filter((t) => t.serverId === serverId);
    if (found.length === 0) throw new Error(`no server ${serverId}`);
    return found;
  },
});

const search = tool('web', 'search', {
  type: 'object',
  properties: { query: { type: 'string' }, limit: { type: 'integer' } },
  required: ['query'],
});

describe('CompletionService.buildRequest', () => {
  it("builds each format's body and sets tools in its shape", async () => {
    const service = new CompletionService(source([search]), { logger: silent });
    const mcp = { enabled: true } as const;
    const openai = await service.buildRequest({ format: 'openai', model: 'gpt', messages: [], mcp });
    expect(openai.requestPayload.tools?.[0]).toMatchObject({ type: 'function', function: { name: 'mcp__web__search' } });
    const anthropic = await service.buildRequest({ format: 'anthropic', model: 'claude', messages: [], mcp, maxTokens: 1000 });
    expect(anthropic.requestPayload).toMatchObject({ model: 'claude', max_tokens: 1000, tools: [{ name: 'mcp__web__search' }] });
    const google = await service.buildRequest({ format: 'google', model: 'gemini', messages: [], mcp });
    expect(google.requestPayload.tools).toEqual([{ functionDeclarations: [expect.objectContaining({ name: 'mcp__web__search' })] }]);
    expect(google.requestPayload).not.toHaveProperty('model');
    expect(google.mcp?.toolIds.resolve('mcp__web__search')).toEqual({ serverId: 'id-web', serverName: 'web', toolName: 'search' });
  });

  it("returns toMcpArguments that undo strict mode's nulls", async () => {
    const built = await new CompletionService(source([search]), { logger: silent, strict: true }).buildRequest({
      format: 'openai',
      model: 'gpt',
      messages: [],
      mcp: { enabled: true },
    });
    const fn = built.requestPayload.tools?.[0]?.function;
    expect(fn?.strict).toBe(true);
    expect(fn?.parameters).toMatchObject({ required: ['query', 'limit'] });
    expect(built.mcp!.toMcpArguments('mcp__web__search', { query: 'q', limit: null })).toEqual({ query: 'q' });
  });

  it('sends no tools field when MCP is disabled, nothing is selected, or the servers fail', async () => {
    const service = new CompletionService(source([search]), { logger: silent });
    for (const mcp of [undefined, { enabled: false }, { enabled: true, mode: 'manual' as const, selectedServers: [] }, { enabled: true, mode: 'manual' as const, selectedServers: ['gone'] }]) {
      const built = await service.buildRequest({ format: 'openai-responses', model: 'o4', messages: ['x'], mcp });
      expect(built).toEqual({ format: 'openai-responses', model: 'o4', requestPayload: { model: 'o4', input: ['x'] } });
    }
  });
});
