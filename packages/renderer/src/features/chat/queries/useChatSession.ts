import { useCallback, useEffect, useReducer, useState } from 'react';
import type { ChatSendInput } from '@shared/contracts/chat';
import type { AppErrorShape } from '@shared/errors';
import { useHost } from '@renderer/bridge/HostContext';
import { chatReducer, newChat } from '../model/chatState';

export type ChatTurnInput = Omit<ChatSendInput, 'chatId'>;

/**
 * The window's side of one chat: its id (a fresh one per "New chat"), the conversation as the
 * chat.* events build it, and send / stop / new chat. `error` is the last route that failed.
 */
export function useChatSession() {
  const host = useHost();
  const [state, dispatch] = useReducer(chatReducer, undefined, () => newChat(crypto.randomUUID()));
  const [error, setError] = useState<AppErrorShape>();
  const [stopping, setStopping] = useState(false);

  useEffect(() => {
    const offs = [
      host.on('chat.delta', (payload) => dispatch({ type: 'delta', payload })),
      host.on('chat.tool_call', (payload) => dispatch({ type: 'tool_call', payload })),
      // Progress carries the call's id, not the chat's: the reducer keeps only our calls'.
      host.on('mcp.tool_progress', (payload) => dispatch({ type: 'progress', payload })),
      host.on('chat.turn_end', (payload) => dispatch({ type: 'turn_end', payload })),
    ];
    return () => offs.forEach((off) => off());
  }, [host]);

  /** Resolves false when the host refused the turn; the caller then keeps the message for another try. */
  const send = useCallback(
    async (input: ChatTurnInput): Promise<boolean> => {
      const key = `user:${crypto.randomUUID()}`;
      setError(undefined);
      setStopping(false);
      dispatch({ type: 'sent', key, text: input.message });
      const result = await host.request('chat.send', { chatId: state.chatId, ...input });
      if (result.ok) return true;
      dispatch({ type: 'send_failed', key, busy: result.error.code === 'CHAT_BUSY' });
      setError(result.error);
      return false;
    },
    [host, state.chatId],
  );

  const stop = useCallback(async () => {
    setStopping(true);
    const result = await host.request('chat.cancel', { chatId: state.chatId });
    if (!result.ok) {
      setStopping(false);
      setError(result.error);
    }
    // When nothing ran (its chat.turn_end was missed), the window stops waiting for one.
    else if (!result.data.cancelled) dispatch({ type: 'turn_end', payload: { chatId: state.chatId, turnId: '', status: 'done' } });
  }, [host, state.chatId]);

  const startNew = useCallback(async () => {
    const previous = state.chatId;
    setError(undefined);
    dispatch({ type: 'reset', chatId: crypto.randomUUID() });
    // The new chat has a new id either way; the reset only frees the host's memory of the old
    // one (and stops a turn still running there), so its failure costs the person nothing.
    await host.request('chat.reset', { chatId: previous });
  }, [host, state.chatId]);

  // "Stopping…" lasts until the turn ends.
  return { ...state, error, stopping: stopping && state.running, send, stop, startNew, dismissError: () => setError(undefined) };
}
