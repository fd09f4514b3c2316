/**
 * Chat ("Try with a model"): the person's servers working with a real model. What the rest of the
 * window mounts; the view is a lazy part (its own chunk, loaded when the chat is first opened).
 */
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';

export const ChatView = lazyComponent(() => import('./components/ChatView').then((m) => m.ChatView));
