/**
 * Anthropic Messages: tool calls are `tool_use` blocks of `content[]` (arguments as an object),
 * answered by ONE `user` message holding a `tool_result` block per call (`tool_use_id`,
 * `is_error`), whose content keeps images as base64 image blocks.
 */
import { z } from 'zod';
import { GIF_IMAGE_TYPES, toolParts } from './contentParts';
import { objectArguments } from './toolArguments';
import type { ProviderCodec } from './types';

export type AnthropicContentBlock = { type: string; [key: string]: unknown };

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicContentBlock[];
}

type ToolResultContent =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } };

const ToolUseSchema = z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown().optional() });
const MessageSchema = z.object({ role: z.literal('assistant'), content: z.array(z.looseObject({ type: z.string() })) });

export const anthropicCodec: ProviderCodec<AnthropicMessage> = {
  read(response) {
    const { content } = MessageSchema.parse(response);
    const calls = content.flatMap((block) => {
      if (block.type !== 'tool_use') return [];
      const use = ToolUseSchema.parse(block);
      return [{ id: use.id, name: use.name, args: objectArguments(use.input) }];
    });
    return { assistant: [{ role: 'assistant', content }], calls };
  },

  answer(executed) {
    if (executed.length === 0) return [];
    const results = executed.map(({ call, result }) => ({
      type: 'tool_result',
      tool_use_id: call.id,
      content: toolParts(result, GIF_IMAGE_TYPES).map(
        (part): ToolResultContent =>
          part.type === 'text' ? part : { type: 'image', source: { type: 'base64', media_type: part.mimeType, data: part.data } },
      ),
      is_error: result.isError,
    }));
    return [{ role: 'user', content: results }];
  },
};
