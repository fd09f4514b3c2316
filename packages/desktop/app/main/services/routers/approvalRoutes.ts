/**
 * The person's side of issue 15's questions: approving the tool calls a model makes (the chat's
 * ApprovalBroker) and reviewing a server's sampling requests (the SamplingBroker).
 */
import type { SamplingBroker } from '../capabilities/tools/mcp-users/SamplingBroker';
import type { ApprovalBroker } from '../chat/ApprovalBroker';
import type { RouteHandlers } from './AppRouter';

type ApprovalRoutes = Pick<
  RouteHandlers,
  'chat.approval_respond' | 'chat.approvals' | 'mcp.sampling_generate' | 'mcp.sampling_respond' | 'mcp.sampling_requests'
>;

export function createApprovalRouteHandlers(sampling: SamplingBroker, approvals: ApprovalBroker): ApprovalRoutes {
  return {
    'chat.approval_respond': async (input) => ({ answered: await approvals.respond(input) }),
    'chat.approvals': async () => approvals.list(),
    'mcp.sampling_generate': (input) => sampling.generate(input),
    'mcp.sampling_respond': async (input) => {
      sampling.respond(input);
      return { answered: true };
    },
    'mcp.sampling_requests': async () => sampling.list(),
  };
}
