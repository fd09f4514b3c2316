/**
 * Another program edits mcp-config.json and turns on a server that arrived by install link and
 * was never reviewed. The running app, told by its config watcher, keeps that server off (in the
 * file too), raises a notice, and never connects it, not even for an implicit tools listing; the
 * same edit turning on an ordinary server still takes effect.
 */
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { AppNotice, EventEnvelope } from '@shared/contracts/ipc';
import type { McpActionResult } from '@shared/contracts/mcp-types';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';

const linkFor = (json: unknown) => `elftia://mcp/install?servers=${Buffer.from(JSON.stringify(json)).toString('base64url')}`;

/** What a text editor or script does: read the JSON, change it, write it back whole. */
function editConfigFile(file: string, edit: (server: Record<string, unknown>) => void) {
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown>[] };
  for (const server of config.mcpServers) edit(server);
  fs.writeFileSync(`${file}.edit`, JSON.stringify(config, null, 2));
  fs.renameSync(`${file}.edit`, file);
}

describe('an unreviewed linked server turned on by another program', () => {
  let services: TempServices;
  let events: EventEnvelope[];
  beforeEach(() => {
    services = createTempServices();
    events = [];
    services.onEvent((e) => events.push(e));
  });
  afterEach(() => services.cleanup());

  async function ok<T>(route: string, input: unknown): Promise<T> {
    const result = await services.router.dispatch(route, input);
    if (!result.ok) throw new Error(`${route}: ${result.error.code} ${result.error.message}`);
    return result.data as T;
  }

  it('stays off and needing review, in memory and in the file, and the app says so', async () => {
    // Both run the real stdio fixture: a connect would succeed, so "not connected" means not tried.
    const server = { command: process.execPath, args: [FIXTURE_SERVERS.stdio] };
    const { results } = await ok<McpActionResult>('mcp.install_link', { url: linkFor({ linked: server }) });
    const linkedId = results![0]!.id!;
    const { server: mine } = await ok<McpActionResult>('mcp.add', { name: 'mine', type: 'stdio', config: server, isActive: false });
    events.length = 0;

    editConfigFile(services.configPath, (record) => {
      record.isActive = true;
    });
    // The watcher re-read the file and the service applied what it found.
    await expect.poll(() => events.some((e) => e.event === 'mcp.servers_changed' && e.payload.reason === 'external'), { timeout: 10_000 }).toBe(true);

    const linked = await services.mcpService.get(linkedId);
    expect(linked).toMatchObject({ isActive: false, isTrusted: false, installSource: 'protocol' });
    // Written back: the CLI and every other reader of the file see it off too.
    const onDisk = (JSON.parse(fs.readFileSync(services.configPath, 'utf8')) as { mcpServers: { id: string; isActive: boolean }[] }).mcpServers;
    expect(onDisk.find((s) => s.id === linkedId)?.isActive).toBe(false);
    // The same edit turned the ordinary server on, as the person (or their script) meant.
    expect((await services.mcpService.get(mine!.id)).isActive).toBe(true);

    const notice = events.find((e): e is Extract<EventEnvelope, { event: 'app.notice' }> => e.event === 'app.notice')?.payload;
    expect(notice).toMatchObject({ code: 'LINKED_SERVER_KEPT_INACTIVE', data: { id: linkedId, name: 'linked' } });
    expect(await ok<AppNotice[]>('app.notices', {})).toContainEqual(notice);

    // An implicit listing connects active servers: the ordinary one, never the unreviewed one.
    const tools = await ok<{ serverId: string }[]>('mcp.list_all_tools', {});
    expect(new Set(tools.map((t) => t.serverId))).toEqual(new Set([mine!.id]));
    expect(services.mcpService.statusOf(linkedId).state).toBe('disconnected');
    // Its review still stands between it and a connection.
    expect(await services.router.dispatch('mcp.reconnect', { id: linkedId })).toMatchObject({ ok: false, error: { code: 'ACTIVATION_NEEDS_REVIEW' } });
  });

  it('is not connected by implicit use in the moment before the watcher has turned it off', async () => {
    const { results } = await ok<McpActionResult>('mcp.install_link', { url: linkFor({ linked: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } }) });
    const linkedId = results![0]!.id!;
    editConfigFile(services.configPath, (record) => {
      record.isActive = true;
    });
    // No waiting: the watcher's re-read is still pending, so these are the first to read the edit.
    expect(await ok('mcp.list_all_tools', {})).toEqual([]);
    await expect(services.mcpService.callTool(linkedId, 'echo', { text: 'x' }, undefined, { requireActive: true })).rejects.toMatchObject({ code: 'MCP_SERVER_INACTIVE' });
    expect(services.mcpService.statusOf(linkedId).state).toBe('disconnected');
    await expect.poll(async () => (await services.mcpService.get(linkedId)).isActive, { timeout: 10_000 }).toBe(false);
  });
});
