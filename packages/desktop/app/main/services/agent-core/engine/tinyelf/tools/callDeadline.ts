/**
 * The deadline and caller abort around one tool call of DirectMcpToolAdapter, which owns its
 * client. (McpToolAdapter has none of its own: McpService's request timeout is its one deadline.)
 *
 * Racing the call against a bare timer would leave the server working on a request
 * nobody waits for. Here whichever of (deadline, caller abort) comes first also calls `cancel`,
 * which makes the MCP client send `notifications/cancelled`, and the caller gets the AppError
 * at once instead of waiting for the server to acknowledge.
 */
import { AppError } from '@shared/errors';

/** 120 s, the same as ShellTool's, so every agent tool gives up alike. */
export const DEFAULT_TOOL_TIMEOUT_MS = 120_000;

export interface DeadlineOptions {
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Stops the call where it runs; called at most once, only when the deadline or the signal fires. */
  cancel(reason: AppError): void;
  /** Names the call in messages, e.g. `Tool "echo" on "fixture"`. */
  label: string;
  data?: Record<string, unknown>;
}

/** Runs `run` unless `signal` is already aborted; rejects with MCP_TIMEOUT or MCP_CANCELLED. */
export function withDeadline<T>(run: () => Promise<T>, options: DeadlineOptions): Promise<T> {
  const { timeoutMs, signal, cancel, label, data } = options;
  const cancelled = () => new AppError('MCP_CANCELLED', `${label} was cancelled by the caller`, { ...data });
  if (signal?.aborted) return Promise.reject(cancelled());
  return new Promise<T>((resolve, reject) => {
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const stop = (reason: AppError) => {
      settle();
      cancel(reason);
      reject(reason);
    };
    const onAbort = () => stop(cancelled());
    const timer = setTimeout(
      () => stop(new AppError('MCP_TIMEOUT', `${label} did not finish within ${timeoutMs} ms; it was cancelled`, { ...data, timeoutMs })),
      timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    run().then(
      (value) => {
        settle();
        resolve(value);
      },
      (err: unknown) => {
        settle();
        reject(err);
      },
    );
  });
}
