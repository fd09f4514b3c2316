/**
 * MCP Apps on the host side (issue 32), against real app servers over stdio: the official
 * system-monitor and basic-vanillajs examples and our app fixture (e2e/fixtures/servers/app-server.mjs).
 * One service and three servers for the whole file. Checks: the UI extension is advertised (the
 * examples link their tools only then), tools carry their app link, app-only tools never reach a
 * model (the service, the agent loader, the provider conversion) yet run for their app, an app
 * may not call a model-only tool, an app's call follows the approval policy for apps (a destructive
 * tool asks the person through the chat's approval broker, and is refused when denied), and the app
 * resource route reads ui:// resources, mime type checked, the read result's _meta.ui over the list entry's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_EXAMPLE_SERVERS, FIXTURE_SERVERS } from '@fixtures/servers/paths';
import { codeOf, makeService, stdioInput, textOf, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';
import type { McpServerInput } from '@shared/contracts/mcp-types';
import { buildAppCsp } from '@shared/mcpApps';
import { loadMcpTools } from '../../../agent-core/engine/tinyelf/tools/McpToolAdapter';
import { createMcpRouteHandlers } from '../../../routers/McpRouter';
import { setupMcpTools } from './ToolsLoader';
import { createApprovalBroker, type ApprovalBroker } from '../../../chat/ApprovalBroker';
import type { ApprovalRequest } from '@shared/contracts/chat';

let h: Harness;
let approvals: ApprovalBroker;
/** What the broker asked the person (chat.approval_request), in order; a test answers through approvals.respond. */
const asked: ApprovalRequest[] = [];
const approve = (question: Parameters<ApprovalBroker['decideForApp']>[0]) => approvals.decideForApp(question);
const ids = { fixture: '', monitor: '', basic: '' };
const example = (name: string, entry: string): McpServerInput => ({ name, type: 'stdio', config: { command: process.execPath, args: [entry, '--stdio'] }, isActive: true });

beforeAll(async () => {
  h = makeService({ connectOnAdd: false });
  approvals = createApprovalBroker(h.service, { request: (request) => asked.push(request), closed: () => undefined });
  ids.fixture = (await h.service.add({ ...stdioInput('apps', FIXTURE_SERVERS.apps), isActive: true })).server!.id;
  ids.monitor = (await h.service.add(example('monitor', APP_EXAMPLE_SERVERS.systemMonitor))).server!.id;
  ids.basic = (await h.service.add(example('basic', APP_EXAMPLE_SERVERS.basicVanillajs))).server!.id;
});

afterAll(async () => {
  approvals.dispose();
  await h.dispose();
  expect(await waitNoStrayChildren()).toEqual([]);
});

const names = (tools: { name: string }[]) => tools.map((t) => t.name).sort();

