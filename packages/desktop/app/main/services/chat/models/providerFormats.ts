/**
 * The one table from an LLM provider to the wire format its API speaks. OpenAI itself uses the
 * Responses API (the one OpenAI documents for new work, reasoning items included); every other
 * OpenAI-style vendor and any OpenAI-compatible URL (Ollama, LM Studio, a proxy) speaks Chat
 * Completions. `keyRequired: false`: a local server usually takes no key.
 */
import type { LlmProviderId } from '../../../../shared/contracts/providers';
import type { ToolFormat } from '../../../../shared/toolFormats';

export interface ProviderWire {
  format: ToolFormat;
  keyRequired: boolean;
}

export const PROVIDER_WIRE: Record<LlmProviderId, ProviderWire> = {
  openai: { format: 'openai-responses', keyRequired: true },
  anthropic: { format: 'anthropic', keyRequired: true },
  gemini: { format: 'google', keyRequired: true },
  zai: { format: 'openai', keyRequired: true },
  zhipu: { format: 'openai', keyRequired: true },
  deepseek: { format: 'openai', keyRequired: true },
  openrouter: { format: 'openai', keyRequired: true },
  'openai-compatible': { format: 'openai', keyRequired: false },
};
