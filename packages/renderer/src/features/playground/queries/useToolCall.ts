/**
 * Runs one tool call from the playground and follows it: a callId of its own (so its progress
 * events are told from any other call's, and it can be cancelled), the entry in the history,
 * and the outcome. `isError` results are calls that ran and failed (status `toolError`); an
 * error envelope is a call that produced no result (`failed`, or `cancelled` for MCP_CANCELLED).
 */
import { useEffect, useState } from 'react';
import type { McpToolProgress } from '@shared/contracts/mcp-types';
import { useHost } from '@renderer/bridge/HostContext';
import { callHistory, useCallHistory, type HistoryEntry } from '../model/callHistory';

export type Progress = Pick<McpToolProgress, 'progress' | 'total' | 'message' | 'taskStatus'>;

/** crypto.randomUUID needs a secure context; the app always has one, a test runner may not. */
const newCallId = () => globalThis.crypto?.randomUUID?.() ?? `call-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function useToolCall(server: { id: string; name: string }) {
  const host = useHost();
  const history = useCallHistory(server.id);
  // A call started before the drawer last closed is still followed: its entry says `running`.
  const running = history.find((e) => e.status === 'running');
  const runningId = running?.callId;
  const [progress, setProgress] = useState<{ callId: string; value: Progress }>();
  const [cancelling, setCancelling] = useState<string>();

  useEffect(() => {
    if (!runningId) return undefined;
    return host.on('mcp.tool_progress', (event) => {
      // Every call's progress comes on this one stream; only this call's is shown.
      if (event.callId !== runningId) return;
      setProgress({ callId: runningId, value: { progress: event.progress, total: event.total, message: event.message, taskStatus: event.taskStatus } });
    });
  }, [host, runningId]);

  /** Starts a call; `callId` is known at once (to show it), `done` settles with its history entry. */
  const run = (toolName: string, args: Record<string, unknown>): { callId: string; done: Promise<HistoryEntry> } => {
    const callId = newCallId();
    const startedAt = Date.now();
    const entry: HistoryEntry = { callId, serverId: server.id, serverName: server.name, toolName, args, startedAt, status: 'running' };
    callHistory.add(entry);
    const done = host.request('mcp.call_tool', { serverId: server.id, toolName, args, callId }).then((answer) => {
      const changes: Partial<HistoryEntry> = answer.ok
        ? { status: answer.data.isError ? 'toolError' : 'ok', result: answer.data, durationMs: answer.data.durationMs }
        : { status: answer.error.code === 'MCP_CANCELLED' ? 'cancelled' : 'failed', error: answer.error, durationMs: Date.now() - startedAt };
      callHistory.update(callId, changes);
      return { ...entry, ...changes };
    });
    return { callId, done };
  };

  const cancel = async () => {
    if (!runningId) return;
    setCancelling(runningId);
    // The host aborts the request, which makes the SDK send notifications/cancelled to the server;
    // the call then ends with MCP_CANCELLED through `run`.
    await host.request('mcp.cancel_call', { callId: runningId });
  };

  return {
    run,
    cancel,
    running,
    progress: progress && progress.callId === runningId ? progress.value : undefined,
    cancelling: cancelling !== undefined && cancelling === runningId,
  };
}
