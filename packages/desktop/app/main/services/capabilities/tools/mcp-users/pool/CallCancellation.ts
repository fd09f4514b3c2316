/**
 * A cancel switch for one tool call, handed to the SDK as its request `signal`.
 *
 * Why not an AbortController: every call registers an 'abort' listener on its signal, and Node's
 * EventTarget makes that cost ~5 µs — about 5 % of a local stdio round trip, paid by every call
 * although almost none is ever cancelled (measured in bench/pool.bench.ts). The SDK's request()
 * uses exactly `aborted`, `reason`, `throwIfAborted()` and `addEventListener('abort', …)` of the
 * signal (@modelcontextprotocol/sdk shared/protocol.js); this class provides those and nothing
 * else, and the cancel tests in McpService.process.test.ts run it against the real SDK.
 */
export class CallCancellation {
  aborted = false;
  reason: unknown;
  private listeners: Array<() => void> = [];
  private held: Array<Promise<unknown>> = [];

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }

  addEventListener(type: 'abort', listener: () => void): void {
    if (type === 'abort') this.listeners.push(listener);
  }

  removeEventListener(type: 'abort', listener: () => void): void {
    if (type === 'abort') this.listeners = this.listeners.filter((l) => l !== listener);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    for (const listener of this.listeners.splice(0)) listener();
  }

  /** Work a cancel started that must reach the server before the connection closes (a task's tasks/cancel). */
  holdUntil(work: Promise<unknown>): void {
    this.held.push(work);
  }

  /** Settles once what `holdUntil` was given has; shutdown waits for it (RunningCalls.dispose). */
  settled(): Promise<unknown> {
    return Promise.allSettled(this.held);
  }

  /** The SDK's option type; see the class comment for the part of AbortSignal it relies on. */
  get signal(): AbortSignal {
    return this as unknown as AbortSignal;
  }
}
