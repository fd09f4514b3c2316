/**
 * At most `limit` connects run at once; the others wait in line for a slot. Starting a server
 * costs CPU (a runtime starting, code loading): a hundred started together share the cores a
 * hundred ways and all of them miss their connect timeout, while a few at a time each finish in
 * their usual time. A waiter holds no process and no timer, so leaving the line costs nothing.
 */
import { availableParallelism } from 'node:os';

/**
 * Two connects per core keep the cores busy while one of them waits on I/O (a pipe, a socket, a
 * download); the floor of 4 keeps remote servers, which cost the machine almost nothing to
 * connect, from lining up on a small machine. Measured on two cores: 100 servers that each spend
 * 200 ms of CPU starting all time out at once (3 s limit), and all connect four at a time.
 */
export const defaultConnectConcurrency = (cores = availableParallelism()): number => Math.max(4, 2 * cores);

interface Waiter {
  admit(release: () => void): void;
}

export class ConnectGate {
  private running = 0;
  /** Waiters a person waits for, served before the background line, each in its own order. */
  private readonly first: Waiter[] = [];
  private readonly line: Waiter[] = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`The connect limit must be a whole number of at least 1, not ${limit}`);
  }

  /** A slot now (its release function), or undefined when all are taken. */
  tryEnter(): (() => void) | undefined {
    if (this.running >= this.limit) return undefined;
    this.running++;
    return this.releaser();
  }

  /**
   * Waits for a slot. `first`: a person is waiting for this one, so it goes before the background
   * connects queued earlier (after other such waiters). An abort while waiting leaves the line and
   * rejects with the signal's reason.
   */
  enter(signal: AbortSignal, first = false): Promise<() => void> {
    const now = this.tryEnter();
    if (now) return Promise.resolve(now);
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        admit: (release) => {
          signal.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      const queue = first ? this.first : this.line;
      const onAbort = () => {
        queue.splice(queue.indexOf(waiter), 1);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
    });
  }

  /** Whether a connect starting now would have to wait. */
  get full(): boolean {
    return this.running >= this.limit;
  }

  /** Connects running now, and waiting (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.first.length + this.line.length };
  }

  /** Releasing twice frees one slot: a connect's cleanup may run on more than one path. */
  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.first.shift() ?? this.line.shift();
      // The slot passes straight to the next in line, so a newcomer cannot take it in between.
      if (next) next.admit(this.releaser());
      else this.running--;
    };
  }
}
