/**
 * A tool's outputSchema, end to end through createServices and the real router against the real
 * stdio fixture: discovery and the tool lists carry it for the result display, a call answers the
 * structuredContent as sent (a broken one too: checking it is the display's job, not a refusal),
 * and no provider conversion sends it to a model.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS, assertNoChildren } from '../../../../../../e2e/fixtures/servers/paths';
import { routes, type RouteName, type RouteOutput } from '../../../shared/contracts/ipc';
import { TOOL_FORMAT_IDS } from '../../../shared/toolFormats';
import { openLocalStores } from '../appStores';
import { setupMcpTools } from '../capabilities/tools/mcp-users/ToolsLoader';
import { createServices, type Services } from '../createServices';

let services: Services;
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-output-schema-'));
  services = createServices({ ...openLocalStores(dir), fetch: globalThis.fetch });
});

afterEach(async () => {
  await services.dispose();
  rmSync(dir, { recursive: true, force: true });
  await assertNoChildren();
});

async function call<R extends RouteName>(route: R, input: unknown): Promise<RouteOutput<R>> {
  const result = await services.router.dispatch(route, input);
  if (!result.ok) throw new Error(`${route} failed: ${result.error.code} ${result.error.message}`);
  return routes[route].output.parse(result.data) as RouteOutput<R>;
}

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
      const setup = await setupMcpTools(services.mcpService, { enabled: true }, format, { logger: { info: () => undefined, warn: () => undefined } });
      expect(setup?.mcpTools.map((t) => t.name)).toContain('structured');
      expect(JSON.stringify(setup?.tools), format).not.toMatch(/outputSchema|The total of a and b/);
    }
  });
});
