import { describe, expect, it } from 'vitest';
import { CHART_CALLS, callsAsJson, filterCalls, serverFigures, type CallEntry } from './callLog';

const call = (over: Partial<CallEntry> & Pick<CallEntry, 'callId'>): CallEntry => ({
  serverId: 'a',
  toolName: 'read',
  duration: 10,
  success: true,
  origin: 'person',
  endedAt: Date.UTC(2026, 0, 1),
  ...over,
});

// Newest first, as the log keeps them.
const calls = [
  call({ callId: '4', serverId: 'b', toolName: 'search', duration: 400, success: false, origin: 'model', error: { code: 'MCP_TIMEOUT', message: 'timed out' } }),
  call({ callId: '3', duration: 30 }),
  call({ callId: '2', toolName: 'write', duration: 20, origin: 'model' }),
  call({ callId: '1', duration: 1 }),
];

describe('the call log', () => {
  it('filters by server, tool, who made the call and how it ended, all together', () => {
    expect(filterCalls(calls, {}).map((c) => c.callId)).toEqual(['4', '3', '2', '1']);
    expect(filterCalls(calls, { serverId: 'a' }).map((c) => c.callId)).toEqual(['3', '2', '1']);
    expect(filterCalls(calls, { serverId: 'a', toolName: 'read' }).map((c) => c.callId)).toEqual(['3', '1']);
    expect(filterCalls(calls, { origin: 'model' }).map((c) => c.callId)).toEqual(['4', '2']);
    expect(filterCalls(calls, { origin: 'model', outcome: 'failed' }).map((c) => c.callId)).toEqual(['4']);
    expect(filterCalls(calls, { origin: 'agent' })).toEqual([]);
  });

  it('figures per server: counts, median and slowest, and the chart oldest first', () => {
    const [b, a] = serverFigures(calls);
    expect(b).toMatchObject({ serverId: 'b', calls: 1, failed: 1, medianMs: 400, maxMs: 400, recent: [{ durationMs: 400, failed: true }] });
    expect(a).toMatchObject({ serverId: 'a', calls: 3, failed: 0, medianMs: 20, maxMs: 30 });
    expect(a?.recent.map((p) => p.durationMs)).toEqual([1, 20, 30]);
  });

  it('draws at most the latest CHART_CALLS calls of a server', () => {
    const many = Array.from({ length: CHART_CALLS + 5 }, (_, i) => call({ callId: String(i), duration: CHART_CALLS + 5 - i }));
    const [figures] = serverFigures(many);
    expect(figures?.recent).toHaveLength(CHART_CALLS);
    expect(figures?.recent.at(-1)?.durationMs).toBe(CHART_CALLS + 5);
    expect(figures?.calls).toBe(CHART_CALLS + 5);
  });

  it('exports the calls as JSON with the names the person chose beside the ids', () => {
    const json = JSON.parse(callsAsJson(calls.slice(0, 1), (id) => `name-${id}`, Date.UTC(2026, 0, 2)));
    expect(json).toEqual({
      exportedAt: '2026-01-02T00:00:00.000Z',
      calls: [
        {
          callId: '4',
          endedAt: '2026-01-01T00:00:00.000Z',
          by: 'model',
          serverId: 'b',
          server: 'name-b',
          tool: 'search',
          durationMs: 400,
          outcome: 'failed',
          error: { code: 'MCP_TIMEOUT', message: 'timed out' },
        },
      ],
    });
  });
});
