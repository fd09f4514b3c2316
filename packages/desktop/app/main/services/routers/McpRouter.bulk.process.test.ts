/**
 * mcp.bulk through the router against a real store and real fixture servers: each server is done
 * through its own route's rules and answers on its own, so a missing id or a refused one leaves
 * the others done and the stored records as the outcomes say.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { McpBulkResult } from '../../../shared/contracts/mcp-bulk';
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';

const MISSING = 'mcp_0_missing';

describe('mcp.bulk through the router', { timeout: 60_000 }, () => {
  let services: TempServices;
  beforeEach(() => {
    services = createTempServices();
  });
  afterEach(() => services.cleanup());

  async function add(name: string, script: string, extra: Record<string, unknown> = {}): Promise<string> {
    const added = await services.router.dispatch('mcp.add', { name, type: 'stdio', isActive: false, config: { command: process.execPath, args: [script] }, ...extra });
    if (!added.ok) throw new Error(`add ${name} failed: ${added.error.message}`);
    return (added.data as { server: McpServerRecord }).server.id;
  }
  async function bulk(action: string, ids: string[]): Promise<McpBulkResult['results']> {
    const answer = await services.router.dispatch('mcp.bulk', { action, ids });
    if (!answer.ok) throw new Error(answer.error.message);
    return (answer.data as McpBulkResult).results;
  }
  async function stored(): Promise<Map<string, McpServerRecord>> {
    const listed = await services.router.dispatch('mcp.list', {});
    if (!listed.ok) throw new Error(listed.error.message);
    return new Map((listed.data as McpServerRecord[]).map((server) => [server.id, server]));
  }

  it('turns on, tests, turns off, removes and restores several servers, each answering on its own', async () => {
    const good = await add('good', FIXTURE_SERVERS.stdio);
    const broken = await add('broken', FIXTURE_SERVERS.exitAtStart);
    // From an install link and not reviewed: mcp.update refuses to turn it on, and so does bulk.
    const linked = await add('linked', FIXTURE_SERVERS.stdio, { installSource: 'protocol' });

    const enabled = await bulk('enable', [good, linked, MISSING, broken]);
    expect(enabled.map(({ id, ok, error }) => ({ id, ok, code: error?.code }))).toEqual([
      { id: good, ok: true, code: undefined },
      { id: linked, ok: false, code: 'ACTIVATION_NEEDS_REVIEW' },
      { id: MISSING, ok: false, code: 'NOT_FOUND' },
      { id: broken, ok: true, code: undefined },
    ]);
    let records = await stored();
    expect([records.get(good)?.isActive, records.get(broken)?.isActive, records.get(linked)?.isActive]).toEqual([true, true, false]);

    const tested = await bulk('test', [good, broken]);
    expect(tested.map(({ id, ok }) => ({ id, ok }))).toEqual([
      { id: good, ok: true },
      { id: broken, ok: false },
    ]);
    expect(tested[0]?.test?.tools).toContain('echo');
    expect(tested[1]?.test).toMatchObject({ success: false, error: { code: expect.any(String) } });

    expect((await bulk('disable', [good, broken])).every((outcome) => outcome.ok)).toBe(true);
    records = await stored();
    expect([records.get(good)?.isActive, records.get(broken)?.isActive]).toEqual([false, false]);

    const removed = await bulk('remove', [good, MISSING, broken]);
    expect(removed.map(({ ok }) => ok)).toEqual([true, false, true]);
    expect([...(await stored()).keys()]).toEqual([linked]);

    expect((await bulk('restore', [broken, good])).every((outcome) => outcome.ok)).toBe(true);
    records = await stored();
    expect([...records.keys()].sort()).toEqual([good, broken, linked].sort());
    expect(records.get(good)?.name).toBe('good');
  });
});
