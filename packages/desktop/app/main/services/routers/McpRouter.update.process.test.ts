/**
 * `mcp.update` changes exactly the keys it names (issue 7, item 2). Through the router against a
 * real store in a temp dir: every record field changed alone leaves every other field as it was,
 * and an update of an inactive server starts nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS, listOurChildren } from '@fixtures/servers/paths';
import type { EventEnvelope } from '../../../shared/contracts/ipc';
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';

/** Every stored field set away from its schema default, so a default sneaking back in shows. */
const BASE = {
  name: 'files',
  type: 'stdio',
  scope: 'local',
  config: {
    command: process.execPath,
    args: [FIXTURE_SERVERS.stdio],
    env: { FIXTURE_LINGER: '0' },
    // Present so that switching the type alone still describes a usable server.
    url: 'http://127.0.0.1:1/mcp',
    headers: { 'X-Test': '1' },
    timeoutMs: 5_000,
  },
  isActive: false,
  isTrusted: true,
  disabledTools: ['echo'],
  disabledAutoApproveTools: ['add'],
  installSource: 'builtin',
  projectPath: '/tmp/elftia-project',
  keyLink: { providerId: 'openai', presetId: 'fixture-env' },
  registryOrigin: { registryUrl: 'http://127.0.0.1:1', name: 'io.github.example/files', version: '1.0.0', kind: 'package', index: 0 },
} as const;

/** One new value per updatable field (reviewedAt is the host's: only mcp.activate sets it); a field missing here fails the completeness check below. */
const CHANGES: Record<Exclude<keyof McpServerRecord, 'id' | 'createdAt' | 'updatedAt' | 'reviewedAt'>, unknown> = {
  name: 'files-renamed',
  type: 'http',
  scope: 'user',
  config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio, '--other'] },
  isActive: true,
  isTrusted: false,
  disabledTools: [],
  disabledAutoApproveTools: ['echo', 'add'],
  installSource: 'protocol',
  projectPath: '/tmp/elftia-other-project',
  keyLink: { providerId: 'zai', presetId: 'zai-vision' },
  registryOrigin: { registryUrl: 'http://127.0.0.1:1', name: 'io.github.example/files', version: '1.0.1', kind: 'package', index: 0 },
  appPermissions: { camera: 'allow', geolocation: 'deny' },
};

describe('mcp.update through the router', () => {
  let services: TempServices;
  let events: EventEnvelope[];
  beforeEach(() => {
    services = createTempServices();
    events = [];
    services.onEvent((e) => events.push(e));
  });
  afterEach(() => services.cleanup());

  async function addBase(): Promise<McpServerRecord> {
    const added = await services.router.dispatch('mcp.add', BASE);
    if (!added.ok) throw new Error(`add failed: ${added.error.message}`);
    return (added.data as { server: McpServerRecord }).server;
  }

  async function stored(id: string): Promise<McpServerRecord> {
    const listed = await services.router.dispatch('mcp.list', {});
    if (!listed.ok) throw new Error(listed.error.message);
    const found = (listed.data as McpServerRecord[]).find((s) => s.id === id);
    if (!found) throw new Error(`${id} is not stored`);
    return found;
  }

  it('covers every updatable field of the record', async () => {
    const server = await addBase();
    // appPermissions is the person's answer to an app, never set by an add: absent from a new record.
    expect(server).not.toHaveProperty('appPermissions');
    const fields = [...Object.keys(server), 'appPermissions'].filter((k) => !['id', 'createdAt', 'updatedAt'].includes(k));
    expect(Object.keys(CHANGES).sort()).toEqual(fields.sort());
  });

  for (const [field, value] of Object.entries(CHANGES)) {
    it(`changing ${field} alone leaves every other field as stored`, async () => {
      const before = await addBase();
      const update = { [field]: value };
      const result = await services.router.dispatch('mcp.update', { id: before.id, updates: update });
      expect(result).toMatchObject({ ok: true, data: { success: true } });
      const after = await stored(before.id);
      const { updatedAt, ...rest } = after;
      expect(updatedAt).toEqual(expect.any(Number));
      const { updatedAt: _ignored, ...expected } = { ...before, ...update };
      expect(rest).toEqual(expected);
    });
  }

  it('an update of an inactive server starts no process and opens no connection', async () => {
    const server = await addBase();
    const childrenBefore = listOurChildren().length;
    const renamed = await services.router.dispatch('mcp.update', { id: server.id, updates: { name: 'renamed' } });
    expect(renamed).toMatchObject({ ok: true, data: { server: { name: 'renamed', isActive: false, isTrusted: true, scope: 'local', disabledTools: ['echo'] } } });
    expect(events.filter((e) => e.event === 'mcp.connection_state')).toEqual([]);
    expect(await services.router.dispatch('mcp.status', {})).toEqual({ ok: true, data: [{ id: server.id, state: 'disconnected' }] });
    expect(listOurChildren().length).toBe(childrenBefore);
  });
});