describe('app links and visibility', () => {
  it('reads each tool’s app link, nested or flat, with its visibility', async () => {
    const { tools } = await h.service.discover(ids.fixture);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t.app]));
    expect(byName.hostile_view).toEqual({ resourceUri: 'ui://fixture/hostile.html', visibility: ['model', 'app'] });
    expect(byName.plain_view).toEqual({ resourceUri: 'ui://fixture/plain.txt', visibility: ['model', 'app'] });
    expect(byName.model_only).toEqual({ visibility: ['model'] });
    expect(byName.report).toEqual({ visibility: ['app'] });
    const monitor = await h.service.discover(ids.monitor);
    expect(monitor.tools.find((t) => t.name === 'get-system-info')?.app?.resourceUri).toBe('ui://system-monitor/mcp-app.html');
  });

  it('never offers an app-only tool to a model: not listed, not loaded for an agent, not converted for a provider', async () => {
    expect(names(await h.service.listServerTools(ids.monitor))).toEqual(['get-system-info']);
    expect(names(await h.service.listServerTools(ids.fixture))).toEqual(['hostile_view', 'model_only', 'notes_view', 'plain_view', 'probe_view']);
    expect(names(await h.service.listServerTools(ids.fixture))).not.toContain('wipe_notes');
    const all = await h.service.listAllActiveServerTools();
    expect(all.some((t) => t.name === 'poll-system-stats' || t.name === 'report')).toBe(false);
    const { tools } = await loadMcpTools(h.service, [ids.monitor, ids.fixture]);
    expect(tools.some((t) => /poll-system-stats|report/.test(t.name))).toBe(false);
    const setup = await setupMcpTools(h.service, { enabled: true, mode: 'manual', selectedServers: [ids.monitor] }, 'anthropic', { logger: { info: () => undefined, warn: () => undefined } });
    expect(setup?.mcpTools.map((t) => t.name)).toEqual(['get-system-info']);
  });

  it('runs an app-only tool for its app, recorded with origin app', async () => {
    const result = await h.service.appCallTool(ids.monitor, 'poll-system-stats', {}, approve);
    expect(result.isError).toBeFalsy();
    expect(JSON.stringify(result.structuredContent ?? result.content)).toMatch(/memory|cpu/i);
    const called = h.events.filter((e) => e.name === 'mcp.tool_called').at(-1);
    expect(called?.payload).toMatchObject({ toolName: 'poll-system-stats', origin: 'app', success: true });
  });

  it('refuses an app’s call to a model-only tool or to a tool its server does not list, before anything is sent', async () => {
    const before = h.events.filter((e) => e.name === 'mcp.tool_called').length;
    expect(await codeOf(h.service.appCallTool(ids.fixture, 'model_only', {}, approve))).toBe('APP_TOOL_NOT_ALLOWED');
    expect(await codeOf(h.service.appCallTool(ids.fixture, 'no_such_tool', {}, approve))).toBe('APP_TOOL_NOT_ALLOWED');
    expect(h.events.filter((e) => e.name === 'mcp.tool_called').length).toBe(before);
    // The person may still call it (the playground), and a model is offered it.
    expect(textOf((await h.service.callTool(ids.fixture, 'model_only', {})).content)).toBe('model-only tool ran');
  });
});

describe('an app’s calls follow the approval policy for apps', () => {
  const calls = () => h.events.filter((e) => e.name === 'mcp.tool_called').length;
  /** The next question the broker asks, answered as the person would. */
  const answerNext = async (decision: 'allow_once' | 'deny') => {
    await expect.poll(() => asked.length).toBeGreaterThan(0);
    const request = asked.shift()!;
    await approvals.respond({ requestId: request.requestId, decision, includeIdentical: false });
    return request;
  };

  it('runs an app-visible tool that claims nothing, on an untrusted server, without asking', async () => {
    const result = await createMcpRouteHandlers({ mcpService: h.service, elicitation: h.mcp.elicitation, approvals })['mcp.app_call_tool']({ serverId: ids.fixture, toolName: 'count_notes', args: {} });
    expect(textOf(result.content)).toBe('3 notes');
    expect(asked).toEqual([]);
  });

  it('asks before a tool that claims read-only and destructive at once, and runs nothing when denied (APP_TOOL_DENIED)', async () => {
    const before = calls();
    const denied = h.service.appCallTool(ids.fixture, 'wipe_notes', {}, approve);
    const request = await answerNext('deny');
    expect(request).toMatchObject({ origin: 'app', chatId: `app:${ids.fixture}`, serverName: 'apps', toolName: 'wipe_notes', reason: 'destructive' });
    const err = await denied.catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'APP_TOOL_DENIED', data: { serverName: 'apps', toolName: 'wipe_notes', reason: 'denied' } });
    expect(calls()).toBe(before);
    expect(textOf((await h.service.appCallTool(ids.fixture, 'count_notes', {}, approve)).content)).toBe('3 notes');

    const allowed = h.service.appCallTool(ids.fixture, 'wipe_notes', {}, approve);
    await answerNext('allow_once');
    expect(textOf((await allowed).content)).toBe('wiped');
    // Allowed once is once: the next call asks again.
    const again = h.service.appCallTool(ids.fixture, 'wipe_notes', {}, approve);
    await answerNext('deny');
    expect(await codeOf(again)).toBe('APP_TOOL_DENIED');
  });

  it('asks for a tool the person set to always ask, even one that claims nothing', async () => {
    await h.service.update({ id: ids.fixture, updates: { disabledAutoApproveTools: ['count_notes'] } });
    try {
      const pending = h.service.appCallTool(ids.fixture, 'count_notes', {}, approve);
      expect((await answerNext('deny')).reason).toBe('listed');
      expect(await codeOf(pending)).toBe('APP_TOOL_DENIED');
    } finally {
      await h.service.update({ id: ids.fixture, updates: { disabledAutoApproveTools: [] } });
    }
  });
});

