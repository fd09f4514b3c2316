/**
 * One chat as the window shows it, built from what the person sent and the chat.* events of this
 * chat. Events are the truth: a turn's text and calls arrive in the order the host emits them,
 * possibly before chat.send has answered, so nothing here waits for a turn id.
 */
import type { EventPayload } from '@shared/contracts/ipc';
import type { ChatToolCallEvent } from '@shared/contracts/chat';
import type { McpToolProgress } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';

export type ChatEntry =
  | { kind: 'user'; key: string; text: string }
  | { kind: 'assistant'; key: string; turnId: string; text: string }
  | {
      kind: 'tool';
      key: string;
      call: ChatToolCallEvent;
      progress?: Pick<McpToolProgress, 'progress' | 'total' | 'message' | 'taskStatus'>;
      /** The call got past the person's approval and ran (a call stopped while it waited never did): its app shows. */
      ran?: boolean;
    }
  | { kind: 'turn_end'; key: string; turnId: string; status: 'cancelled' | 'failed'; error?: AppErrorShape };

export interface ChatState {
  chatId: string;
  entries: ChatEntry[];
  /** A turn of this chat runs (ours, or another window's when chat.send answered CHAT_BUSY). */
  running: boolean;
}

export type ChatAction =
  | { type: 'sent'; key: string; text: string }
  /** chat.send failed: the message goes back to the input, so it leaves the conversation. */
  | { type: 'send_failed'; key: string; busy: boolean }
  | { type: 'delta'; payload: EventPayload<'chat.delta'> }
  | { type: 'tool_call'; payload: EventPayload<'chat.tool_call'> }
  | { type: 'progress'; payload: EventPayload<'mcp.tool_progress'> }
  | { type: 'turn_end'; payload: EventPayload<'chat.turn_end'> }
  | { type: 'reset'; chatId: string };

export const newChat = (chatId: string): ChatState => ({ chatId, entries: [], running: false });

/** An event of another chat, or of this chat before a reset, changes nothing. */
const ours = (state: ChatState, chatId: string) => state.chatId === chatId;

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'sent':
      return { ...state, running: true, entries: [...state.entries, { kind: 'user', key: action.key, text: action.text }] };
    case 'send_failed':
      // CHAT_BUSY: a turn is running after all (another window's), so Stop must be offered.
      return { ...state, running: action.busy, entries: state.entries.filter((entry) => entry.key !== action.key) };
    case 'delta': {
      const { chatId, turnId, text } = action.payload;
      if (!ours(state, chatId)) return state;
      const last = state.entries.at(-1);
      // Text after a tool call is a new paragraph of the answer: it goes below the call.
      if (last?.kind === 'assistant' && last.turnId === turnId) {
        return { ...state, running: true, entries: [...state.entries.slice(0, -1), { ...last, text: last.text + text }] };
      }
      const key = `text:${turnId}:${state.entries.length}`;
      return { ...state, running: true, entries: [...state.entries, { kind: 'assistant', key, turnId, text }] };
    }
    case 'tool_call': {
      const call = action.payload;
      if (!ours(state, call.chatId)) return state;
      const index = state.entries.findIndex((entry) => entry.kind === 'tool' && entry.call.callId === call.callId);
      const ran = call.status === 'running' || call.status === 'done' || call.status === 'failed';
      if (index === -1) return { ...state, running: true, entries: [...state.entries, { kind: 'tool', key: `call:${call.callId}`, call, ran }] };
      const entries = state.entries.slice();
      const previous = entries[index] as Extract<ChatEntry, { kind: 'tool' }>;
      entries[index] = { ...previous, call, ran: ran || previous.ran === true };
      return { ...state, entries };
    }
    case 'progress': {
      const { callId, progress, total, message, taskStatus } = action.payload;
      const index = state.entries.findIndex((entry) => entry.kind === 'tool' && entry.call.callId === callId);
      if (index === -1) return state;
      const entries = state.entries.slice();
      entries[index] = { ...(entries[index] as Extract<ChatEntry, { kind: 'tool' }>), progress: { progress, total, message, taskStatus } };
      return { ...state, entries };
    }
    case 'turn_end': {
      const { chatId, turnId, status, error } = action.payload;
      if (!ours(state, chatId)) return state;
      // Once the turn is over no call of it can still run or wait; a call whose last event was
      // lost (the stream reconnected) must not spin forever.
      const settled = state.entries.map((entry) =>
        entry.kind === 'tool' && entry.call.turnId === turnId && (entry.call.status === 'running' || entry.call.status === 'awaiting_approval')
          ? { ...entry, call: { ...entry.call, status: 'cancelled' as const } }
          : entry,
      );
      // A finished turn needs no line of its own: its text and calls say what happened.
      if (status === 'done') return { ...state, running: false, entries: settled };
      const end: ChatEntry = { kind: 'turn_end', key: `end:${turnId}`, turnId, status, ...(error ? { error } : {}) };
      return { ...state, running: false, entries: [...settled, end] };
    }
    case 'reset':
      return newChat(action.chatId);
  }
}
