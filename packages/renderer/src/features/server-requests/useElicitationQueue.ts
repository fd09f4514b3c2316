/**
 * The server questions waiting for the person, oldest first (see usePendingQueue): those waiting
 * when the window opened (`mcp.elicitations`), then each `mcp.elicitation_request`, until this
 * window answers one or `mcp.elicitation_closed` says it no longer waits.
 */
import { useCallback } from 'react';
import type { ElicitationClosed, ElicitationRequest } from '@shared/contracts/elicitation';
import { usePendingQueue } from './usePendingQueue';

const SOURCE = { list: 'mcp.elicitations', requested: 'mcp.elicitation_request', closed: 'mcp.elicitation_closed' } as const;

export function useElicitationQueue(onGone: (request: ElicitationRequest, reason: ElicitationClosed['reason']) => void) {
  const { queue, answered } = usePendingQueue(SOURCE, (request, closed) => onGone(request, closed.reason));
  return { queue, answered: useCallback((requestId: string) => answered([requestId]), [answered]) };
}
