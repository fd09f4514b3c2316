/**
 * The calls Activity lists: every mcp.tool_called the window heard, newest first, at most
 * CALL_LOG_LIMIT of them (older ones drop off; the host keeps the full results of its newest
 * calls, see mcp.call_record). Pure: filtering, per-server figures and the JSON export.
 */
import type { EventPayload } from '@shared/contracts/ipc';
import type { CallOrigin } from '@shared/contracts/mcp-types';

export const CALL_LOG_LIMIT = 500;
/** How many of a server's latest calls its chart draws. */
export const CHART_CALLS = 40;

export interface CallEntry extends EventPayload<'mcp.tool_called'> {
  /** Epoch ms when the window heard the call end. */
  endedAt: number;
}

export type CallOutcome = 'succeeded' | 'failed';

export interface CallFilter {
  serverId?: string | undefined;
  toolName?: string | undefined;
  origin?: CallOrigin | undefined;
  outcome?: CallOutcome | undefined;
}

export const outcomeOf = (call: CallEntry): CallOutcome => (call.success ? 'succeeded' : 'failed');

export function filterCalls(calls: readonly CallEntry[], filter: CallFilter): CallEntry[] {
  return calls.filter(
    (call) =>
      (filter.serverId === undefined || call.serverId === filter.serverId) &&
      (filter.toolName === undefined || call.toolName === filter.toolName) &&
      (filter.origin === undefined || call.origin === filter.origin) &&
      (filter.outcome === undefined || outcomeOf(call) === filter.outcome),
  );
}

export interface ServerFigures {
  serverId: string;
  calls: number;
  failed: number;
  medianMs: number;
  maxMs: number;
  /** The latest CHART_CALLS calls, oldest first, as the chart draws them. */
  recent: { durationMs: number; failed: boolean }[];
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Per server, in the order servers first appear (newest call first): counts, latency and the chart's points. */
export function serverFigures(calls: readonly CallEntry[]): ServerFigures[] {
  const byServer = new Map<string, CallEntry[]>();
  for (const call of calls) {
    const list = byServer.get(call.serverId);
    if (list) list.push(call);
    else byServer.set(call.serverId, [call]);
  }
  return [...byServer].map(([serverId, list]) => {
    const durations = list.map((call) => call.duration);
    return {
      serverId,
      calls: list.length,
      failed: list.filter((call) => !call.success).length,
      medianMs: median(durations),
      maxMs: Math.max(...durations),
      recent: list
        .slice(0, CHART_CALLS)
        .reverse()
        .map((call) => ({ durationMs: call.duration, failed: !call.success })),
    };
  });
}

/** The calls as a JSON document a person can keep or attach to a bug report; ids beside the names the person chose. */
export function callsAsJson(calls: readonly CallEntry[], serverName: (id: string) => string, exportedAt = Date.now()): string {
  return JSON.stringify(
    {
      exportedAt: new Date(exportedAt).toISOString(),
      calls: calls.map((call) => ({
        callId: call.callId,
        endedAt: new Date(call.endedAt).toISOString(),
        by: call.origin,
        serverId: call.serverId,
        server: serverName(call.serverId),
        tool: call.toolName,
        durationMs: Math.round(call.duration),
        outcome: outcomeOf(call),
        ...(call.error && { error: { code: call.error.code, message: call.error.message } }),
      })),
    },
    null,
    2,
  );
}
