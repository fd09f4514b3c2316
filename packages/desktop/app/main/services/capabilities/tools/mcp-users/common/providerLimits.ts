/**
 * What each provider accepts of a tool list, in one table: the documented tool-count limits of
 * each wire format, and for each LLM provider the format its chat speaks and the context window
 * its tools have to fit in. The provider preview and the chat's "size of the tools" line both
 * read it, so a limit changes in one place.
 */
import { llmProvider, type LlmProviderId } from '@shared/contracts/providers';
import type { ToolFormat } from '@shared/toolFormats';
import { GEMINI_MAX_DECLARATIONS, VERTEX_MAX_DECLARATIONS } from './schema/gemini';
import { OPENAI_MAX_TOOLS } from './schema/openai';

/** A documented tool-count limit; `api` names the API it is documented for. */
export interface ToolCountLimit {
  api: 'openai' | 'gemini' | 'vertex';
  maxTools: number;
}

export const TOOL_COUNT_LIMITS: Record<ToolFormat, ToolCountLimit[]> = {
  openai: [{ api: 'openai', maxTools: OPENAI_MAX_TOOLS }],
  'openai-responses': [{ api: 'openai', maxTools: OPENAI_MAX_TOOLS }],
  // Anthropic documents no tool-count limit.
  anthropic: [],
  google: [{ api: 'gemini', maxTools: GEMINI_MAX_DECLARATIONS }],
  vertex: [{ api: 'vertex', maxTools: VERTEX_MAX_DECLARATIONS }],
};

export interface ProviderToolLimits {
  /** The format the provider's chat API takes tools in (LLM_PROVIDERS' `format`). */
  format: ToolFormat;
  /**
   * Tool-count limits that apply to this provider: its format's; OpenAI-format vendors that
   * document none get none.
   */
  countLimits: ToolCountLimit[];
  /**
   * The smallest context window (tokens) among the provider's current chat models: the tool list
   * is sent with every request, so a list larger than this cannot be accepted at all. Absent when
   * it cannot be known in advance: an OpenAI-compatible server runs any model with any context
   * (vLLM or a hosted gateway: 128k and more), so a red "too large" there was usually false.
   */
  contextTokens?: number;
  /**
   * Where the context is unknown, the one many such servers start with: Ollama and LM Studio
   * default to 4096 tokens, which the person may raise in the server's own settings. Only worth
   * a hint, never a verdict.
   */
  typicalContextTokens?: number;
}

const LIMITS: Record<LlmProviderId, Omit<ProviderToolLimits, 'format'>> = {
  openai: { countLimits: TOOL_COUNT_LIMITS.openai, contextTokens: 128_000 },
  anthropic: { countLimits: [], contextTokens: 200_000 },
  gemini: { countLimits: TOOL_COUNT_LIMITS.google, contextTokens: 1_000_000 },
  // DeepSeek documents OpenAI's limit of 128 functions.
  deepseek: { countLimits: TOOL_COUNT_LIMITS.openai, contextTokens: 64_000 },
  zai: { countLimits: [], contextTokens: 128_000 },
  zhipu: { countLimits: [], contextTokens: 128_000 },
  // OpenRouter passes the list on to the model's own provider; OpenAI's limit is the common floor.
  openrouter: { countLimits: TOOL_COUNT_LIMITS.openai, contextTokens: 32_000 },
  'openai-compatible': { countLimits: [], typicalContextTokens: 4_096 },
};

export const PROVIDER_TOOL_LIMITS = Object.fromEntries(
  (Object.keys(LIMITS) as LlmProviderId[]).map((id) => [id, { format: llmProvider(id).format, ...LIMITS[id] }]),
) as Record<LlmProviderId, ProviderToolLimits>;

/** Above this share of the context the tools leave little room for the conversation itself. */
export const TOOL_CONTEXT_SHARE_WARNING = 0.5;

export type ToolListFit =
  | { kind: 'fits' }
  /** Accepted, but the tools take more than TOOL_CONTEXT_SHARE_WARNING of the context. */
  | { kind: 'heavy'; contextTokens: number }
  /** Refused or cut: more tools than a limit, or more tokens than the context. */
  | { kind: 'over'; count?: ToolCountLimit; contextTokens?: number }
  /** The context is unknown, and the tools would take more than TOOL_CONTEXT_SHARE_WARNING of the typical one. */
  | { kind: 'unsure'; typicalContextTokens: number };

/** Whether `count` tools of ≈ `tokens` tokens fit what the provider accepts. */
export function toolListFit(limits: ProviderToolLimits, count: number, tokens: number): ToolListFit {
  const passed = limits.countLimits.find((limit) => count > limit.maxTools);
  const { contextTokens, typicalContextTokens } = limits;
  const overContext = contextTokens !== undefined && tokens > contextTokens;
  if (passed || overContext) return { kind: 'over', ...(passed ? { count: passed } : {}), ...(overContext ? { contextTokens } : {}) };
  if (contextTokens !== undefined && tokens > contextTokens * TOOL_CONTEXT_SHARE_WARNING) return { kind: 'heavy', contextTokens };
  if (typicalContextTokens !== undefined && tokens > typicalContextTokens * TOOL_CONTEXT_SHARE_WARNING) return { kind: 'unsure', typicalContextTokens };
  return { kind: 'fits' };
}
