/**
 * The person's side of issue 15's questions: approving the tool calls a model makes (the chat's
 * ApprovalBroker) and reviewing a server's sampling requests (McpService's SamplingBroker).
 */
import type { McpService } from '../capabilities/tools/mcp-users/McpService';
import type { ApprovalBroker } from '../chat/ApprovalBroker';
import type { RouteHandlers } from './McpRouter';

type ApprovalRoutes = Pick<
  RouteHandlers,
  'chat.approval_respond' | 'chat.approvals' | 'mcp.sampling_generate' | 'mcp.sampling_respond' | 'mcp.sampling_requests'
>;

export function createApprovalRouteHandlers(mcpService: McpService, approvals: ApprovalBroker): ApprovalRoutes {
  return {
    'chat.approval_respond': async (input) => ({ answered: await approvals.respond(input) }),
    'chat.approvals': async () => approvals.list(),
    'mcp.sampling_generate': (input) => mcpService.generateSampling(input),
    'mcp.sampling_respond': async (input) => {
      mcpService.respondToSampling(input);
      return { answered: true };
    },
    'mcp.sampling_requests': async () => mcpService.pendingSamplings(),
  };
}
