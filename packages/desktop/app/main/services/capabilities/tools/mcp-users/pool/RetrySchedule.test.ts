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

  it('makes implicit use wait after each failure, longer each time in a row', () => {
    const schedule = new RetrySchedule();
    expect(schedule.failed('s')).toEqual({ at: Date.now() + 1_000, attempts: 1 });
    expect(schedule.pending('s')).toEqual({ at: Date.now() + 1_000, attempts: 1 });
    vi.advanceTimersByTime(1_000);
    expect(schedule.pending('s')).toBeUndefined();
    expect(schedule.failed('s')).toEqual({ at: Date.now() + 2_000, attempts: 2 });
    expect(schedule.pending('other')).toBeUndefined();
  });

  it('a connection that stayed up a healthy while starts the count again; one that did not does not', () => {
    const schedule = new RetrySchedule();
    for (let i = 0; i < 4; i++) schedule.failed('s');
    schedule.clearWait('s');
    expect(schedule.pending('s')).toBeUndefined();
    expect(schedule.failed('s', { upForMs: 5_000 }).attempts).toBe(5);
    expect(schedule.failed('s', { upForMs: HEALTHY_MS })).toMatchObject({ attempts: 1 });
  });

  it('forgets a removed server', () => {
    const schedule = new RetrySchedule();
    schedule.failed('t');
    expect(schedule.failuresInARow('t')).toBe(1);
    schedule.forget('t');
    expect(schedule.failuresInARow('t')).toBe(0);
    expect(schedule.pending('t')).toBeUndefined();
  });
});
