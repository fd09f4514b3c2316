/** The chat routes: start, stop and reset turns, and list a provider's models. The turn itself streams as chat.* events. */
import type { ChatParts } from '../chat/createChat';
import type { RouteHandlers } from './AppRouter';

type ChatRoutes = Pick<RouteHandlers, 'chat.models' | 'chat.send' | 'chat.cancel' | 'chat.reset' | 'chat.app_context'>;

export function createChatRouteHandlers({ service, models }: Pick<ChatParts, 'service' | 'models'>): ChatRoutes {
  return {
    'chat.models': ({ providerId }) => models.listModels(providerId),
    'chat.send': async (input) => service.send(input),
    'chat.cancel': ({ chatId }) => service.cancel(chatId),
    'chat.reset': ({ chatId }) => service.reset(chatId),
    'chat.app_context': async (input) => service.keepAppContext(input),
  };
}
