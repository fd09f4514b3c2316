/**
 * The provider and model the person last used, remembered in this browser/window so the next
 * chat or sampling review opens ready; each place has its own key (a person may sample with a
 * small model and chat with a large one). A stored value that no longer parses is ignored.
 */
import { z } from 'zod';
import { LlmProviderIdSchema, type LlmProvider, type LlmProviderId } from '@shared/contracts/providers';
import { isUsableProvider } from '@mcp-common/sampling';

export const MODEL_CHOICE_KEYS = { chat: 'elftia.chat.model', sampling: 'elftia.sampling.model' } as const;
export type ModelChoicePlace = keyof typeof MODEL_CHOICE_KEYS;

const ChoiceSchema = z.object({ providerId: LlmProviderIdSchema, model: z.string().max(200).default('') });
export type ModelChoice = z.infer<typeof ChoiceSchema>;

export function loadModelChoice(place: ModelChoicePlace): ModelChoice | undefined {
  try {
    const parsed = ChoiceSchema.safeParse(JSON.parse(localStorage.getItem(MODEL_CHOICE_KEYS[place]) ?? 'null'));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function saveModelChoice(place: ModelChoicePlace, choice: ModelChoice): void {
  try {
    localStorage.setItem(MODEL_CHOICE_KEYS[place], JSON.stringify(choice));
  } catch {
    // Storage full or denied: the choice is simply not remembered.
  }
}

/** The remembered provider when still usable, else the first usable one. */
export function initialProvider(providers: LlmProvider[], remembered: ModelChoice | undefined): LlmProviderId | undefined {
  const usable = providers.filter(isUsableProvider);
  return usable.find((provider) => provider.id === remembered?.providerId)?.id ?? usable[0]?.id;
}
