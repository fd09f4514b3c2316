/**
 * Gemini generateContent (`POST {base}/models/{model}:generateContent`; streamed:
 * `:streamGenerateContent?alt=sse`, each event a partial response). The stream's parts are
 * concatenated in order, adjacent plain text merged, into one `candidates[0].content`.
 */
import { eventJson, type StreamReader, type WireApi } from './types';
import { ProviderReportedError } from './reported';

type Part = { text?: string; thought?: boolean; [key: string]: unknown };
interface GenerateJson {
  error?: unknown;
  candidates?: { content?: { parts?: Part[] }; finishReason?: string }[];
}

/** The API names models `models/x`; people and our payloads say `x`. */
const bareModel = (model: string) => model.replace(/^models\//, '');

export const geminiWire: WireApi<'google' | 'vertex'> = {
  generateUrl: (baseUrl, model, stream) =>
    `${baseUrl}/models/${encodeURIComponent(bareModel(model))}:${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}`,
  body: (payload) => payload,
  headers: (key): Record<string, string> => (key ? { 'x-goog-api-key': key } : {}),
  streamReader: geminiStreamReader,
  text: (response) => answerText((response as GenerateJson).candidates?.[0]?.content?.parts ?? []),
  stopReason: (response) => (response as GenerateJson).candidates?.[0]?.finishReason,
  userMessage: (text) => ({ role: 'user', parts: [{ text }] }),
  textPayload: ({ systemPrompt, messages, maxTokens }) => ({
    contents: messages.map((m) => ({ role: m.role === 'assistant' ? 'model' : 'user', parts: [{ text: m.text }] })),
    ...(systemPrompt ? { systemInstruction: { parts: [{ text: systemPrompt }] } } : {}),
    generationConfig: { maxOutputTokens: maxTokens },
  }),
  modelsUrl: (baseUrl) => `${baseUrl}/models`,
  readModels(json) {
    const models = (json as { models?: unknown }).models;
    if (!Array.isArray(models)) throw new TypeError('The model list has no "models" array');
    return models.flatMap((model: { name?: unknown; supportedGenerationMethods?: unknown }) => {
      const methods = Array.isArray(model.supportedGenerationMethods) ? model.supportedGenerationMethods : ['generateContent'];
      return typeof model.name === 'string' && methods.includes('generateContent') ? [bareModel(model.name)] : [];
    });
  },
};

/** Thought summaries are not the answer. */
const answerText = (parts: Part[]) =>
  parts
    .filter((p) => typeof p.text === 'string' && !p.thought)
    .map((p) => p.text)
    .join('');

function geminiStreamReader(): StreamReader {
  const parts: Part[] = [];
  let finishReason: string | undefined;
  return {
    push(event) {
      const chunk = eventJson(event) as GenerateJson;
      if (chunk.error !== undefined) throw new ProviderReportedError(chunk);
      const candidate = chunk.candidates?.[0];
      if (candidate?.finishReason) finishReason = candidate.finishReason;
      const added = candidate?.content?.parts ?? [];
      for (const part of added) {
        const last = parts.at(-1);
        const plain = (p: Part | undefined) => p !== undefined && typeof p.text === 'string' && Object.keys(p).every((k) => k === 'text' || k === 'thought');
        if (plain(part) && plain(last) && Boolean(last!.thought) === Boolean(part.thought)) last!.text = `${last!.text}${part.text}`;
        else parts.push({ ...part });
      }
      return answerText(added) || undefined;
    },
    finish: () => ({ candidates: [{ content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}) }] }),
  };
}
