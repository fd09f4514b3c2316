/**
 * What each host event means for the cached route answers. The table is exhaustive over the
 * contract's events, so a new event is a compile error here until someone decides what it
 * makes stale (often nothing: progress and log lines are read live by the screens that show them).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { EventName, EventPayload, RouteName } from '@shared/contracts/ipc';
import type { McpServerStatus } from '@shared/contracts/mcp-types';
import { useHost, useHostConnection } from '@renderer/bridge/HostContext';
import { refreshQueries } from './queryClient';
import { routeKey } from './useRoute';

type Reaction<E extends EventName> = (client: QueryClient, payload: EventPayload<E>) => void;

const invalidate = (client: QueryClient, ...routes: RouteName[]) => {
  for (const route of routes) void refreshQueries(client, { queryKey: [route] });
};

/** Routes whose answer depends on one server's live tools. */
const refreshServerTools = (client: QueryClient, id: string) => {
  void refreshQueries(client, { queryKey: routeKey('mcp.list_tools', { id }) });
  void refreshQueries(client, { queryKey: routeKey('mcp.discover', { id }) });
  invalidate(client, 'mcp.list_all_tools');
};

const refreshStatusInFlight = (client: QueryClient) => {
  if (client.isFetching({ queryKey: routeKey('mcp.status') }) > 0) void refreshQueries(client, { queryKey: routeKey('mcp.status') });
};

export const EVENT_REACTIONS: { [E in EventName]: Reaction<E> | null } = {
  // Any record change may rename a server, toggle a tool or link a key: every view of records is stale.
  'mcp.servers_changed': (client) =>
    invalidate(client, 'mcp.list', 'mcp.status', 'mcp.list_all_tools', 'mcp.list_tools', 'mcp.discover', 'mcp.last_seen', 'presets.list', 'providers.linked_servers', 'registry.updates'),
  // Applied in place so a badge changes without a round trip; tools appear once connected.
  'mcp.connection_state': (client, { serverId, ...live }) => {
    client.setQueryData<McpServerStatus[]>(routeKey('mcp.status'), (prev) => {
      if (!prev) return prev;
      // The event carries the whole live state (failure, phase, retry …); only sign-in is kept from before.
      const { auth } = prev.find((s) => s.id === serverId) ?? {};
      const next: McpServerStatus = { id: serverId, ...live, ...(auth ? { auth } : {}) };
      return prev.some((s) => s.id === serverId) ? prev.map((s) => (s.id === serverId ? next : s)) : [...prev, next];
    });
    // A status answer still in flight was read before this event and would overwrite it with an
    // older state (a server added and failing at once stayed "Connecting…"): ask again instead.
    refreshStatusInFlight(client);
    if (live.state === 'connected') refreshServerTools(client, serverId);
    // Its row falls back to what was last seen, which the connection just ended may have updated.
    if (live.state === 'disconnected' || live.state === 'error') invalidate(client, 'mcp.last_seen');
  },
  // Applied in place like connection_state: the row's "Sign in" / "Waiting for browser…" follows at once.
  'mcp.auth_state': (client, { serverId, auth }) => {
    client.setQueryData<McpServerStatus[]>(routeKey('mcp.status'), (prev) =>
      prev?.map((s) => {
        if (s.id !== serverId) return s;
        const { auth: _old, ...rest } = s;
        return auth ? { ...rest, auth } : rest;
      }),
    );
    refreshStatusInFlight(client);
  },
  'mcp.tools_changed': (client, { serverId }) => refreshServerTools(client, serverId),
  'app.notice': (client) => invalidate(client, 'app.notices'),
  // The page fell behind and missed events: anything may be stale.
  'app.events_dropped': (client) => void refreshQueries(client),
  // A deep-link install adds a record, which mcp.servers_changed already covers.
  'mcp.link_installed': null,
  // Read live by the screens that show them (call history, logs, install progress).
  'mcp.tool_called': null,
  'mcp.tool_progress': null,
  'mcp.server_log': null,
  // The app-wide dialog shows and closes server questions as they come (ElicitationDialog).
  'mcp.elicitation_request': null,
  'mcp.elicitation_closed': null,
  'deps.install_progress': null,
  'presets.install_progress': null,
  // The chat view reads its turn live; the app-wide dialogs show and close approvals and sampling requests.
  'chat.delta': null,
  'chat.tool_call': null,
  'chat.turn_end': null,
  'chat.approval_request': null,
  'chat.approval_closed': null,
  'mcp.sampling_request': null,
  'mcp.sampling_closed': null,
  'agents.session_state': null,
};

/** Mount once under the QueryClientProvider: keeps every cached answer in step with the host. */
export function useEventInvalidation(): void {
  const host = useHost();
  const client = useQueryClient();
  useEffect(
    () =>
      host.onAny((envelope) => {
        // The rule sees no change of type here, yet TS cannot call the correlated union without it.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
        const reaction = EVENT_REACTIONS[envelope.event] as Reaction<EventName> | null;
        reaction?.(client, envelope.payload);
      }),
    [host, client],
  );
}

/**
 * Mount once beside useEventInvalidation: events sent while no stream was open never reach this
 * page (before the first stream opened, between a stream's end and the next, and all the time the
 * host was unreachable), so each time a stream opens everything cached may be stale and is asked
 * again. In Electron the connection is always up and this never fires.
 */
export function useRefreshOnReconnect(): void {
  const client = useQueryClient();
  const connection = useHostConnection();
  const wasUp = useRef(connection === 'up');
  useEffect(() => {
    const up = connection === 'up';
    if (up && !wasUp.current) void refreshQueries(client);
    wasUp.current = up;
  }, [connection, client]);
}
