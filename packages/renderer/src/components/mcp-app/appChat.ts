/**
 * What an app in the chat transcript may reach of its chat (issue 32): the person's next turn
 * (a ui/message, once the person agreed) and the context kept for the model's next turn
 * (ui/update-model-context). The playground provides none: there a message is only shown.
 */
import { createContext } from 'react';

export interface AppChatLink {
  /** Sends the text as the person's next turn; false when it could not go (a turn runs, no model chosen). */
  send(text: string): Promise<boolean>;
  /** The app's model context, for the next model turn of this chat (the last one wins). */
  modelContext(context: { serverId: string; toolName: string; text: string }): void;
}

export const AppChatContext = createContext<AppChatLink | undefined>(undefined);
