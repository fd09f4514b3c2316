/**
 * Client-side tasks (MCP 2025-11-25, SEP-1686): a server may ask that its sampling or elicitation
 * request run as a task on our side, answer at once with the task, and poll tasks/get and
 * tasks/result for the outcome (server-everything's `trigger-*-request-async` tools do). The
 * SDK's Protocol answers tasks/get, tasks/result, tasks/list and tasks/cancel from the store
 * handed to the Client; this module starts the work behind a task and ends it.
 *
 * The work is the same as for a plain request (the person is asked, SamplingBroker reviews), with
 * its own cancel: tasks/cancel from the server, or the connection closing, withdraws the question.
 */
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import type { RequestTaskStore } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, McpError, type Result, type Task, type TaskCreationParams } from '@modelcontextprotocol/sdk/types.js';

/** What we advertise: only the requests we can run as tasks, and cancelling them. */
export const CLIENT_TASK_CAPABILITIES = { list: {}, cancel: {}, requests: { sampling: { createMessage: {} }, elicitation: { create: {} } } } as const;

/** How long an ended task's outcome is kept for the server to fetch when it asks for no ttl of its own (ms). */
const DEFAULT_TTL_MS = 10 * 60_000;

/**
 * One connection's client-side tasks. InMemoryTaskStore keeps them; this adds a cancel switch per
 * running task (tasks/cancel marks a task `cancelled` through `updateTaskStatus`) and keeps a
 * failure as the JSON-RPC error tasks/result must answer with.
 */
export class ClientTaskStore extends InMemoryTaskStore {
  private readonly running = new Map<string, AbortController>();
  private readonly failures = new Map<string, McpError>();

  override async updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string, sessionId?: string): Promise<void> {
    await super.updateTaskStatus(taskId, status, statusMessage, sessionId);
    if (status === 'cancelled') this.running.get(taskId)?.abort(new McpError(ErrorCode.ConnectionClosed, 'The server cancelled the task'));
  }

  override async getTaskResult(taskId: string, sessionId?: string): Promise<Result> {
    const failure = this.failures.get(taskId);
    if (failure) throw failure;
    return super.getTaskResult(taskId, sessionId);
  }

  /**
   * Creates the task, starts `work` and answers the request with the task at once. A person's
   * question (`input_required`) and a model's review (`working`) say so in the status.
   */
  async start(
    requestStore: RequestTaskStore,
    params: TaskCreationParams,
    status: 'working' | 'input_required',
    work: (signal: AbortSignal) => Promise<Result>,
  ): Promise<{ task: Task }> {
    const task = await requestStore.createTask({ ttl: params.ttl ?? DEFAULT_TTL_MS });
    const { taskId } = task;
    if (status === 'input_required') await requestStore.updateTaskStatus(taskId, status);
    const controller = new AbortController();
    this.running.set(taskId, controller);
    void work(controller.signal)
      .then(
        (result) => requestStore.storeTaskResult(taskId, 'completed', result),
        (err: unknown) => {
          this.failures.set(taskId, err instanceof McpError ? err : new McpError(ErrorCode.InternalError, err instanceof Error ? err.message : String(err)));
          return requestStore.storeTaskResult(taskId, 'failed', {});
        },
      )
      // Cancelled (or expired) meanwhile: a task that has ended takes no outcome, and nobody waits for one.
      .catch(() => undefined)
      .finally(() => this.running.delete(taskId));
    return { task: (await requestStore.getTask(taskId)) ?? task };
  }

  /** The connection closed: running work is withdrawn and the kept outcomes (and their timers) go. */
  disposeWith(transport: Transport): void {
    const previous = transport.onclose;
    transport.onclose = () => {
      previous?.();
      for (const controller of this.running.values()) controller.abort(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'));
      this.cleanup();
    };
  }
}
