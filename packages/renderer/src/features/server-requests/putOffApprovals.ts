/**
 * The tool-call approvals the person put aside ("Decide later"), for the places that show the call
 * itself: the chat that made the call shows the decision where the person is, with the way back
 * to it, instead of only the badge in the corner. ApprovalDialog provides it.
 */
import { createContext, useContext } from 'react';
import type { ApprovalRequest } from '@shared/contracts/chat';

export interface PutOffApprovals {
  /** Put aside, oldest first. */
  requests: readonly ApprovalRequest[];
  /** Shows that request's dialog again. */
  review: (requestId: string) => void;
}

export const PutOffApprovalsContext = createContext<PutOffApprovals>({ requests: [], review: () => {} });

/** The put-aside approvals of one chat. */
export function usePutOffApprovals(chatId: string): PutOffApprovals {
  const { requests, review } = useContext(PutOffApprovalsContext);
  return { requests: requests.filter((request) => request.chatId === chatId), review };
}

/** The put-aside approval of one tool call, and how to bring its dialog back; undefined when it is not put aside. */
export function usePutOffApproval(callId: string): (() => void) | undefined {
  const { requests, review } = useContext(PutOffApprovalsContext);
  const request = requests.find((candidate) => candidate.callId === callId);
  return request ? () => review(request.requestId) : undefined;
}
