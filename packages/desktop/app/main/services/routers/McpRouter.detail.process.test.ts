/**
 * What the server detail reads, end to end through createServices and the real router, against
 * the real stdio fixture: every tool with its title, annotations and a disabled mark; a tool
 * disabled through mcp.update gone from everything a model can be offered; and prompts and
 * resources of a server that does not offer them reported as MCP_NOT_SUPPORTED; and a tool's
 * outputSchema carried for the result display (structuredContent answered as sent, a broken one
 * too: checking it is the display's job) while no provider conversion sends it to a model.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS, assertNoChildren, type FixtureEnv } from '@fixtures/servers/paths';
import { routes, type RouteName, type RouteOutput } from '../../../shared/contracts/ipc';
import { TOOL_FORMAT_IDS } from '../../../shared/toolFormats';
import { openLocalStores } from '../appStores';
import { setupMcpTools } from '../capabilities/tools/mcp-users/ToolsLoader';
import { createServices, type Services } from '../createServices';

let services: Services;
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-detail-'));
  services = createServices({ ...openLocalStores(dir), fetch: globalThis.fetch });
});

afterEach(async () => {
  await services.dispose();
  rmSync(dir, { recursive: true, force: true });
  await assertNoChildren();
});

/** A route's data, checked against the contract's output schema, or the test fails with its error. */
async function call<R extends RouteName>(route: R, input: unknown): Promise<RouteOutput<R>> {
  const result = await services.router.dispatch(route, input);
  if (!result.ok) throw new Error(`${route} failed: ${result.error.code} ${result.error.message}`);
  return routes[route].output.parse(result.data) as RouteOutput<R>;
}

async function addFixture(env: FixtureEnv = {}): Promise<string> {
  const added = await call('mcp.add', {
    name: 'fx',
    type: 'stdio',
    isActive: true,
    config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], env },
  });
  return added.server!.id;
}

const silentLogger = { info: () => undefined, warn: () => undefined };

describe('the server detail', () => {
  it('discovers every tool with its title, its annotations and whether it is disabled, and the server instructions', async () => {
    const id = await addFixture();
    await call('mcp.update', { id, updates: { disabledTools: ['crash'] } });
    const found = await call('mcp.discover', { id });
    expect(found.instructions).toContain('Call `echo` to check the connection.');
    const byName = new Map(found.tools.map((t) => [t.name, t]));
    expect(byName.get('add')).toMatchObject({
      title: 'Add numbers',
      disabled: false,
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
      inputSchema: { properties: { a: { type: 'number', description: 'First addend' } }, required: ['a', 'b'] },
    });
    expect(byName.get('crash')).toMatchObject({
      disabled: true,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
    });
    // A tool without annotations has none invented for it.
    expect(byName.get('echo')).not.toHaveProperty('annotations');
    expect(byName.get('echo')).not.toHaveProperty('title');
    expect(found.tools.filter((t) => t.disabled).map((t) => t.name)).toEqual(['crash']);
  });

  it('a tool disabled through mcp.update is gone from mcp.list_tools, mcp.list_all_tools and every provider conversion, and comes back', async () => {
    const id = await addFixture();
    const offered = async () => {
      const names = { listTools: (await call('mcp.list_tools', { id })).map((t) => t.name), all: (await call('mcp.list_all_tools', {})).map((t) => t.name) };
      const converted: Record<string, string[]> = {};
      for (const format of TOOL_FORMAT_IDS) {
        const setup = await setupMcpTools(services.mcpService, { enabled: true }, format, { logger: silentLogger });
        converted[format] = (setup?.mcpTools ?? []).map((t) => t.name);
        // Annotations are for the person: no provider request carries them.
        expect(JSON.stringify(setup?.tools)).not.toMatch(/readOnlyHint|destructiveHint|Add numbers/);
      }
      return { ...names, converted };
    };

    const before = await offered();
    expect(before.listTools).toContain('add');
    expect(before.all).toContain('add');
    for (const format of TOOL_FORMAT_IDS) expect(before.converted[format]).toContain('add');

    await call('mcp.update', { id, updates: { disabledTools: ['add'] } });
    const disabled = await offered();
    expect(disabled.listTools).not.toContain('add');
    expect(disabled.all).not.toContain('add');
    for (const format of TOOL_FORMAT_IDS) {
      expect(disabled.converted[format]).not.toContain('add');
      expect(disabled.converted[format]).toContain('echo');
    }
    // The detail still shows it, marked.
    expect((await call('mcp.discover', { id })).tools.find((t) => t.name === 'add')).toMatchObject({ disabled: true });

    await call('mcp.update', { id, updates: { disabledTools: [] } });
    const back = await offered();
    expect(back.all).toContain('add');
    for (const format of TOOL_FORMAT_IDS) expect(back.converted[format]).toContain('add');
  });

  it('reports prompts and resources of a server that does not offer them as MCP_NOT_SUPPORTED, tools intact', async () => {
    const id = await addFixture({ FIXTURE_TOOLS_ONLY: '1' });
    const found = await call('mcp.discover', { id });
    expect(found.tools.map((t) => t.name)).toContain('echo');
    expect(found.prompts).toEqual([]);
    expect(found.resources).toEqual([]);
    expect(found.errors.prompts).toMatchObject({ code: 'MCP_NOT_SUPPORTED', data: { serverId: id, serverName: 'fx', capability: 'prompts' } });
    expect(found.errors.resources).toMatchObject({ code: 'MCP_NOT_SUPPORTED', data: { capability: 'resources' } });
  });

  it('a server that offers prompts and resources lists them with arguments and MIME types and no errors', async () => {
    const id = await addFixture();
    const found = await call('mcp.discover', { id });
    expect(found.prompts).toEqual([{ name: 'greet', description: 'Greets someone', arguments: [{ name: 'name', required: true }] }]);
    expect(found.resources).toEqual([{ uri: 'fixture://readme', name: 'readme', mimeType: 'text/plain' }]);
    expect(found.errors).toEqual({});
  });
});

