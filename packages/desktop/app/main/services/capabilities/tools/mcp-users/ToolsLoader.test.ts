import { describe, expect, it } from 'vitest';
import type { MCPTool } from '@shared/contracts/mcp-types';
import { recordingLogger, tool, withArgs } from '@desktop-testing/toolConversion.testkit';
import { fetchMcpTools, setupMcpTools, type McpToolSource } from './ToolsLoader';

function fakeService(byServer: Record<string, MCPTool[] | Error>): McpToolSource & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async listAllActiveServerTools() {
      calls.push('all');
      return Object.values(byServer).flatMap((entry) => (entry instanceof Error ? [] : entry));
    },
    async listServerTools(serverId: string) {
      calls.push(serverId);
      const entry = byServer[serverId];
      if (entry instanceof Error) throw entry;
      return entry ?? [];
    },
  };
}

describe('fetchMcpTools', () => {
  const service = () => fakeService({ a: [tool('a', 'one')], b: [tool('b', 'two')], broken: new Error('boom') });

  it('returns nothing, without asking the service, when disabled or unset', async () => {
    for (const config of [undefined, {}, { enabled: false, mode: 'auto' as const }]) {
      const svc = service();
      expect(await fetchMcpTools(svc, config)).toEqual([]);
      expect(svc.calls).toEqual([]);
    }
  });

  it('lists every active server in auto mode and when mode is unset', async () => {
    for (const mode of ['auto' as const, undefined]) {
      const svc = service();
      expect((await fetchMcpTools(svc, { enabled: true, mode })).map((t) => t.name)).toEqual(['one', 'two']);
      expect(svc.calls).toEqual(['all']);
    }
  });

  it('lists each selected server in manual mode; one failing server is logged, the rest kept', async () => {
    const svc = service();
    const logger = recordingLogger();
    const tools = await fetchMcpTools(svc, { enabled: true, mode: 'manual', selectedServers: ['b', 'broken', 'a'] }, logger);
    expect(tools.map((t) => t.name)).toEqual(['two', 'one']);
    expect(svc.calls).toEqual(['b', 'broken', 'a']);
    expect(logger.lines).toEqual([expect.stringMatching(/^warn .*server broken failed: boom/)]);
  });

  it('lists nothing in manual mode without a selection', async () => {
    const svc = service();
    expect(await fetchMcpTools(svc, { enabled: true, mode: 'manual' })).toEqual([]);
    expect(svc.calls).toEqual([]);
  });
});

describe('setupMcpTools', () => {
  const enabled = { enabled: true };

  it('returns undefined when no tool is available', async () => {
    expect(await setupMcpTools(fakeService({}), enabled, 'openai', { logger: recordingLogger() })).toBeUndefined();
    expect(await setupMcpTools(fakeService({ a: [tool('a', 'x')] }), { enabled: false })).toBeUndefined();
  });

  it('logs the tools grouped by server', async () => {
    const logger = recordingLogger();
    await setupMcpTools(fakeService({ a: [tool('a', 'one'), tool('a', 'two')], b: [tool('b', 'three')] }), enabled, 'anthropic', { logger });
    expect(logger.lines).toEqual([
      'info [MCP tools] 3 tools from 2 servers',
      'info [MCP tools]   server-a (2): one, two',
      'info [MCP tools]   server-b (1): three',
    ]);
  });

  it('converts for each api format and returns the raw tools under the names sent', async () => {
    const svc = fakeService({ a: [tool('a', 'read.file', withArgs)] });
    const logger = recordingLogger();
    const openai = await setupMcpTools(svc, enabled, undefined, { logger });
    expect(openai?.tools[0]).toMatchObject({ type: 'function', function: { name: openai?.mcpTools[0]?.id, strict: false } });
    const responses = await setupMcpTools(svc, enabled, 'openai-responses', { logger });
    expect(responses?.tools[0]).toMatchObject({ type: 'function', name: responses?.mcpTools[0]?.id, strict: true });
    const anthropic = await setupMcpTools(svc, enabled, 'anthropic', { logger });
    expect(anthropic?.tools[0]?.input_schema).toMatchObject({ type: 'object', required: ['path'] });
    const gemini = await setupMcpTools(svc, enabled, 'google', { logger });
    expect(gemini?.tools).toEqual([{ functionDeclarations: [expect.objectContaining({ name: gemini?.mcpTools[0]?.id })] }]);
  });

  it('assigns provider-safe ids that map back to server and tool, whatever ids the service sent', async () => {
    const raw = { ...tool('a', '身份证OCR', withArgs), id: 'mcp__server-a__身份证OCR' };
    const setup = await setupMcpTools(fakeService({ a: [raw] }), enabled, 'openai', { logger: recordingLogger() });
    const name = setup?.tools[0]?.function.name ?? '';
    expect(name).toMatch(/^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/);
    expect(setup?.mcpTools[0]?.id).toBe(name);
    expect(setup?.toolIds.resolve(name)).toEqual({ serverId: 'a', serverName: 'server-a', toolName: '身份证OCR' });
  });

  it('undoes strict mode nulls through toMcpArguments', async () => {
    const setup = await setupMcpTools(fakeService({ a: [tool('a', 'list', withArgs)] }), enabled, 'openai', {
      logger: recordingLogger(),
      strict: true,
    });
    const name = setup?.tools[0]?.function.name ?? '';
    expect(setup?.toMcpArguments(name, { path: '/', depth: null })).toEqual({ path: '/' });
    expect(setup?.toMcpArguments('unknown', { depth: null })).toEqual({ depth: null });
  });

  it('gives renamed properties their names back for Gemini through toMcpArguments', async () => {
    const schema = { type: 'object', properties: { 'file-path': { type: 'string' } }, required: ['file-path'] };
    const setup = await setupMcpTools(fakeService({ a: [tool('a', 'open', schema)] }), enabled, 'google', { logger: recordingLogger() });
    const declaration = setup?.tools[0]?.functionDeclarations[0];
    expect(Object.keys((declaration?.parametersJsonSchema?.properties as object | undefined) ?? {})).toEqual(['file_path']);
    expect(setup?.toMcpArguments(declaration?.name ?? '', { file_path: '/tmp/x' })).toEqual({ 'file-path': '/tmp/x' });
  });
});
