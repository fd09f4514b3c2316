/**
 * A cold start with many active servers, against real processes: connects are capped and queued
 * (each connect's timeout starts when it starts, not when it was queued), nothing starts until
 * something needs a server, and a server that keeps failing is retried with growing delays
 * instead of at every request.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { makeService, stdioInput, waitNoStrayChildren, type Harness } from '@desktop-testing/McpService.testkit';
import type { ProcessRegistry } from './transports';

let h: Harness | undefined;
afterEach(async () => {
  await h?.dispose();
  h = undefined;
  expect(await waitNoStrayChildren([], 10_000)).toEqual([]);
});

/** Counts spawns (the pool registers every stdio process it starts), with when each happened. */
function spawnCounter(): ProcessRegistry & { spawns: number[] } {
  const spawns: number[] = [];
  return { spawns, track: () => void spawns.push(Date.now()), untrack: () => undefined };
}

const SERVERS = 100;

describe('a cold start with many active servers', () => {
  it('lists the tools of all 100 servers: connects are capped, and each timeout starts with its connect', { timeout: 180_000 }, async () => {
    // Short enough that a hundred servers started at once on a small machine cannot all make it.
    h = makeService({ connectOnAdd: false, connectTimeoutMs: 3_000 });
    for (let i = 0; i < SERVERS; i++) await h.service.add(stdioInput(`slow-${i}`, FIXTURE_SERVERS.slowStart));

    // When each connect really began (not while queued) and ended, to see the cap and each connect's length.
    const begun = new Map<string, number>();
    const took: number[] = [];
    let running = 0;
    let peak = 0;
    h.mcp.events.on('mcp.connection_state', ({ serverId, ...live }) => {
      const queued = 'phase' in live && live.phase === 'queued';
      if (live.state === 'connecting' && !queued && !begun.has(serverId)) {
        begun.set(serverId, Date.now());
        peak = Math.max(peak, ++running);
      } else if ((live.state === 'connected' || live.state === 'error') && begun.has(serverId)) {
        running--;
        took.push(Date.now() - begun.get(serverId)!);
      }
    });

    const started = Date.now();
    const tools = await h.service.listAllActiveServerTools();
    const elapsed = Date.now() - started;

    const failures = h.events.flatMap((e) => (e.name === 'mcp.connection_state' && e.payload.state === 'error' ? [e.payload.failure?.code] : []));
    console.info(
      `cold start: ${SERVERS} servers, ${tools.length} tools in ${elapsed} ms; ${failures.length} failed (${[...new Set(failures)].join(', ')}); ` +
        `peak ${peak} connects at once, longest connect ${Math.max(...took)} ms`,
    );
    expect(failures).toEqual([]);
    expect(tools).toHaveLength(SERVERS * 2);
  });

  it('a queued connect is cancelled by a disconnect and by dispose, and a queued call by its cancel, without starting a process', { timeout: 60_000 }, async () => {
    const counter = spawnCounter();
    h = makeService({ connectOnAdd: false, connectConcurrency: 1, connectTimeoutMs: 20_000, processes: counter });
    const { server: hang } = await h.service.add(stdioInput('hang', FIXTURE_SERVERS.neverInitialize));
    const { server: waiting } = await h.service.add(stdioInput('waiting', FIXTURE_SERVERS.slowStart));
    const { server: last } = await h.service.add(stdioInput('last', FIXTURE_SERVERS.slowStart));
    const holding = h.service.listServerTools(hang!.id).catch((err: unknown) => err);
    await expect.poll(() => counter.spawns.length).toBe(1);
    const queued = h.service.listServerTools(waiting!.id).catch((err: unknown) => err);
    const queuedToo = h.service.listServerTools(last!.id).catch((err: unknown) => err);
    await expect.poll(() => h!.service.statusOf(waiting!.id)).toMatchObject({ state: 'connecting', phase: 'queued' });

    // A tool call waiting for its connection is cancelled at once too (its connect stays in line).
    const call = h.service.callTool(last!.id, 'echo_1', { text: 'x' }, 'queued-call').catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, 100));
    const c0 = Date.now();
    expect(h.service.cancelCall('queued-call')).toBe(true);
    expect(await call).toMatchObject({ code: 'MCP_CANCELLED' });
    expect(Date.now() - c0).toBeLessThan(500);

    const t0 = Date.now();
    await h.service.disconnect(waiting!.id);
    expect(await queued).toMatchObject({ code: 'MCP_CONNECTION_CLOSED' });
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(h.service.statusOf(waiting!.id).state).toBe('disconnected');

    await h.service.dispose();
    expect(await queuedToo).toMatchObject({ code: 'MCP_CONNECTION_CLOSED' });
    expect(await holding).toMatchObject({ code: 'MCP_CONNECTION_CLOSED' });
    // Only the server that held the one slot ever started.
    expect(counter.spawns).toHaveLength(1);
  });
});

describe('a server that keeps failing', () => {
  /** Asks for every active server's tools every 50 ms for `ms`, as a window refreshing its lists would. */
  async function demand(ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      await h!.service.listAllActiveServerTools();
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('is retried with growing delays, not at every request; a person’s reconnect goes at once', { timeout: 60_000 }, async () => {
    const counter = spawnCounter();
    h = makeService({ connectOnAdd: false, processes: counter });
    const { server } = await h.service.add(stdioInput('needs-key', FIXTURE_SERVERS.exitAtStart));
    const id = (server as McpServerRecord).id;

    await demand(6_000);
    const gaps = counter.spawns.slice(1).map((at, i) => at - counter.spawns[i]!);
    console.info(`exit at start: ${counter.spawns.length} spawns in 6 s, gaps ${gaps.join(', ')} ms`);
    // 0 s, then about 1 s and 2 s later (plus the time each attempt takes): never a tight loop.
    expect(counter.spawns.length).toBeGreaterThanOrEqual(2);
    expect(counter.spawns.length).toBeLessThanOrEqual(4);
    for (const [i, gap] of gaps.entries()) expect(gap).toBeGreaterThanOrEqual(900 * 2 ** i);

    const status = h.service.statusOf(id);
    expect(status).toMatchObject({ state: 'error', retry: { attempts: counter.spawns.length } });
    expect(status.retry!.at).toBeGreaterThan(Date.now());

    // A person asking goes past the wait.
    const before = counter.spawns.length;
    await h.service.reconnect(id).catch(() => undefined);
    expect(counter.spawns.length).toBe(before + 1);
  });
});
