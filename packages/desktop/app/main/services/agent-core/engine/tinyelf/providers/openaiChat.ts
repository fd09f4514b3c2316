/**
 * OpenAI Chat Completions: tool calls in `choices[0].message.tool_calls` (arguments as a JSON
 * string), answered by one `{ role: 'tool', tool_call_id, content }` message per call.
 *
 * Tool messages take text only, so an image a tool returned is a `[Image: mime]` placeholder in
 * its tool message, and the images themselves follow in ONE `user` message after all the tool
 * messages (the API requires the tool messages to come right after the assistant message, with
 * nothing between them), each preceded by a line naming the call it came from.
 */
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionContentPart,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { z } from 'zod';
import { GIF_IMAGE_TYPES, dataUrl, imagesOf, toolParts } from './contentParts';
import { parseJsonArguments } from './toolArguments';
import { flaggedText, type ExecutedToolCall, type ProviderCodec } from './types';

const ChatCompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          role: z.literal('assistant'),
          content: z.string().nullish(),
          tool_calls: z
            .array(z.object({ id: z.string(), type: z.literal('function'), function: z.object({ name: z.string(), arguments: z.string() }) }))
            .nullish(),
        }),
      }),
    )
    .min(1),
});

export const openAIChatCodec: ProviderCodec<ChatCompletionMessageParam> = {
  read(response) {
    const [choice] = ChatCompletionSchema.parse(response).choices;
    const { content, tool_calls: toolCalls } = choice!.message;
    const assistant: ChatCompletionAssistantMessageParam = { role: 'assistant', content: content ?? null };
    if (toolCalls?.length) assistant.tool_calls = toolCalls;
    const calls = (toolCalls ?? []).map((c) => ({ id: c.id, name: c.function.name, args: parseJsonArguments(c.function.arguments) }));
    return { assistant: [assistant], calls };
  },

  answer(executed) {
    const messages: ChatCompletionMessageParam[] = executed.map(({ call, result }) => ({
      role: 'tool',
      tool_call_id: call.id,
      content: flaggedText(result),
    }));
    const images = executed.flatMap(imageParts);
    if (images.length > 0) messages.push({ role: 'user', content: images });
    return messages;
  },
};

function imageParts({ call, result }: ExecutedToolCall): ChatCompletionContentPart[] {
  const images = imagesOf(toolParts(result, GIF_IMAGE_TYPES));
  if (images.length === 0) return [];
  return [
    { type: 'text', text: `Images returned by tool call ${call.id} (${call.name}):` },
    ...images.map((image): ChatCompletionContentPart => ({ type: 'image_url', image_url: { url: dataUrl(image) } })),
  ];
}
