/**
 * The provider and model the person last chatted with, remembered in this browser/window so the
 * view opens ready; a stored value that no longer parses is ignored, never an error.
 */
import { z } from 'zod';
import { LlmProviderIdSchema, type LlmProvider, type LlmProviderId } from '@shared/contracts/providers';

export const MODEL_CHOICE_KEY = 'elftia.chat.model';

const ChoiceSchema = z.object({ providerId: LlmProviderIdSchema, model: z.string().max(200).default('') });
export type ModelChoice = z.infer<typeof ChoiceSchema>;

export function loadModelChoice(): ModelChoice | undefined {
  try {
    const parsed = ChoiceSchema.safeParse(JSON.parse(localStorage.getItem(MODEL_CHOICE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function saveModelChoice(choice: ModelChoice): void {
  try {
    localStorage.setItem(MODEL_CHOICE_KEY, JSON.stringify(choice));
  } catch {
    // Storage full or denied: the choice is simply not remembered.
  }
}

/** A provider the chat can use: it has a key, or it is a local OpenAI-compatible server with an address. */
export const isUsable = (provider: LlmProvider): boolean => provider.hasKey || (provider.id === 'openai-compatible' && !!provider.baseUrl);

/** The remembered provider when still usable, else the first usable one. */
export function initialProvider(providers: LlmProvider[], remembered: ModelChoice | undefined): LlmProviderId | undefined {
  const usable = providers.filter(isUsable);
  return usable.find((provider) => provider.id === remembered?.providerId)?.id ?? usable[0]?.id;
}
