/** McpToolAdapter against a real McpService and the real stdio fixture server. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIXTURE_SERVERS, assertNoChildren } from '@fixtures/servers/paths';
import { TINY_PNG_BASE64 } from '@fixtures/servers/tools.mjs';
import type { MCPTool } from '@shared/contracts/mcp-types';
import type { McpServiceOptions } from '@services/capabilities/tools/mcp-users/McpService';
import { makeService, stdioInput, type Harness } from '@desktop-testing/McpService.testkit';
import { loadMcpTools, McpToolAdapter, type McpToolAdapterOptions } from './McpToolAdapter';

let h: Harness | undefined;

afterEach(async () => {
  await h?.dispose();
  h = undefined;
  await assertNoChildren();
});

async function fixture(config: { timeoutMs?: number } = {}, serviceOptions: McpServiceOptions = {}) {
  h = makeService(serviceOptions);
  const { server } = await h.service.add({ ...stdioInput('fixture'), config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], ...config } });
  const tools = await h.service.listServerTools(server!.id);
  const service = h.service;
  const adapter = (name: string, options?: McpToolAdapterOptions) => new McpToolAdapter(tools.find((t) => t.name === name) as MCPTool, service, options);
  const sawCancel = () => service.serverLog(server!.id).some((l) => l.stream === 'stderr' && /sleep cancelled at step \d/.test(l.line));
  return { serverId: server!.id, tools, adapter, sawCancel };
}

describe('McpToolAdapter', () => {
  it('maps the MCP tool onto ITool and calls it through the pool', async () => {
    const { tools, adapter } = await fixture();
    const echo = adapter('echo');
    const source = tools.find((t) => t.name === 'echo')!;
    expect(echo).toMatchObject({ name: source.id, description: source.description, parameters: source.inputSchema, source: `mcp:${source.serverId}` });
    expect(await echo.execute({ text: 'hi' })).toEqual({ text: 'hi', isError: false, content: [{ type: 'text', text: 'hi' }] });
  });

  it('applies the argument mapper before calling', async () => {
    const { adapter } = await fixture();
    const seen: unknown[] = [];
    const add = adapter('add', {
      toMcpArguments: (toolId, args) => {
        seen.push(toolId);
        return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== null));
      },
    });
    expect((await add.execute({ a: 2, b: 3, c: null })).text).toBe('5');
    expect(seen).toEqual([add.name]);
  });

  it('keeps images as content and shows a placeholder in the text', async () => {
    const { adapter } = await fixture();
    const result = await adapter('image').execute({});
    expect(result.text).toBe('[Image: image/png]');
    expect(result.isError).toBe(false);
    expect(result.content).toEqual([{ type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' }]);
  });

  it('turns isError into a failed result the agent can read', async () => {
    const { adapter } = await fixture();
    const result = await adapter('fail').execute({});
    expect(result).toEqual({ text: 'This tool always fails', isError: true, content: [{ type: 'text', text: 'This tool always fails' }] });
  });

  it("times out at the server's timeoutMs and cancels the call on the server", async () => {
    const { adapter, sawCancel } = await fixture({ timeoutMs: 300 });
    // MCP_TIMEOUT rather than a result: the 300 ms deadline won over the 10 s sleep (the default is 120 s).
    const result = await adapter('sleep').execute({ ms: 10_000 });
    expect(result.isError).toBe(true);
    expect(result.error?.code).toBe('MCP_TIMEOUT');
    expect(result.text).toMatch(/^MCP_TIMEOUT: /);
    await expect.poll(sawCancel, { timeout: 5_000 }).toBe(true);
  });

  it('has its own deadline when the server sets none, and it cancels too', async () => {
    const { adapter, sawCancel } = await fixture();
    const result = await adapter('sleep', { timeoutMs: 300 }).execute({ ms: 10_000 });
    expect(result.error).toMatchObject({ code: 'MCP_TIMEOUT', data: { timeoutMs: 300, toolName: 'sleep' } });
    await expect.poll(sawCancel, { timeout: 5_000 }).toBe(true);
    // The connection survives: the server dropped that request and answers the next.
    expect((await adapter('echo').execute({ text: 'still here' })).text).toBe('still here');
  });

  it("gives its own timeout precedence over the service's default, even a longer one", async () => {
    // The service's default is tiny here; the adapter's longer timeout must be the one deadline.
    const { adapter } = await fixture({}, { callTimeoutMs: 200 });
    const result = await adapter('sleep', { timeoutMs: 30_000 }).execute({ ms: 1_000 });
    expect(result).toMatchObject({ isError: false, text: 'slept 1000' });
  });

  it('reads no configuration per call', async () => {
    const { adapter } = await fixture();
    const echo = adapter('echo');
    expect((await echo.execute({ text: 'warm' })).text).toBe('warm');
    const reads = vi.spyOn(h!.store, 'readServers');
    for (const text of ['a', 'b', 'c']) expect((await echo.execute({ text })).text).toBe(text);
    expect(reads).not.toHaveBeenCalled();
  });

  it("cancels on the caller's signal, on the server too", async () => {
    const { adapter, sawCancel } = await fixture();
    const controller = new AbortController();
    const pending = adapter('sleep').execute({ ms: 20_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    const result = await pending;
    expect(result.error?.code).toBe('MCP_CANCELLED');
    expect(result.isError).toBe(true);
    await expect.poll(sawCancel, { timeout: 5_000 }).toBe(true);
  });

  it('does not start a call whose signal is already aborted', async () => {
    const { adapter } = await fixture();
    const called = h!.events.length;
    const result = await adapter('echo').execute({ text: 'x' }, { signal: AbortSignal.abort() });
    expect(result.error?.code).toBe('MCP_CANCELLED');
    expect(h!.events.slice(called).some((e) => e.name === 'mcp.tool_called')).toBe(false);
  });

  it('reports a removed server and a protocol error as failed results, never a throw', async () => {
    const { serverId, adapter } = await fixture();
    const unknown = new McpToolAdapter({ ...(await h!.service.listServerTools(serverId))[0]!, name: 'no_such_tool' }, h!.service);
    expect((await unknown.execute({})).error?.code).toBe('MCP_PROTOCOL_ERROR');
    await h!.service.remove(serverId);
    const result = await adapter('echo').execute({ text: 'x' });
    expect(result.error?.code).toBe('NOT_FOUND');
    expect(result.text).toContain(serverId);
  });
});

describe('loadMcpTools', () => {
  it('loads every server it can and reports the ones it cannot', async () => {
    // Active (an agent never loads an inactive server), connected only by the load itself.
    h = makeService({ connectOnAdd: false });
    const { server: good } = await h.service.add(stdioInput('good'));
    const { server: broken } = await h.service.add({ name: 'broken', type: 'stdio', config: { command: 'elftia-no-such-command' } });
    const { tools, failures } = await loadMcpTools(h.service, [good!.id, broken!.id, 'mcp_missing']);
    expect(tools.map((t) => t.name)).toContain('mcp__good__echo');
    expect(tools.every((t) => t.source === `mcp:${good!.id}`)).toBe(true);
    expect(failures.map((f) => [f.serverId, f.error.code])).toEqual([
      [broken!.id, 'DEPS_MISSING'],
      ['mcp_missing', 'NOT_FOUND'],
    ]);
    const echo = tools.find((t) => t.name === 'mcp__good__echo')!;
    expect((await echo.execute({ text: 'loaded' })).text).toBe('loaded');
  });
});
