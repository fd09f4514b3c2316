/**
 * A server another program adds to mcp-config.json (the CLI, a script) connects as one added in
 * the app does: the person sees "Connected" or why not, never a "Not connected" that waits for
 * something to ask for its tools. An inactive one, and one from an unreviewed install link, do not.
 */
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { EventEnvelope } from '@shared/contracts/ipc';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';

/** What the CLI's write amounts to for this process: the file gains records it did not write. */
function appendRecords(file: string, records: Record<string, unknown>[]) {
  const config = JSON.parse(fs.readFileSync(file, 'utf8')) as { mcpServers: Record<string, unknown>[] };
  config.mcpServers.push(...records);
  fs.writeFileSync(`${file}.edit`, JSON.stringify(config, null, 2));
  fs.renameSync(`${file}.edit`, file);
}

const record = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  type: 'stdio',
  config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] },
  createdAt: Date.now(),
  ...extra,
});

describe('a server added to the config file by another program', () => {
  let services: TempServices;
  let events: EventEnvelope[];
  beforeEach(() => {
    services = createTempServices();
    events = [];
    services.onEvent((e) => events.push(e));
  });
  afterEach(() => services.cleanup());

  const statesOf = (id: string) => events.flatMap((e) => (e.event === 'mcp.connection_state' && e.payload.serverId === id ? [e.payload.state] : []));

  it('connects by itself when active; an inactive or unreviewed one is left alone', async () => {
    // The file must exist before the outside write, as it does once the app has saved anything.
    const seed = await services.router.dispatch('mcp.add', { name: 'seed', type: 'stdio', isActive: false, config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } });
    expect(seed.ok).toBe(true);

    appendRecords(services.configPath, [
      record('from-cli'),
      record('from-cli-off', { isActive: false }),
      record('from-link', { installSource: 'protocol', isTrusted: false, isActive: true }),
    ]);

    await expect.poll(() => statesOf('from-cli'), { timeout: 20_000 }).toContain('connected');
    expect(events.some((e) => e.event === 'mcp.servers_changed' && e.payload.reason === 'external')).toBe(true);
    expect(statesOf('from-cli-off')).toEqual([]);
    expect(statesOf('from-link')).toEqual([]);
  });
});
