import { useCallback, useEffect, useRef, useState } from 'react';
import type { HostClient } from '@renderer/bridge/types';
import { isListed } from './summarizeEvent';
import { EVENT_LOG_LIMIT, type LiveEvent } from './types';

/** The latest listed events from the host, newest first, capped at `limit`. */
export function useLiveEvents(host: HostClient, limit = EVENT_LOG_LIMIT): { events: LiveEvent[]; clear: () => void } {
  const [events, setEvents] = useState<LiveEvent[]>([]);
  const nextId = useRef(0);

  useEffect(
    () =>
      host.onAny((envelope) => {
        // Unlisted events (every token of a model's answer) would push the others out of the log.
        if (!isListed(envelope)) return;
        const entry: LiveEvent = { id: nextId.current++, receivedAt: Date.now(), envelope };
        setEvents((prev) => [entry, ...prev].slice(0, limit));
      }),
    [host, limit],
  );

  const clear = useCallback(() => setEvents([]), []);
  return { events, clear };
}
