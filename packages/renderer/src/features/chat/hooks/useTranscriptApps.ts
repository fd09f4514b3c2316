/**
 * Which tool calls of a chat show their MCP App (issue 32), and which of those are live.
 *
 * A live app is a sandboxed frame with its own document, scripts and bridge; a long chat with
 * many of them would keep them all running. So only the newest LIVE_APPS calls with an app are
 * live; an older one shows its text result and a "Show app" button, which makes it live again
 * (for as long as the transcript is on screen) on top of the newest ones.
 */
import { useMemo, useState } from 'react';
import type { MCPTool } from '@shared/contracts/mcp-types';
import type { ToolCallApp } from '@renderer/components/ToolCallDisplay';
import { useRoute } from '@renderer/data/useRoute';
import type { ChatEntry } from '../model/chatState';

export const LIVE_APPS = 3;

/**
 * Whether a call shows its app: from the moment it runs (its input, then its result), and after
 * the person stopped it while it ran (the app hears so). Not while it waits for the person, nor
 * when denied, failed, or stopped before it ran.
 */
const showsApp = (entry: Extract<ChatEntry, { kind: 'tool' }>): boolean =>
  entry.call.status === 'running' || entry.call.status === 'done' || (entry.call.status === 'cancelled' && entry.ran === true);

/** A call's app, without what the call itself says (its id, whether it was stopped). */
export type TranscriptApp = Omit<ToolCallApp, 'callKey' | 'cancelled'> & { live: boolean };

export interface TranscriptApps {
  /** The app of a call (by callId), if its tool has one and the call shows it. */
  of(callId: string): TranscriptApp | undefined;
  show(callId: string): void;
}

export function useTranscriptApps(entries: readonly ChatEntry[]): TranscriptApps {
  // The same query as the chat's tool list: the tools with their app links.
  const listed = useRoute('mcp.list_all_tools', {});
  const [shown, setShown] = useState<ReadonlySet<string>>(new Set());

  const apps = useMemo(() => {
    const byServer = new Map<string, MCPTool[]>();
    for (const tool of listed.data ?? []) byServer.set(tool.serverId, [...(byServer.get(tool.serverId) ?? []), tool]);
    const found: { callId: string; app: Omit<TranscriptApp, 'live'> }[] = [];
    for (const entry of entries) {
      if (entry.kind !== 'tool' || !showsApp(entry)) continue;
      const tool = (byServer.get(entry.call.serverId) ?? []).find((candidate) => candidate.name === entry.call.toolName);
      if (tool?.app?.resourceUri) found.push({ callId: entry.call.callId, app: { serverId: entry.call.serverId, tool } });
    }
    const newest = new Set(found.slice(-LIVE_APPS).map(({ callId }) => callId));
    return new Map(found.map(({ callId, app }) => [callId, { ...app, live: newest.has(callId) || shown.has(callId) }]));
  }, [entries, listed.data, shown]);

  return { of: (callId) => apps.get(callId), show: (callId) => setShown((before) => new Set(before).add(callId)) };
}
