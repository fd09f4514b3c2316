// BRANCH BASE ONLY (chat-base): the chat-model helper replaces these with the real handlers.
import { AppError } from '../../../shared/errors';
import type { RouteHandlers } from './McpRouter';

type ChatRoutes = Pick<RouteHandlers, 'chat.models' | 'chat.send' | 'chat.cancel' | 'chat.reset'>;
const notBuilt = async (): Promise<never> => {
  throw new AppError('ROUTE_NOT_FOUND', 'not built yet');
};

export function createChatRouteHandlers(): ChatRoutes {
  return { 'chat.models': notBuilt, 'chat.send': notBuilt, 'chat.cancel': notBuilt, 'chat.reset': notBuilt };
}
