/**
 * When a server that failed may be started again without a person asking. The pool is lazy: a
 * server starts when something needs it (a model's tool list, a window refreshing a list), and
 * such implicit use would start a server that crashes at start again at every request. So after
 * a failed connect or an unexpected exit the next implicit start waits 1 s, then 2, 4 … up to
 * 5 min; meanwhile implicit use gets the last failure at once. A connection that stayed up for a
 * healthy while starts the count again. A person's action (reconnect, test, a call from the
 * playground) does not wait: the pool goes straight past this schedule.
 */
export const RETRY_FIRST_MS = 1_000;
export const RETRY_MAX_MS = 5 * 60_000;
/** A connection that lived this long was healthy: its failure counts as the first again. */
export const HEALTHY_MS = 60_000;

/** The wait before implicit start number `attempts + 1`, after `attempts` failures in a row. */
export const retryDelay = (attempts: number): number => Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

export interface PendingRetry {
  /** When implicit use may start the server again (epoch ms). */
  at: number;
  /** Failures in a row so far. */
  attempts: number;
}

interface Entry {
  attempts: number;
  pending?: PendingRetry | undefined;
}

export class RetrySchedule {
  private readonly entries = new Map<string, Entry>();

  /** A connect failed, or a connection dropped (`upForMs`: how long it had been up). */
  failed(serverId: string, { upForMs }: { upForMs?: number | undefined } = {}): PendingRetry {
    const entry = this.entries.get(serverId) ?? { attempts: 0 };
    if (upForMs !== undefined && upForMs >= HEALTHY_MS) entry.attempts = 0;
    entry.attempts++;
    entry.pending = { at: Date.now() + retryDelay(entry.attempts), attempts: entry.attempts };
    this.entries.set(serverId, entry);
    return entry.pending;
  }

  /** The wait implicit use is in, while its time has not come. */
  pending(serverId: string): PendingRetry | undefined {
    const pending = this.entries.get(serverId)?.pending;
    return pending && pending.at > Date.now() ? pending : undefined;
  }

  failuresInARow(serverId: string): number {
    return this.entries.get(serverId)?.attempts ?? 0;
  }

  /**
   * Nothing to wait for: connected, or disconnected on purpose. The count stays until a
   * connection proves healthy (see failed), so a server that connects and crashes keeps doubling.
   */
  clearWait(serverId: string): void {
    const entry = this.entries.get(serverId);
    if (entry) entry.pending = undefined;
  }

  forget(serverId: string): void {
    this.entries.delete(serverId);
  }

  clear(): void {
    this.entries.clear();
  }
}
