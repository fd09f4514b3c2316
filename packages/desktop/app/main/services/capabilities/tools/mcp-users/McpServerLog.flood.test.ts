/**
 * A server that floods stderr must not become a flood of events (every stderr line is an event
 * to every open stream): past a budget per server and interval, lines are still kept in the log
 * but folded out of the live events, and one host line says how many were folded.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpServerLogLine } from '@shared/contracts/mcp-types';
import { McpServerLog } from './McpServerLog';

describe('McpServerLog under a stderr flood', () => {
  let events: McpServerLogLine[];
  let log: McpServerLog;

  beforeEach(() => {
    vi.useFakeTimers();
    events = [];
    log = new McpServerLog((line) => events.push(line), 500, { lines: 50, perMs: 1000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends at most the budget as events, keeps every line in the log, then says how many it folded', () => {
    for (let i = 0; i < 1000; i++) log.append('loud', 'stderr', `line ${i}`);
    expect(events).toHaveLength(50);
    expect(events.every((e) => e.stream === 'stderr')).toBe(true);
    // The ring still has the newest lines for the mcp.server_log route.
    const kept = log.read('loud');
    expect(kept).toHaveLength(500);
    expect(kept.at(-1)?.line).toBe('line 999');

    vi.advanceTimersByTime(1000);
    expect(events).toHaveLength(51);
    expect(events[50]).toMatchObject({ serverId: 'loud', stream: 'host' });
    expect(events[50]!.line).toContain('950');
    // The summary is an event only; the log holds what the server wrote.
    expect(log.read('loud').filter((l) => l.stream === 'host')).toHaveLength(0);

    // A new interval has a fresh budget.
    log.append('loud', 'stderr', 'after the flood');
    expect(events.at(-1)).toMatchObject({ stream: 'stderr', line: 'after the flood' });
  });

  it('budgets each server on its own, and a quiet server never gets a summary', () => {
    for (let i = 0; i < 200; i++) log.append('loud', 'stderr', `x ${i}`);
    for (let i = 0; i < 10; i++) log.append('quiet', 'stderr', `q ${i}`);
    expect(events.filter((e) => e.serverId === 'quiet')).toHaveLength(10);
    vi.advanceTimersByTime(5000);
    expect(events.filter((e) => e.serverId === 'quiet')).toHaveLength(10);
    expect(events.filter((e) => e.serverId === 'loud' && e.stream === 'host')).toHaveLength(1);
  });

  it('forgets a pending summary with the server', () => {
    for (let i = 0; i < 100; i++) log.append('gone', 'stderr', `x ${i}`);
    log.forget('gone');
    vi.advanceTimersByTime(5000);
    expect(events).toHaveLength(50);
  });
});
