/** What the tool loop needs from each tool format: read its tool calls, answer them. */
import type { ToolResult } from '../tools/ITool';

export type ParsedArguments = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

export interface ToolCallRequest {
  /** The provider's call id; where the provider sent none (older Gemini models), one we made up. */
  id: string;
  /** `id` is ours, so it must not be sent back. */
  syntheticId?: true;
  name: string;
  args: ParsedArguments;
}

export interface ExecutedToolCall {
  call: ToolCallRequest;
  result: ToolResult;
}

export interface ProviderCodec<Message> {
  /** The model's turn, as messages to append to the history, and the tool calls it made. */
  read(response: unknown): { assistant: Message[]; calls: ToolCallRequest[] };
  /** The messages that answer `executed` (in call order), ready to append after `assistant`. */
  answer(executed: readonly ExecutedToolCall[]): Message[];
}

/** For providers whose tool results carry no error flag (OpenAI), the text has to say it. */
export function flaggedText(result: ToolResult): string {
  return result.isError ? `Error: ${result.text}` : result.text;
}
