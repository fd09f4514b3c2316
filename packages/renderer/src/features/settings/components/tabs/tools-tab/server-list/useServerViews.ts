/**
 * The server list's rows as views: each server with its live state, its tool names and what was
 * last seen of it. Reading them starts no server (see useToolNames).
 */
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { McpLastSeen, McpServerRecord, McpServerStatus } from '@shared/contracts/mcp-types';
import { hostReachable } from '@renderer/bridge/connection';
import { useHost, useHostConnection } from '@renderer/bridge/HostContext';
import { requestOrThrow, routeKey, useRoute } from '@renderer/data/useRoute';
import { cachedServerView, type ServerView } from './serverView';

export function useServerViews(servers: McpServerRecord[] | undefined, states: ReadonlyMap<string, McpServerStatus>): ServerView[] {
  const hostUp = hostReachable(useHostConnection());
  const lastSeen = useLastSeen();
  const toolNames = useToolNames(servers, states);
  return useMemo(
    () => (servers ?? []).map((s) => cachedServerView(s, states.get(s.id), toolNames.get(s.id), hostUp, lastSeen.get(s.id))),
    [servers, states, toolNames, hostUp, lastSeen],
  );
}

/**
 * What was last seen of each server (its tools, kept across runs), by id. Showing the list starts
 * no server: the pool connects one when something needs it (a model's tool list, a test, a call,
 * its detail, "Check all"), and until then the row shows these, marked as last seen.
 */
function useLastSeen(): ReadonlyMap<string, McpLastSeen> {
  const seen = useRoute('mcp.last_seen');
  return useMemo(() => new Map((seen.data ?? []).map((entry) => [entry.serverId, entry])), [seen.data]);
}

/**
 * Tool names of each connected server (mcp.list_tools, cached; refreshed by the connection events).
 * Asked with `connect: false`: a state read before the host restarted still says "connected"
 * until its refetch answers, and the list must not start the server to show its tools.
 */
function useToolNames(servers: McpServerRecord[] | undefined, states: ReadonlyMap<string, McpServerStatus>): ReadonlyMap<string, string[]> {
  const host = useHost();
  const connected = (servers ?? []).filter((s) => s.isActive && states.get(s.id)?.state === 'connected').map((s) => s.id);
  const results = useQueries({
    queries: connected.map((id) => ({
      queryKey: routeKey('mcp.list_tools', { id, connect: false }),
      queryFn: () => requestOrThrow(host, 'mcp.list_tools', { id, connect: false }),
    })),
  });
  const key = results.map((result, index) => `${connected[index]}:${result.dataUpdatedAt}`).join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` says when any server's tools changed
  return useMemo(() => new Map(results.flatMap((result, index) => (result.data ? [[connected[index]!, result.data.map((tool) => tool.name)] as const] : []))), [key]);
}
