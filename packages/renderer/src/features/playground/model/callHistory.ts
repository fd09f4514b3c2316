/**
 * The playground's calls since the app started, newest first, for every server.
 *
 * It lives in the renderer, in this module: "since the app started" is the window's lifetime,
 * it must survive the drawer closing (the drawer unmounts its panes), and nothing else needs
 * it — the host keeps no record of calls, and results (images, audio) can be large, so they are
 * not worth a round trip or a file. Capped at HISTORY_LIMIT entries; the oldest go first.
 */
import { useSyncExternalStore } from 'react';
import type { McpCallToolResult } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import { Emitter } from '@shared/lifecycle/Emitter';

export const HISTORY_LIMIT = 100;

export type CallStatus = 'running' | 'ok' | 'toolError' | 'failed' | 'cancelled';

export interface HistoryEntry {
  callId: string;
  serverId: string;
  serverName: string;
  toolName: string;
  args: Record<string, unknown>;
  startedAt: number;
  status: CallStatus;
  /** Measured here when the call failed or was cancelled; the host's `durationMs` otherwise. */
  durationMs?: number;
  result?: McpCallToolResult;
  error?: AppErrorShape;
}

let entries: readonly HistoryEntry[] = [];
const historyChanges = new Emitter<{ change: void }>();

const publish = (next: readonly HistoryEntry[]) => {
  entries = next;
  historyChanges.emit('change', undefined);
};

export const callHistory = {
  add(entry: HistoryEntry): void {
    publish([entry, ...entries].slice(0, HISTORY_LIMIT));
  },
  update(callId: string, changes: Partial<HistoryEntry>): void {
    if (!entries.some((e) => e.callId === callId)) return;
    publish(entries.map((e) => (e.callId === callId ? { ...e, ...changes } : e)));
  },
  clear(serverId: string): void {
    publish(entries.filter((e) => e.serverId !== serverId));
  },
  all: (): readonly HistoryEntry[] => entries,
  subscribe: (listener: () => void): (() => void) => historyChanges.on('change', listener),
};

/** One server's calls, newest first. */
export function useCallHistory(serverId: string): readonly HistoryEntry[] {
  const all = useSyncExternalStore(callHistory.subscribe, callHistory.all);
  return all.filter((e) => e.serverId === serverId);
}
