/**
 * One tools/call run as a task (MCP 2025-11-25, SEP-1686): create it, poll tasks/get and report
 * each status, fetch the outcome with tasks/result, and tasks/cancel it when the caller cancels
 * or the call's deadline passes.
 *
 * The messages go through the SDK's experimental task API (client.request with `task`, and
 * client.experimental.tasks.getTask / getTaskResult / cancelTask). Its callToolStream loop is not
 * used: it sleeps the server's pollInterval however long that is and notices a cancel only after
 * it, never sends tasks/cancel, stops reporting once a task needs input, turns a failed task's
 * result into a bare "failed", and sends its `task` option on every tasks/get as well.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CallToolResultSchema,
  CreateTaskResultSchema,
  ErrorCode,
  McpError,
  type CallToolResult,
  type Task,
} from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '@shared/errors';
import { cutText, LIMITS } from '@shared/limits';
import type { CallCancellation } from './CallCancellation';

/** A server's pollInterval is a wish: kept within these bounds, so a hostile 0 cannot make us spin, nor a huge one stall us. */
const POLL_MS = { min: 100, max: 5_000, unset: 1_000 };
/** How long a tasks/cancel may take before the call ends without its answer. */
const CANCEL_TIMEOUT_MS = 3_000;

/** What the server said about the task while it runs. */
export interface TaskProgress {
  /** Counts the statuses reported, so it only grows (what progress must do). */
  progress: number;
  status: 'working' | 'input_required';
  message?: string;
}

export interface ToolTaskOptions {
  /** The call's one deadline, as for a plain call: the whole task, not each poll. */
  timeoutMs: number;
  /** The call's cancel switch; a cancel sends tasks/cancel, which shutdown waits for (CallCancellation.holdUntil). */
  cancel: CallCancellation;
  onStatus?: ((progress: TaskProgress) => void) | undefined;
}

/** Whether the server takes tools/call as tasks at all (its `tasks.requests.tools.call` capability). */
export function serverTakesToolTasks(client: Client): boolean {
  return client.getServerCapabilities()?.tasks?.requests?.tools?.call !== undefined;
}

export async function runToolTask(client: Client, name: string, args: Record<string, unknown>, options: ToolTaskOptions): Promise<CallToolResult> {
  const { timeoutMs, cancel, onStatus } = options;
  const deadline = Date.now() + timeoutMs;
  // Ends whatever waits now (a request, a pause between polls) on the caller's cancel or at the deadline.
  const stop = new AbortController();
  let taskId: string | undefined;
  const onStop = () => {
    // Started here, synchronously: a shutdown closes the connection right after cancelling its calls.
    if (taskId) cancel.holdUntil(client.experimental.tasks.cancelTask(taskId, { timeout: CANCEL_TIMEOUT_MS }).catch(() => undefined));
  };
  stop.signal.addEventListener('abort', onStop, { once: true });
  const onCancel = () => stop.abort(cancel.reason);
  cancel.addEventListener('abort', onCancel);
  const timer = setTimeout(() => stop.abort(new McpError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: timeoutMs })), timeoutMs);
  const request: Follow['request'] = (send) => {
    // Each request its own signal: the SDK never removes the listener it adds, and a task polled
    // for an hour would pile thousands onto one.
    const own = new AbortController();
    const relay = () => own.abort(stop.signal.reason);
    if (stop.signal.aborted) relay();
    else stop.signal.addEventListener('abort', relay, { once: true });
    return send({ signal: own.signal, timeout: Math.max(1, deadline - Date.now()) }).finally(() => stop.signal.removeEventListener('abort', relay));
  };
  try {
    // A server may answer at once instead of creating the task (the spec lets it for tools that do not need one).
    const answer = await request((sent) =>
      client.request({ method: 'tools/call', params: { name, arguments: args } }, CreateTaskResultSchema.or(CallToolResultSchema), { ...sent, task: {} }),
    );
    const created = CreateTaskResultSchema.safeParse(answer);
    if (!created.success) return CallToolResultSchema.parse(answer);
    taskId = created.data.task.taskId;
    return await followTask(client, created.data.task, { request, stopped: stop.signal, onStatus });
  } catch (err) {
    throw stop.signal.aborted ? stop.signal.reason : err;
  } finally {
    clearTimeout(timer);
    cancel.removeEventListener('abort', onCancel);
    stop.signal.removeEventListener('abort', onStop);
  }
}

interface Follow {
  /** Sends one request under the task's cancel and deadline. */
  request<T>(send: (options: { signal: AbortSignal; timeout: number }) => Promise<T>): Promise<T>;
  stopped: AbortSignal;
  onStatus?: ((progress: TaskProgress) => void) | undefined;
}

/**
 * Polls until the outcome is known. tasks/result is asked for once the task needs input (it
 * carries the server's questions and answers only when the task ends) or has ended; polling goes
 * on meanwhile, so the statuses after an answer are still reported.
 */
async function followTask(client: Client, first: Task, { request, stopped, onStatus }: Follow): Promise<CallToolResult> {
  const { taskId } = first;
  let task = first;
  let reported = 0;
  let lastSaid: string | undefined;
  let outcome: Promise<{ result: CallToolResult } | { error: unknown }> | undefined;
  for (;;) {
    if (task.status === 'cancelled') throw new AppError('MCP_CANCELLED', `The server cancelled task ${taskId}`);
    const said = `${task.status} ${task.statusMessage ?? ''}`;
    // A poll that saw no change says nothing.
    if ((task.status === 'working' || task.status === 'input_required') && said !== lastSaid) {
      lastSaid = said;
      onStatus?.({ progress: ++reported, status: task.status, ...(task.statusMessage && { message: cutText(task.statusMessage, LIMITS.shortText.max) }) });
    }
    if (task.status !== 'working') {
      outcome ??= request((options) => client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema, options)).then(
        (result) => ({ result }),
        (error: unknown) => ({ error }),
      );
    }
    // An ended task has nothing more to report: only its outcome (or a cancel) is waited for.
    const ended = task.status === 'completed' || task.status === 'failed';
    const settled = outcome && (await Promise.race([outcome, ended ? untilAborted(stopped) : pause(pollIntervalOf(task), stopped)]));
    if (settled) {
      if ('error' in settled) throw settled.error;
      return settled.result;
    }
    if (!outcome) await pause(pollIntervalOf(task), stopped);
    stopped.throwIfAborted();
    task = await request((options) => client.experimental.tasks.getTask(taskId, options));
  }
}

const pollIntervalOf = (task: Task) => Math.min(POLL_MS.max, Math.max(POLL_MS.min, task.pollInterval ?? POLL_MS.unset));

const untilAborted = (signal: AbortSignal) => pause(Number.POSITIVE_INFINITY, signal);

/** Resolves after `ms`, or at once when `signal` aborts (the caller then throws its reason). */
function pause(ms: number, signal: AbortSignal): Promise<undefined> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve(undefined);
    };
    const timer = Number.isFinite(ms) ? setTimeout(done, ms) : undefined;
    signal.addEventListener('abort', done, { once: true });
  });
}