const OUTPUT_SCHEMA = {
  type: 'object',
  properties: { sum: { type: 'number', description: 'The total of a and b' } },
  required: ['sum'],
};

describe('a tool with an outputSchema', () => {
  it('is listed with its outputSchema, answers structuredContent as sent, and no provider is sent the schema', async () => {
    const added = await call('mcp.add', {
      name: 'fx',
      type: 'stdio',
      isActive: true,
      config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] },
    });
    const id = added.server!.id;

    const discovered = await call('mcp.discover', { id });
    expect(discovered.tools.find((t) => t.name === 'structured')).toMatchObject({ outputSchema: OUTPUT_SCHEMA });
    // A tool that declares none has none invented for it.
    expect(discovered.tools.find((t) => t.name === 'echo')).not.toHaveProperty('outputSchema');
    expect((await call('mcp.list_tools', { id })).find((t) => t.name === 'structured')).toMatchObject({ outputSchema: OUTPUT_SCHEMA });
    expect((await call('mcp.list_all_tools', {})).find((t) => t.name === 'structured')).toMatchObject({ outputSchema: OUTPUT_SCHEMA });

    const good = await call('mcp.call_tool', { serverId: id, toolName: 'structured', args: { a: 1, b: 2 } });
    expect(good).toMatchObject({ isError: false, structuredContent: { sum: 3 }, content: [{ type: 'text', text: '{"sum":3}' }] });
    const bad = await call('mcp.call_tool', { serverId: id, toolName: 'structured', args: { a: 1, b: 2, bad: true } });
    expect(bad).toMatchObject({ isError: false, structuredContent: { sum: '3' } });

    for (const format of TOOL_FORMAT_IDS) {
      const setup = await setupMcpTools(services.mcpService, { enabled: true }, format, { logger: silentLogger });
      expect(setup?.mcpTools.map((t) => t.name)).toContain('structured');
      expect(JSON.stringify(setup?.tools), format).not.toMatch(/outputSchema|The total of a and b/);
    }
  });
});
