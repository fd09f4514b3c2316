/**
 * Requests waiting for the person, oldest first: those already waiting when the window opened
 * (the list route), then each request event. One leaves the queue when this window answered it
 * or the host says it no longer waits (the closed event); `onGone` hears about the ones that went
 * without this window's answer. Shared by servers' questions, tool-call approvals and sampling reviews.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventName, EventPayload, RouteName, RouteOutput } from '@shared/contracts/ipc';
import { useHost } from '@renderer/bridge/HostContext';

type ListRoute = 'mcp.elicitations' | 'chat.approvals' | 'mcp.sampling_requests';
type Item<L extends ListRoute> = RouteOutput<L>[number];

/** The list route, the event that adds a request (its payload is one of the list's items) and the one that closes it. */
export interface PendingSource<L extends ListRoute, Q extends EventName, C extends EventName> {
  list: L;
  requested: Q;
  closed: C;
}

export function usePendingQueue<L extends ListRoute & RouteName, Q extends EventName, C extends EventName>(
  source: PendingSource<L, Q, C>,
  onGone: (request: Item<L>, closed: EventPayload<C>) => void,
) {
  const host = useHost();
  const [queue, setQueue] = useState<Item<L>[]>([]);
  const goneRef = useRef(onGone);
  useEffect(() => {
    goneRef.current = onGone;
  });
  const { list, requested, closed } = source;

  useEffect(() => {
    let live = true;
    const add = (requests: Item<L>[]) => setQueue((prev) => [...prev, ...requests.filter((r) => !prev.some((p) => p.requestId === r.requestId))]);
    const offRequest = host.on(requested, (request) => add([request as Item<L>]));
    const offClosed = host.on(closed, (payload) => {
      const { requestId } = payload as { requestId: string };
      setQueue((prev) => {
        const gone = prev.find((r) => r.requestId === requestId);
        // Outside the updater's return: it may run twice in development, the notice must not.
        if (gone) queueMicrotask(() => goneRef.current(gone, payload));
        return gone ? prev.filter((r) => r.requestId !== requestId) : prev;
      });
    });
    // Events are subscribed first, so a request made meanwhile is in one list or the other (add dedupes).
    // The rule sees no change of type in these generic casts, yet TS needs both (RouteArgs<L> and Item<L> stay unresolved).
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
    void host.request(list as ListRoute).then((result) => {
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
      if (live && result.ok) add(result.data as Item<L>[]);
    });
    return () => {
      live = false;
      offRequest();
      offClosed();
    };
  }, [host, list, requested, closed]);

  /** This window answered these: no notice, the host's closed events find nothing left to remove. */
  const answered = useCallback((requestIds: readonly string[]) => setQueue((prev) => prev.filter((r) => !requestIds.includes(r.requestId))), []);
  return { queue, answered };
}
