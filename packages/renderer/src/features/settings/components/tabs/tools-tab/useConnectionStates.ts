import { useCallback, useEffect, useRef, useState } from 'react';
import type { McpServerStatus } from '@shared/contracts/mcp-types';
import type { HostClient } from '../../../../../bridge/types';

/**
 * Each server's connection state: `mcp.status` on mount and whenever the list changes, then
 * every `mcp.connection_state` event as it arrives, so a row shows "connecting" and "error"
 * live. Only the newest status answer may replace the map (as in useServerList); events that
 * arrive meanwhile are applied on top of it.
 */
export function useConnectionStates(host: HostClient): ReadonlyMap<string, McpServerStatus> {
  const [states, setStates] = useState<ReadonlyMap<string, McpServerStatus>>(new Map());
  const latest = useRef(0);

  const fetchStatus = useCallback(async () => {
    const ticket = ++latest.current;
    const result = await host.request('mcp.status');
    if (ticket !== latest.current || !result.ok) return;
    setStates(new Map(result.data.map((status) => [status.id, status])));
  }, [host]);

  useEffect(() => {
    void fetchStatus();
    const offChanged = host.on('mcp.servers_changed', () => void fetchStatus());
    // Missed events may include state changes: start again from the host's view.
    const offDropped = host.on('app.events_dropped', () => void fetchStatus());
    const offState = host.on('mcp.connection_state', ({ serverId, state, error }) =>
      setStates((prev) => new Map(prev).set(serverId, { id: serverId, state, ...(error ? { error } : {}) })),
    );
    return () => {
      offChanged();
      offDropped();
      offState();
    };
  }, [host, fetchStatus]);

  return states;
}
