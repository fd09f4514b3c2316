import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTHY_MS, RetrySchedule, retryDelay } from './RetrySchedule';

describe('retryDelay', () => {
  it('waits 1 s, doubling, up to 5 min', () => {
    expect([1, 2, 3, 4, 5].map(retryDelay)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(retryDelay(9)).toBe(256_000);
    expect(retryDelay(10)).toBe(300_000);
    expect(retryDelay(60)).toBe(300_000);
  });
});

describe('RetrySchedule', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('retries by itself when the time comes, and counts failures in a row', () => {
    const due: string[] = [];
    const schedule = new RetrySchedule((id) => due.push(id));
    expect(schedule.failed('s', { automatic: true })).toEqual({ at: Date.now() + 1_000, attempts: 1 });
    expect(schedule.pending('s')).toBeDefined();
    vi.advanceTimersByTime(999);
    expect(due).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(due).toEqual(['s']);
    expect(schedule.pending('s')).toBeUndefined();
    expect(schedule.failed('s', { automatic: true }).attempts).toBe(2);
    vi.advanceTimersByTime(2_000);
    expect(due).toEqual(['s', 's']);
  });

  it('a connection that stayed up a healthy while starts the count again; one that did not does not', () => {
    const schedule = new RetrySchedule(() => undefined);
    for (let i = 0; i < 4; i++) schedule.failed('s', { automatic: true });
    schedule.connected('s');
    expect(schedule.failed('s', { automatic: true, upForMs: 5_000 }).attempts).toBe(5);
    schedule.connected('s');
    expect(schedule.failed('s', { automatic: true, upForMs: HEALTHY_MS })).toMatchObject({ attempts: 1 });
  });

  it('a failure only the person can fix waits for implicit use but schedules nothing; a disconnect cancels', () => {
    const due: string[] = [];
    const schedule = new RetrySchedule((id) => due.push(id));
    schedule.failed('s', { automatic: false });
    expect(schedule.pending('s')).toBeDefined();
    expect(schedule.scheduled('s')).toBeUndefined();
    vi.advanceTimersByTime(10_000);
    expect(due).toEqual([]);
    schedule.failed('t', { automatic: true });
    schedule.cancel('t');
    vi.advanceTimersByTime(10_000);
    expect(due).toEqual([]);
    expect(schedule.failuresInARow('t')).toBe(1);
    schedule.forget('t');
    expect(schedule.failuresInARow('t')).toBe(0);
  });
});
