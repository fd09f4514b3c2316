/**
 * OpenAI Responses (`POST {base}/responses`). The stream's `response.completed` event carries the
 * whole response, so the reader only forwards `response.output_text.delta` text and keeps it.
 */
import { readDataIds } from './openaiChat';
import { ProviderReportedError } from './reported';
import { eventJson, type StreamReader, type WireApi } from './types';

interface ResponseJson {
  status?: string;
  incomplete_details?: { reason?: string } | null;
  output?: { type: string; content?: { type: string; text?: string }[] }[];
}

export const openAIResponsesWire: WireApi<'openai-responses'> = {
  generateUrl: (baseUrl) => `${baseUrl}/responses`,
  body: (payload, stream) => (stream ? { ...payload, stream: true } : payload),
  headers: (key): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {}),
  streamReader: responsesStreamReader,
  text: (response) =>
    ((response as ResponseJson).output ?? [])
      .filter((item) => item.type === 'message')
      .flatMap((item) => item.content ?? [])
      .filter((part) => part.type === 'output_text')
      .map((part) => part.text ?? '')
      .join(''),
  stopReason: (response) => (response as ResponseJson).incomplete_details?.reason ?? (response as ResponseJson).status,
  userMessage: (text) => ({ role: 'user', content: text }),
  textPayload: ({ model, systemPrompt, messages, maxTokens }) => ({
    model,
    input: messages.map((m) => ({ role: m.role, content: m.text })),
    ...(systemPrompt ? { instructions: systemPrompt } : {}),
    max_output_tokens: maxTokens,
  }),
  modelsUrl: (baseUrl) => `${baseUrl}/models`,
  readModels: readDataIds,
};

function responsesStreamReader(): StreamReader {
  let completed: unknown;
  return {
    push(event) {
      const json = eventJson(event) as { type?: string; delta?: string; response?: unknown };
      const type = json.type ?? event.event;
      if (type === 'response.output_text.delta') return json.delta || undefined;
      if (type === 'response.completed' || type === 'response.incomplete') completed = json.response;
      if (type === 'response.failed' || type === 'error') throw new ProviderReportedError(json);
      return undefined;
    },
    finish() {
      if (completed === undefined) throw new TypeError('The stream ended without response.completed');
      return completed;
    },
  };
}
