/**
 * Gemini generateContent: tool calls are `functionCall` parts of `candidates[0].content`
 * (arguments as an object, `id` only on newer models), answered by ONE `user` content holding a
 * `functionResponse` part per call. Gemini matches responses by name and order, and by `id`
 * when the call had one, so the id is echoed only then.
 *
 * `response` uses the keys the API documents: `{ output }` for a result, `{ error }` for a
 * failure. Images go in the function response's own `parts` as `inlineData` (the API's place for
 * media a function returned); the text keeps their `[Image: mime]` placeholder in position.
 */
import { z } from 'zod';
import { COMMON_IMAGE_TYPES, imagesOf, toolParts } from './contentParts';
import { objectArguments } from './toolArguments';
import type { ProviderCodec } from './types';

export type GeminiPart = { [key: string]: unknown };

export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

interface FunctionResponse {
  id?: string;
  name: string;
  response: { output: string } | { error: string };
  parts?: Array<{ inlineData: { mimeType: string; data: string } }>;
}

const FunctionCallSchema = z.object({ name: z.string(), args: z.unknown().optional(), id: z.string().optional() });
const ResponseSchema = z.object({
  candidates: z.array(z.object({ content: z.object({ role: z.literal('model'), parts: z.array(z.looseObject({})) }) })).min(1),
});

export const geminiCodec: ProviderCodec<GeminiContent> = {
  read(response) {
    const [candidate] = ResponseSchema.parse(response).candidates;
    const content = candidate!.content;
    const calls = content.parts.flatMap((part, index) => {
      if (part.functionCall === undefined) return [];
      const call = FunctionCallSchema.parse(part.functionCall);
      const args = objectArguments(call.args);
      return [call.id === undefined ? { id: `gemini-call-${index}`, syntheticId: true as const, name: call.name, args } : { id: call.id, name: call.name, args }];
    });
    return { assistant: [content], calls };
  },

  answer(executed) {
    if (executed.length === 0) return [];
    const parts = executed.map(({ call, result }) => {
      const functionResponse: FunctionResponse = {
        ...(call.syntheticId ? {} : { id: call.id }),
        name: call.name,
        response: result.isError ? { error: result.text } : { output: result.text },
      };
      const images = imagesOf(toolParts(result, COMMON_IMAGE_TYPES));
      if (images.length > 0) functionResponse.parts = images.map(({ mimeType, data }) => ({ inlineData: { mimeType, data } }));
      return { functionResponse };
    });
    return [{ role: 'user', parts }];
  },
};
