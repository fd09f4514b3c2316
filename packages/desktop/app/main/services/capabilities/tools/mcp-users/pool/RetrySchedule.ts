/**
 * When a server that failed is tried again by itself. After a failed connect or an unexpected
 * exit the next automatic try waits 1 s, then 2, 4 … up to 5 min; a connection that stayed up for
 * a healthy while starts the count again. Until its time, implicit use (a model's tool list, a
 * window refreshing) gets the last failure at once instead of starting the program again, so a
 * server that crashes at start cannot be respawned in a tight loop. A person's action (reconnect,
 * test, a call from the playground) does not wait: the pool goes straight past this schedule.
 */
export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 5 * 60_000;
/** A connection that lived this long was healthy: its failure counts as the first again. */
export const HEALTHY_MS = 60_000;

/** The wait before automatic try number `attempts + 1`, after `attempts` failures in a row. */
export const retryDelay = (attempts: number): number => Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

export interface PendingRetry {
  /** When the next automatic try may start (epoch ms). */
  at: number;
  /** Failures in a row so far. */
  attempts: number;
}

interface Entry {
  attempts: number;
  pending?: PendingRetry;
  timer?: NodeJS.Timeout;
}

export class RetrySchedule {
  private readonly entries = new Map<string, Entry>();

  /** `retry` is called when a scheduled try is due; it decides whether the server is still wanted. */
  constructor(private readonly retry: (serverId: string) => void) {}

  /**
   * A connect failed, or a connection dropped (`upForMs`: how long it had been up). `automatic`:
   * whether the pool tries again by itself when the time comes; a failure only the person can
   * fix (a sign-in, a missing command) waits for them instead.
   */
  failed(serverId: string, { upForMs, automatic }: { upForMs?: number; automatic: boolean }): PendingRetry {
    const entry = this.entries.get(serverId) ?? { attempts: 0 };
    if (upForMs !== undefined && upForMs >= HEALTHY_MS) entry.attempts = 0;
    entry.attempts++;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.pending = { at: Date.now() + retryDelay(entry.attempts), attempts: entry.attempts };
    if (automatic) {
      entry.timer = setTimeout(() => {
        entry.timer = undefined;
        this.retry(serverId);
      }, retryDelay(entry.attempts));
      // A scheduled retry must not keep a one-shot CLI process alive.
      entry.timer.unref();
    }
    this.entries.set(serverId, entry);
    return entry.pending;
  }

  /** Nothing is pending once connected; the count stays until a connection proves healthy (see failed). */
  connected(serverId: string): void {
    this.cancel(serverId);
  }

  /** The retry implicit use has to wait for, while its time has not come. */
  pending(serverId: string): PendingRetry | undefined {
    const pending = this.entries.get(serverId)?.pending;
    return pending && pending.at > Date.now() ? pending : undefined;
  }

  /** The retry the pool will start by itself, while one is scheduled. */
  scheduled(serverId: string): PendingRetry | undefined {
    const entry = this.entries.get(serverId);
    return entry?.timer ? entry.pending : undefined;
  }

  failuresInARow(serverId: string): number {
    return this.entries.get(serverId)?.attempts ?? 0;
  }

  /** No retry pending (the server was disconnected on purpose); the count stays. */
  cancel(serverId: string): void {
    const entry = this.entries.get(serverId);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.timer = undefined;
    entry.pending = undefined;
  }

  forget(serverId: string): void {
    this.cancel(serverId);
    this.entries.delete(serverId);
  }

  clear(): void {
    for (const id of [...this.entries.keys()]) this.forget(id);
  }
}
