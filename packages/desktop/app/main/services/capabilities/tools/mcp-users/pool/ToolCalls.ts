/**
 * Tool calls on pooled connections: the one deadline (the SDK request timeout, which sends
 * notifications/cancelled when it fires, restarted by each progress report), cancel by callId or
 * by the caller's signal, progress, and `mcp.tool_called` for every call however it ended (who made it,
 * and the error's code when it produced no result), with its full result kept in CallRecords.
 *
 * A warm call is one pool request and nothing around it: each async layer costs ~1 % of a local
 * round trip (bench/pool.bench.ts holds McpService within 5 % of a bare SDK client).
 */
import { performance } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { McpCallToolResult, McpServerRecord } from '@shared/contracts/mcp-types';
import { AppError, toErrorShape, type AppErrorShape } from '@shared/errors';
import type { Emitter } from '@shared/lifecycle/Emitter';
import type { EventPayload } from '@shared/contracts/ipc';
import type { CallToolOptions } from '../McpServiceOptions';
import { CallCancellation } from './CallCancellation';
import type { CallRecords } from './CallRecords';
import type { ConnectionPool } from './ConnectionPool';
import type { RunningCalls } from './RunningCalls';
import { requestToolCall, withCallDetails } from './toolCall';
import { serverTakesToolTasks } from './toolTask';
import type { ToolTasks } from './ToolTasks';
import { assertActiveForImplicitUse, assertToolEnabled } from './toolRules';

/**
 * However often a call reports progress, it ends after this long (or after its own timeout, if
 * that is longer): the specification wants a maximum that progress cannot push back.
 */
export const MAX_CALL_WITH_PROGRESS_MS = 60 * 60_000;

type CallEvents = { 'mcp.tool_progress': EventPayload<'mcp.tool_progress'>; 'mcp.tool_called': EventPayload<'mcp.tool_called'> };

export interface ToolCallParts {
  pool: ConnectionPool;
  calls: RunningCalls;
  events: Emitter<CallEvents>;
  records: CallRecords;
  /** Runs the call as a task when its tool asks for one (on servers that take tool tasks). */
  tasks: ToolTasks;
  /** The record as the call should see it now (a live connection's, else the store's). */
  currentRecord(serverId: string): McpServerRecord;
  /** The record read again for a retry on a new connection. */
  storedRecord(serverId: string): McpServerRecord;
  /** The call ended: questions it asked are withdrawn (ElicitationBroker.withdrawCall). */
  ended(callId: string): void;
  callTimeoutMs: number;
}

export class ToolCalls {
  constructor(private readonly parts: ToolCallParts) {}

  async call(serverId: string, toolName: string, args: Record<string, unknown>, callId: string, options: CallToolOptions): Promise<McpCallToolResult> {
    const { timeoutMs, defaultTimeoutMs, signal, requireActive, origin = requireActive ? 'agent' : 'person' } = options;
    const { pool, calls, events, records } = this.parts;
    if (signal?.aborted) throw new AppError('MCP_CANCELLED', `Call ${callId} was cancelled by the caller before it started`, { callId, serverId, toolName });
    calls.refuseDuplicate(callId);
    const server = this.parts.currentRecord(serverId);
    assertActiveForImplicitUse(server, requireActive);
    assertToolEnabled(server, toolName);
    const controller = new CallCancellation();
    const timeout = timeoutMs ?? server.config.timeoutMs ?? defaultTimeoutMs ?? this.parts.callTimeoutMs;
    const running = { controller, serverId, toolName, deadline: Date.now() + timeout };
    calls.start(callId, running);
    const onAbort = signal && (() => controller.abort(new AppError('MCP_CANCELLED', `Call ${callId} was cancelled by the caller`, { callId, serverId, toolName })));
    if (onAbort) signal.addEventListener('abort', onAbort, { once: true });
    const at = Date.now();
    const started = performance.now();
    let answer: McpCallToolResult | undefined;
    let error: AppErrorShape | undefined;
    try {
      // Always with a progress token: a long tool that reports progress is alive, and each report
      // restarts the timeout (a question it asks may then wait as long), up to the maximum.
      const request: RequestOptions = {
        signal: controller.signal,
        timeout,
        resetTimeoutOnProgress: true,
        maxTotalTimeout: Math.max(timeout, MAX_CALL_WITH_PROGRESS_MS),
        onprogress: ({ progress, total, message }) => {
          running.deadline = Date.now() + timeout;
          events.emit('mcp.tool_progress', { serverId, toolName, callId, progress, total, message });
        },
      };
      const run = (client: Client) =>
        serverTakesToolTasks(client)
          ? this.parts.tasks.call(client, { server, toolName, callId, args }, { ...request, timeout }, controller)
          : requestToolCall(client, toolName, args, request);
      const stored = () => this.parts.storedRecord(serverId);
      const result = await pool.request(server, 'tools/call', false, run, stored, requireActive ? 'use' : 'person', controller);
      answer = { callId, isError: result.isError === true, content: result.content, durationMs: performance.now() - started };
      if (result.structuredContent) answer.structuredContent = result.structuredContent;
      return answer;
    } catch (err) {
      // The SDK reports every abort as a RequestTimeout; the signal knows it was a cancel.
      const thrown = controller.aborted && controller.reason instanceof AppError ? controller.reason : withCallDetails(err, { toolName, callId, timeoutMs: timeout });
      error = toErrorShape(thrown);
      throw thrown;
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
      calls.end(callId);
      this.parts.ended(callId);
      const duration = performance.now() - started;
      records.add({ callId, serverId, toolName, origin, args, at, durationMs: duration, ...(answer && { result: answer }), ...(error && { error }) });
      const success = answer !== undefined && !answer.isError;
      events.emit('mcp.tool_called', { serverId, toolName, callId, duration, success, origin, ...(error && { error }) });
    }
  }
}
