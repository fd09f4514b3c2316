/**
 * The server questions waiting for the person, oldest first: those already waiting when the
 * window opened (`mcp.elicitations`), then each `mcp.elicitation_request`. A question leaves the
 * queue when this window answered it or the host says it no longer waits (`mcp.elicitation_closed`);
 * `onGone` hears about the ones that went without this window's answer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ElicitationClosed, ElicitationRequest } from '@shared/contracts/elicitation';
import { useHost } from '@renderer/bridge/HostContext';

export function useElicitationQueue(onGone: (request: ElicitationRequest, reason: ElicitationClosed['reason']) => void) {
  const host = useHost();
  const [queue, setQueue] = useState<ElicitationRequest[]>([]);
  const goneRef = useRef(onGone);
  useEffect(() => {
    goneRef.current = onGone;
  });

  useEffect(() => {
    let live = true;
    const add = (requests: ElicitationRequest[]) =>
      setQueue((prev) => [...prev, ...requests.filter((r) => !prev.some((p) => p.requestId === r.requestId))]);
    const offRequest = host.on('mcp.elicitation_request', (request) => add([request]));
    const offClosed = host.on('mcp.elicitation_closed', ({ requestId, reason }) => {
      setQueue((prev) => {
        const gone = prev.find((r) => r.requestId === requestId);
        // Outside the updater's return: it may run twice in development, the notice must not.
        if (gone) queueMicrotask(() => goneRef.current(gone, reason));
        return gone ? prev.filter((r) => r.requestId !== requestId) : prev;
      });
    });
    // Events are subscribed first, so a question asked meanwhile is in one list or the other (add dedupes).
    void host.request('mcp.elicitations').then((result) => {
      if (live && result.ok) add(result.data);
    });
    return () => {
      live = false;
      offRequest();
      offClosed();
    };
  }, [host]);

  /** This window answered it: no notice, the host's closed event finds nothing left to remove. */
  const answered = useCallback((requestId: string) => setQueue((prev) => prev.filter((r) => r.requestId !== requestId)), []);
  return { queue, answered };
}
