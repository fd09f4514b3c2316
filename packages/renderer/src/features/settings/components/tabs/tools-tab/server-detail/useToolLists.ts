/**
 * The server's two tool lists (`disabledTools`, `disabledAutoApproveTools`) as the switches see
 * them, and the writes that change them. Each write sends only the list it changes (mcp.update
 * changes exactly the keys it names). Writes are sent one after another, and until the last one
 * is answered the switches show what was asked for: a quick second click is neither lost nor
 * undone by the refetch the first write causes.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import { useHost } from '@renderer/bridge/HostContext';
import { requestOrThrow } from '@renderer/data/useRoute';

export type ToolListKey = 'disabledTools' | 'disabledAutoApproveTools';
type Lists = Record<ToolListKey, readonly string[]>;

export interface ToolLists extends Lists {
  /** Puts names into one list (`inList`) or takes them out of it. */
  set: (key: ToolListKey, names: readonly string[], inList: boolean) => void;
  saving: boolean;
  error: AppErrorShape | undefined;
  clearError: () => void;
}

export function useToolLists(server: Pick<McpServerRecord, 'id' | ToolListKey>): ToolLists {
  const host = useHost();
  const client = useQueryClient();
  const [pending, setPending] = useState<Partial<Lists>>({});
  const [error, setError] = useState<AppErrorShape>();
  const pendingRef = useRef<Partial<Lists>>({});
  const queue = useRef<Promise<void>>(Promise.resolve());
  const inFlight = useRef(0);

  // Read by `set`, which keeps one identity so memoised rows do not re-render on every change.
  const serverRef = useRef(server);
  useEffect(() => {
    serverRef.current = server;
  }, [server]);

  const set = useCallback((key: ToolListKey, names: readonly string[], inList: boolean) => {
    const before = pendingRef.current[key] ?? serverRef.current[key];
    const next = inList ? [...before, ...names.filter((n) => !before.includes(n))] : before.filter((n) => !names.includes(n));
    pendingRef.current = { ...pendingRef.current, [key]: next };
    setPending(pendingRef.current);
    setError(undefined);
    inFlight.current += 1;
    const id = serverRef.current.id;
    queue.current = queue.current
      .then(async () => {
        await requestOrThrow(host, 'mcp.update', { id, updates: { [key]: next } });
      })
      .catch((err: AppErrorShape) => {
        setError(err);
        // What was asked for did not all happen: show what the host has.
        pendingRef.current = {};
      })
      .finally(async () => {
        inFlight.current -= 1;
        if (inFlight.current > 0) return;
        await client.invalidateQueries({ queryKey: ['mcp.list'] });
        if (inFlight.current === 0) {
          pendingRef.current = {};
          setPending({});
        }
      });
  }, [host, client]);

  return {
    disabledTools: pending.disabledTools ?? server.disabledTools,
    disabledAutoApproveTools: pending.disabledAutoApproveTools ?? server.disabledAutoApproveTools,
    set,
    saving: Object.keys(pending).length > 0,
    error,
    clearError: useCallback(() => setError(undefined), []),
  };
}

