/**
 * Anthropic Messages (`POST {base}/v1/messages`). A stream opens each content block
 * (`content_block_start`), grows it (`text_delta`, `input_json_delta` whose JSON fragments make
 * the tool's input, `thinking_delta` / `signature_delta`) and closes it; the rebuilt message is the
 * non-streamed one, thinking blocks included (they must go back with the tool calls they led to).
 */
import { readDataIds } from './openaiChat';
import { ProviderReportedError } from './reported';
import { eventJson, type StreamReader, type WireApi } from './types';

const ANTHROPIC_VERSION = '2023-06-01';

interface MessageJson {
  content?: { type: string; text?: string }[];
  stop_reason?: string | null;
}
type Block = { type: string; [key: string]: unknown };
interface StreamJson {
  type?: string;
  index?: number;
  message?: Record<string, unknown>;
  content_block?: Block;
  delta?: { type?: string; text?: string; partial_json?: string; thinking?: string; signature?: string; stop_reason?: string };
}

export const anthropicWire: WireApi<'anthropic'> = {
  generateUrl: (baseUrl) => `${baseUrl}/v1/messages`,
  body: (payload, stream) => (stream ? { ...payload, stream: true } : payload),
  headers: (key): Record<string, string> => ({ 'anthropic-version': ANTHROPIC_VERSION, ...(key ? { 'x-api-key': key } : {}) }),
  streamReader: anthropicStreamReader,
  text: (response) =>
    ((response as MessageJson).content ?? [])
      .filter((block) => block.type === 'text')
      .map((block) => block.text ?? '')
      .join(''),
  stopReason: (response) => (response as MessageJson).stop_reason ?? undefined,
  userMessage: (text) => ({ role: 'user', content: [{ type: 'text', text }] }),
  textPayload: ({ model, systemPrompt, messages, maxTokens }) => ({
    model,
    max_tokens: maxTokens,
    ...(systemPrompt ? { system: systemPrompt } : {}),
    messages: messages.map((m) => ({ role: m.role, content: m.text })),
  }),
  modelsUrl: (baseUrl) => `${baseUrl}/v1/models`,
  readModels: readDataIds,
};

function anthropicStreamReader(): StreamReader {
  let message: Record<string, unknown> = { role: 'assistant' };
  const blocks: Block[] = [];
  const json: string[] = [];
  return {
    push(event) {
      const data = eventJson(event) as StreamJson;
      switch (data.type ?? event.event) {
        case 'error':
          throw new ProviderReportedError(data);
        case 'message_start':
          message = { ...data.message, role: 'assistant' };
          return undefined;
        case 'content_block_start':
          blocks[data.index ?? blocks.length] = { ...data.content_block!, ...(data.content_block?.type === 'tool_use' ? { input: {} } : {}) };
          json[data.index ?? 0] = '';
          return undefined;
        case 'content_block_delta':
          return grow(blocks[data.index ?? 0], data.delta ?? {}, (part) => (json[data.index ?? 0] += part));
        case 'content_block_stop': {
          const block = blocks[data.index ?? 0];
          const input = json[data.index ?? 0];
          if (block?.type === 'tool_use' && input) block.input = JSON.parse(input);
          return undefined;
        }
        case 'message_delta':
          if (data.delta?.stop_reason) message.stop_reason = data.delta.stop_reason;
          return undefined;
        default:
          return undefined;
      }
    },
    finish: () => ({ ...message, content: blocks.filter((block) => block !== undefined) }),
  };
}

function grow(block: Block | undefined, delta: NonNullable<StreamJson['delta']>, addJson: (part: string) => void): string | undefined {
  if (!block) return undefined;
  if (delta.type === 'text_delta' && delta.text) {
    block.text = `${(block.text as string | undefined) ?? ''}${delta.text}`;
    return delta.text;
  }
  if (delta.type === 'input_json_delta' && delta.partial_json) addJson(delta.partial_json);
  if (delta.type === 'thinking_delta' && delta.thinking) block.thinking = `${(block.thinking as string | undefined) ?? ''}${delta.thinking}`;
  if (delta.type === 'signature_delta' && delta.signature) block.signature = delta.signature;
  return undefined;
}
