/**
 * OpenAI Responses API: tool calls are `function_call` items of `output[]` (arguments as a JSON
 * string), answered by `function_call_output` items matched by `call_id`. Unlike Chat tool
 * messages, an output may be a list of `input_text` / `input_image` parts, so images stay inline.
 *
 * The model's turn is every output item as is: reasoning items must go back with the calls they
 * led to when the conversation continues without `previous_response_id`.
 */
import type { ResponseFunctionCallOutputItem, ResponseInputItem } from 'openai/resources/responses/responses';
import { z } from 'zod';
import { GIF_IMAGE_TYPES, dataUrl, toolParts } from './contentParts';
import { parseJsonArguments } from './toolArguments';
import { flaggedText, type ProviderCodec } from './types';

const FunctionCallSchema = z.object({ type: z.literal('function_call'), call_id: z.string(), name: z.string(), arguments: z.string() });
const ResponseSchema = z.object({ output: z.array(z.looseObject({ type: z.string() })) });

export const openAIResponsesCodec: ProviderCodec<ResponseInputItem> = {
  read(response) {
    const { output } = ResponseSchema.parse(response);
    const calls = output.flatMap((item) => {
      if (item.type !== 'function_call') return [];
      const call = FunctionCallSchema.parse(item);
      return [{ id: call.call_id, name: call.name, args: parseJsonArguments(call.arguments) }];
    });
    // Output items are valid input items; that is how the API documents continuing a turn.
    return { assistant: output as unknown as ResponseInputItem[], calls };
  },

  answer(executed) {
    return executed.map(({ call, result }) => {
      const parts = toolParts(result, GIF_IMAGE_TYPES);
      const output: string | ResponseFunctionCallOutputItem[] = parts.some((p) => p.type === 'image')
        ? [
            ...(result.isError ? [{ type: 'input_text' as const, text: 'Error:' }] : []),
            ...parts.map((part): ResponseFunctionCallOutputItem =>
              part.type === 'text' ? { type: 'input_text', text: part.text } : { type: 'input_image', image_url: dataUrl(part), detail: 'auto' },
            ),
          ]
        : flaggedText(result);
      return { type: 'function_call_output', call_id: call.id, output };
    });
  },
};
