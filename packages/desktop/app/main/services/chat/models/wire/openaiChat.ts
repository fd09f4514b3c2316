/**
 * OpenAI Chat Completions (`POST {base}/chat/completions`), which every OpenAI-compatible server
 * speaks (Ollama, LM Studio, OpenRouter, DeepSeek, Z.AI). A stream sends `choices[0].delta`
 * pieces: text, and tool calls by `index` whose `arguments` string arrives in fragments.
 */
import { eventJson, type StreamReader, type WireApi } from './types';
import { ProviderReportedError } from './reported';

interface ToolCallDelta {
  index: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}
interface ChunkJson {
  error?: unknown;
  choices?: { delta?: { content?: string | null; tool_calls?: ToolCallDelta[] }; finish_reason?: string | null }[];
}
interface ChatJson {
  choices?: { message?: { content?: string | null }; finish_reason?: string | null }[];
}

export const openAIChatWire: WireApi<'openai'> = {
  generateUrl: (baseUrl) => `${baseUrl}/chat/completions`,
  body: (payload, stream) => (stream ? { ...payload, stream: true } : payload),
  headers: (key): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {}),
  streamReader: chatStreamReader,
  text: (response) => (response as ChatJson).choices?.[0]?.message?.content ?? '',
  stopReason: (response) => (response as ChatJson).choices?.[0]?.finish_reason ?? undefined,
  userMessage: (text) => ({ role: 'user', content: text }),
  textPayload: ({ model, systemPrompt, messages, maxTokens }) => ({
    model,
    messages: [...(systemPrompt ? [{ role: 'system', content: systemPrompt }] : []), ...messages.map((m) => ({ role: m.role, content: m.text }))],
    max_tokens: maxTokens,
  }),
  modelsUrl: (baseUrl) => `${baseUrl}/models`,
  readModels: readDataIds,
};

/** `{ data: [{ id }] }`: OpenAI's list, and Anthropic's. */
export function readDataIds(json: unknown): string[] {
  const data = (json as { data?: unknown }).data;
  if (!Array.isArray(data)) throw new TypeError('The model list has no "data" array');
  return data.flatMap((entry) => (typeof (entry as { id?: unknown }).id === 'string' ? [(entry as { id: string }).id] : []));
}

function chatStreamReader(): StreamReader {
  let content = '';
  let finishReason: string | null = null;
  const calls: { id: string; name: string; arguments: string }[] = [];
  return {
    push(event) {
      if (event.data === '[DONE]') return undefined;
      const chunk = eventJson(event) as ChunkJson;
      if (chunk.error !== undefined) throw new ProviderReportedError(chunk);
      const choice = chunk.choices?.[0];
      if (!choice) return undefined;
      if (choice.finish_reason) finishReason = choice.finish_reason;
      for (const delta of choice.delta?.tool_calls ?? []) {
        const call = (calls[delta.index] ??= { id: '', name: '', arguments: '' });
        if (delta.id) call.id = delta.id;
        if (delta.function?.name) call.name += delta.function.name;
        if (delta.function?.arguments) call.arguments += delta.function.arguments;
      }
      const text = choice.delta?.content ?? '';
      content += text;
      return text || undefined;
    },
    finish() {
      const toolCalls = calls
        .filter((call) => call !== undefined)
        .map((call) => ({ id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } }));
      const message = { role: 'assistant', content: content === '' && toolCalls.length > 0 ? null : content, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) };
      return { choices: [{ index: 0, message, finish_reason: finishReason }] };
    },
  };
}

