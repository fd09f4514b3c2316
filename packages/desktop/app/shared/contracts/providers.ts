/**
 * LLM providers: the vendors and accounts whose API keys the app keeps (not the wire formats
 * tools are converted to; one format serves several providers). The key itself never leaves the
 * main process except through `providers.reveal_key`, asked for by the person.
 *
 * `format` is the wire format the provider's chat API speaks: OpenAI itself the Responses API (the
 * one OpenAI documents for new work), every other OpenAI-style vendor Chat Completions.
 */
import { z } from 'zod';
import type { ToolFormat } from '../toolFormats';

export const LLM_PROVIDERS = [
  { id: 'openai', name: 'OpenAI', defaultBaseUrl: 'https://api.openai.com/v1', format: 'openai-responses', keyRequired: true },
  { id: 'anthropic', name: 'Anthropic', defaultBaseUrl: 'https://api.anthropic.com', format: 'anthropic', keyRequired: true },
  { id: 'gemini', name: 'Google Gemini', defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta', format: 'google', keyRequired: true },
  { id: 'zai', name: 'Z.AI', defaultBaseUrl: 'https://api.z.ai/api/paas/v4', format: 'openai', keyRequired: true },
  { id: 'zhipu', name: 'Zhipu AI', defaultBaseUrl: 'https://open.bigmodel.cn/api/paas/v4', format: 'openai', keyRequired: true },
  { id: 'deepseek', name: 'DeepSeek', defaultBaseUrl: 'https://api.deepseek.com', format: 'openai', keyRequired: true },
  { id: 'openrouter', name: 'OpenRouter', defaultBaseUrl: 'https://openrouter.ai/api/v1', format: 'openai', keyRequired: true },
  /**
   * Any server speaking the OpenAI API (a local model, a proxy): it has no default, the person
   * sets the URL, and a local server usually takes no key.
   */
  { id: 'openai-compatible', name: 'OpenAI-compatible', defaultBaseUrl: undefined, format: 'openai', keyRequired: false },
] as const satisfies readonly { id: string; name: string; defaultBaseUrl: string | undefined; format: ToolFormat; keyRequired: boolean }[];

export type LlmProviderId = (typeof LLM_PROVIDERS)[number]['id'];
/** The table's entry for a provider id. */
export const llmProvider = (id: LlmProviderId) => LLM_PROVIDERS.find((p) => p.id === id)!;

export const LlmProviderIdSchema = z.enum(LLM_PROVIDERS.map((p) => p.id) as [LlmProviderId, ...LlmProviderId[]]);

/** What every list shows in place of a key. */
export const PROVIDER_KEY_MASK = '***';

/** One provider as it leaves the main process: whether a key is set, never the key. */
export const LlmProviderSchema = z.object({
  id: LlmProviderIdSchema,
  name: z.string(),
  /** The URL in use: the person's, else the provider's default; absent when neither exists. */
  baseUrl: z.string().optional(),
  defaultBaseUrl: z.string().optional(),
  hasKey: z.boolean(),
  keyMask: z.literal(PROVIDER_KEY_MASK).optional(),
});
export type LlmProvider = z.infer<typeof LlmProviderSchema>;

const HttpUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine((text) => /^https?:\/\//i.test(text) && URL.canParse(text), 'Must be an http(s) URL');

/** A key is one token: whitespace or control characters mean a paste went wrong (a trailing newline is trimmed by the CLI). */
const ApiKeySchema = z.string().min(1).max(8192).regex(/^[^\s\p{Cc}]+$/u, 'An API key has no spaces or control characters');

export const LlmProviderSetInputSchema = z.strictObject({
  id: LlmProviderIdSchema,
  name: z.string().trim().min(1).max(100).optional(),
  /** null goes back to the provider's default. */
  baseUrl: HttpUrlSchema.nullable().optional(),
  apiKey: ApiKeySchema.optional(),
});
export type LlmProviderSetInput = z.infer<typeof LlmProviderSetInputSchema>;

export const LlmProviderIdInputSchema = z.strictObject({ id: LlmProviderIdSchema });

export const LlmProviderKeySchema = z.object({ id: LlmProviderIdSchema, apiKey: z.string() });

/** A server whose key follows a provider, as the providers.* routes name it. */
export const LinkedServerSchema = z.object({ id: z.string(), name: z.string() });
export type LinkedServer = z.infer<typeof LinkedServerSchema>;

export const ApplyProviderKeyInputSchema = z.strictObject({
  id: LlmProviderIdSchema,
  /** A subset of the linked servers; absent means all of them. */
  serverIds: z.array(z.string().min(1)).min(1).optional(),
});
export type ApplyProviderKeyInput = z.infer<typeof ApplyProviderKeyInputSchema>;

export const ApplyProviderKeyResultSchema = z.object({
  updated: z.array(LinkedServerSchema),
  skipped: z.array(LinkedServerSchema.extend({ reason: z.string() })),
});
export type ApplyProviderKeyResult = z.infer<typeof ApplyProviderKeyResultSchema>;
