import { useCallback, useEffect, useRef, useState } from 'react';
import type { HostClient } from '../../../../../bridge/types';
import type { ServerListState } from './types';

/**
 * Loads `mcp.list` on mount and again on every `mcp.servers_changed` (and `app.events_dropped`). Only the newest request
 * may write the state: events can arrive faster than answers, and an older, slower answer must
 * not overwrite a newer list. (Remounting starts a newer request too, so a StrictMode
 * double mount or a remount ignores answers meant for the old instance.)
 */
export function useServerList(host: HostClient): ServerListState & { reload: () => void } {
  const [state, setState] = useState<ServerListState>({ servers: undefined, loading: true, error: undefined });
  const latest = useRef(0);

  const fetchList = useCallback(async () => {
    const ticket = ++latest.current;
    const result = await host.request('mcp.list');
    if (ticket !== latest.current) return;
    setState((prev) =>
      result.ok
        ? { servers: result.data, loading: false, error: undefined }
        : { servers: prev.servers, loading: false, error: result.error },
    );
  }, [host]);

  const reload = useCallback(() => {
    setState((prev) => ({ ...prev, loading: true }));
    void fetchList();
  }, [fetchList]);

  useEffect(() => {
    void fetchList();
    const offChanged = host.on('mcp.servers_changed', reload);
    // The browser-mode host dropped events for this page (it fell behind): a change may be among them.
    const offDropped = host.on('app.events_dropped', reload);
    return () => {
      offChanged();
      offDropped();
    };
  }, [host, fetchList, reload]);

  return { ...state, reload };
}
