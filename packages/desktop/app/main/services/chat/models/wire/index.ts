/** Each tool format's HTTP side, keyed like every other per-format table (toolFormats.ts). */
import type { ToolFormat } from '@shared/toolFormats';
import { anthropicWire } from './anthropic';
import { geminiWire } from './gemini';
import { openAIChatWire } from './openaiChat';
import { openAIResponsesWire } from './openaiResponses';
import type { WireApi } from './types';

export const WIRE_APIS: { [F in ToolFormat]: WireApi<F> } = {
  openai: openAIChatWire,
  'openai-responses': openAIResponsesWire,
  anthropic: anthropicWire,
  google: geminiWire,
  // Vertex AI serves the same generateContent under its own base URL.
  vertex: geminiWire,
};

export type { StreamReader, TextPrompt, WireApi } from './types';
