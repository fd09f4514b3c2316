// BRANCH BASE ONLY (chat-base): the chat-approve helper replaces these with the real handlers.
import { AppError } from '../../../shared/errors';
import type { RouteHandlers } from './McpRouter';

type ApprovalRoutes = Pick<
  RouteHandlers,
  'chat.approval_respond' | 'chat.approvals' | 'mcp.sampling_generate' | 'mcp.sampling_respond' | 'mcp.sampling_requests'
>;
const notBuilt = async (): Promise<never> => {
  throw new AppError('ROUTE_NOT_FOUND', 'not built yet');
};

export function createApprovalRouteHandlers(): ApprovalRoutes {
  return {
    'chat.approval_respond': notBuilt,
    'chat.approvals': notBuilt,
    'mcp.sampling_generate': notBuilt,
    'mcp.sampling_respond': notBuilt,
    'mcp.sampling_requests': notBuilt,
  };
}
