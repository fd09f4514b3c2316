/**
 * One rule for disabled tools and inactive servers (issue 7, item 13), checked at each place a
 * tool can reach a model or be run: the service, the router, the agent's adapters and the
 * provider conversion. A disabled tool is never offered to a model and a call to it fails with
 * MCP_TOOL_DISABLED; an inactive server is connected only when a person tests or calls it.
 * Real fixture server over stdio, real store.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import { AppError } from '@shared/errors';
import { loadMcpTools, McpToolAdapter } from '../../../agent-core/engine/tinyelf/tools/McpToolAdapter';
import { AppRouter, createRouteHandlers } from '../../../routers/AppRouter';
import { AgentSessions } from '../../../agents/AgentSessions';
import { McpProcessTracker } from './McpProcessTracker';
import { openLocalStores } from '../../../appStores';
import { createApprovalBroker } from '../../../chat/ApprovalBroker';
import { DependencyCheckService } from './DependencyCheckService';
import { PresetInstaller } from './presets/PresetInstaller';
import { codeOf, makeService, stdioInput, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';
import { setupMcpTools } from './ToolsLoader';
import { createChat, DENY_ALL_APPROVER } from '../../../chat/createChat';
import { ModelClients } from '../../../chat/models/ModelClients';
import { RegistryClient } from '../../../registry/RegistryClient';
import { BUNDLES_DIR_NAME, McpbBundles } from '../../../registry/McpbBundles';
import { REGISTRIES_FILE_NAME, RegistryService } from '../../../registry/RegistryService';

let h: Harness;

afterEach(async () => {
  await h.dispose();
  expect(await waitNoStrayChildren()).toEqual([]);
});

const connects = () => h.events.filter((e) => e.name === 'mcp.connection_state' && e.payload.state === 'connecting').length;
const silentLogger = { info: () => undefined, warn: () => undefined };

async function addFixture(extra: { isActive?: boolean; disabledTools?: string[] } = {}) {
  const { server } = await h.service.add({ ...stdioInput('fixture', FIXTURE_SERVERS.stdio), isActive: true, ...extra });
  return server!;
}

describe('disabled tools', () => {
  it('are refused by callTool with MCP_TOOL_DISABLED, and the call never reaches the server', async () => {
    h = makeService({ connectOnAdd: false });
    const server = await addFixture({ disabledTools: ['echo'] });
    const err = await h.service.callTool(server.id, 'echo', { text: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).toShape()).toMatchObject({ code: 'MCP_TOOL_DISABLED', data: { serverId: server.id, serverName: 'fixture', toolName: 'echo' } });
    expect(h.events.some((e) => e.name === 'mcp.tool_called')).toBe(false);
    // Enabled tools of the same server still run.
    expect(textOf((await h.service.callTool(server.id, 'add', { a: 1, b: 2 })).content)).toBe('3');
  });

  it('are refused through the router with the same code', async () => {
    h = makeService({ connectOnAdd: false });
    const server = await addFixture({ disabledTools: ['echo'] });
    const stores = openLocalStores(h.dir);
    const deps = new DependencyCheckService();
    const presets = new PresetInstaller({ mcpService: h.service, deps, providers: stores.providers });
    const chat = createChat({ mcpService: h.service, models: new ModelClients({ providers: stores.providers, fetch }), approver: DENY_ALL_APPROVER, emit: () => {} });
    const approvals = createApprovalBroker(h.service, { request: () => {}, closed: () => {} });
    const { elicitation, sampling, notices } = h.mcp;
    const router = new AppRouter(createRouteHandlers({ mcpService: h.service, elicitation, sampling, notices, ...stores, deps, presets, onLinkInstalled: () => {}, chat, approvals, agentSessions: new AgentSessions({ store: stores.agents, tracker: new McpProcessTracker() }), registry: new RegistryService({ client: new RegistryClient({ fetch }), settingsPath: path.join(h.dir, REGISTRIES_FILE_NAME), envUrl: undefined, mcpService: h.service, bundles: new McpbBundles({ fetch, dir: path.join(h.dir, BUNDLES_DIR_NAME) }) }) }));
    const result = await router.dispatch('mcp.call_tool', { serverId: server.id, toolName: 'echo', args: { text: 'x' } });
    expect(result).toMatchObject({ ok: false, error: { code: 'MCP_TOOL_DISABLED', data: { toolName: 'echo' } } });
  });

  it('are refused after being disabled while a connection is pooled', async () => {
    h = makeService({ connectOnAdd: false });
    const server = await addFixture();
    expect(textOf((await h.service.callTool(server.id, 'echo', { text: 'warm' })).content)).toBe('warm');
    await h.service.update({ id: server.id, updates: { disabledTools: ['echo'] } });
    expect(await codeOf(h.service.callTool(server.id, 'echo', { text: 'x' }))).toBe('MCP_TOOL_DISABLED');
  });

  it('are reported apart by a test: `tools` holds the enabled ones, `disabledTools` the rest', async () => {
    h = makeService({ connectOnAdd: false });
    const server = await addFixture({ disabledTools: ['echo', 'not_offered'] });
    const result = await h.service.test({ id: server.id });
    expect(result.success).toBe(true);
    expect(result.tools).toContain('add');
    expect(result.tools).not.toContain('echo');
    // Only tools the server offers: a stale name in the record is no tool.
    expect(result.disabledTools).toEqual(['echo']);
  });

  it('are refused to an agent adapter made before the tool was disabled', async () => {
    h = makeService({ connectOnAdd: false });
    const server = await addFixture();
    const echo = (await h.service.listServerTools(server.id)).find((t) => t.name === 'echo')!;
    const adapter = new McpToolAdapter(echo, h.service);
    await h.service.update({ id: server.id, updates: { disabledTools: ['echo'] } });
    const result = await adapter.execute({ text: 'x' });
    expect(result).toMatchObject({ isError: true, error: { code: 'MCP_TOOL_DISABLED' } });
  });

  it('are never converted for a provider', async () => {
    h = makeService({ connectOnAdd: false });
    const server = await addFixture({ disabledTools: ['echo'] });
    for (const mode of ['auto', 'manual'] as const) {
      const setup = await setupMcpTools(h.service, { enabled: true, mode, selectedServers: [server.id] }, 'anthropic', { logger: silentLogger });
      const names = setup!.tools.map((t) => t.name);
      expect(names.some((n) => n.endsWith('__add'))).toBe(true);
      expect(names.some((n) => n.endsWith('__echo'))).toBe(false);
    }
  });
});

describe('inactive servers', () => {
  it('are not connected by agent loading; the failure names the reason', async () => {
    h = makeService();
    const server = await addFixture({ isActive: false });
    const { tools, failures } = await loadMcpTools(h.service, [server.id]);
    expect(tools).toEqual([]);
    expect(failures).toEqual([{ serverId: server.id, error: expect.objectContaining({ code: 'MCP_SERVER_INACTIVE' }) }]);
    expect(connects()).toBe(0);
  });

  it('are not connected by a provider request that selects them', async () => {
    h = makeService();
    const server = await addFixture({ isActive: false });
    const setup = await setupMcpTools(h.service, { enabled: true, mode: 'manual', selectedServers: [server.id] }, 'openai', { logger: silentLogger });
    expect(setup).toBeUndefined();
    expect(await h.service.listAllActiveServerTools()).toEqual([]);
    expect(connects()).toBe(0);
  });

  it('are not reconnected by an agent call after being deactivated', async () => {
    h = makeService({ connectOnAdd: false });
    const server = await addFixture();
    const { tools } = await loadMcpTools(h.service, [server.id]);
    const echo = tools.find((t) => t.name.endsWith('__echo'))!;
    expect((await echo.execute({ text: 'live' })).text).toBe('live');
    await h.service.update({ id: server.id, updates: { isActive: false } });
    const before = connects();
    expect(await echo.execute({ text: 'x' })).toMatchObject({ isError: true, error: { code: 'MCP_SERVER_INACTIVE' } });
    expect(connects()).toBe(before);
  });

  it('are still connected when a person tests or calls them', async () => {
    h = makeService();
    const server = await addFixture({ isActive: false });
    expect((await h.service.test({ id: server.id })).success).toBe(true);
    expect(textOf((await h.service.callTool(server.id, 'echo', { text: 'asked' })).content)).toBe('asked');
  });
});