describe('mcp.app_resource', () => {
  const handlers = () => createMcpRouteHandlers({ mcpService: h.service, elicitation: h.mcp.elicitation, approvals });

  it('reads an official example app: its HTML, of the app mime type', async () => {
    const app = await handlers()['mcp.app_resource']({ serverId: ids.basic, uri: 'ui://get-time/mcp-app.html' });
    expect(app.uri).toBe('ui://get-time/mcp-app.html');
    expect(app.html).toMatch(/^<!DOCTYPE html>/i);
    expect(app.html.length).toBeGreaterThan(10_000);
    expect(app.meta).toEqual({});
    expect(app.droppedCspDomains).toEqual([]);
    expect(app.permissions).toEqual({ granted: [], undecided: [] });
  });

  it('takes the read result’s _meta.ui over the list entry’s, so the canary the list declared is not allowed', async () => {
    const app = await handlers()['mcp.app_resource']({ serverId: ids.fixture, uri: 'ui://fixture/hostile.html' });
    expect(app.meta).toEqual({ prefersBorder: true, csp: { connectDomains: [] } });
    expect(buildAppCsp(app.meta.csp, 'http://127.0.0.1:1')).toContain("connect-src 'none'");
  });

  it('grants a permission only if the resource declared it AND the person allowed it for the server; asks only what was never answered', async () => {
    const read = () => handlers()['mcp.app_resource']({ serverId: ids.fixture, uri: 'ui://fixture/notes.html' });
    expect((await read()).permissions).toEqual({ granted: [], undecided: ['camera', 'clipboardWrite'] });
    // Geolocation allowed but never declared, the clipboard declared but denied: neither is granted.
    await h.service.update({ id: ids.fixture, updates: { appPermissions: { camera: 'allow', clipboardWrite: 'deny', geolocation: 'allow' } } });
    try {
      expect((await read()).permissions).toEqual({ granted: ['camera'], undecided: [] });
    } finally {
      await h.service.update({ id: ids.fixture, updates: { appPermissions: {} } });
    }
    expect((await read()).permissions).toEqual({ granted: [], undecided: ['camera', 'clipboardWrite'] });
  });

  it('refuses a ui:// resource that is not an app (APP_RESOURCE_INVALID, reason mime)', async () => {
    const err = await h.service.appResource(ids.fixture, 'ui://fixture/plain.txt').catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'APP_RESOURCE_INVALID', data: { serverName: 'apps', uri: 'ui://fixture/plain.txt', reason: 'mime', mimeType: 'text/plain' } });
  });

  it('reads from the server it names only: another server’s app is not found there', async () => {
    expect(await codeOf(h.service.appResource(ids.basic, 'ui://fixture/hostile.html'))).not.toBe('resolved');
  });

  it('writes an app’s log message into its server’s log', async () => {
    await handlers()['mcp.app_log']({ serverId: ids.basic, level: 'warning', data: 'from the app\u001b[31m' });
    expect(h.service.serverLog(ids.basic).at(-1)).toMatchObject({ stream: 'log', line: 'warning [app] from the app\\u001b[31m' });
  });
});
