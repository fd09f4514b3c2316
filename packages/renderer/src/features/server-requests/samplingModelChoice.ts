/** The provider and model the person last answered a sampling request with, kept for the next one. */
import { LlmProviderIdSchema, type LlmProviderId } from '@shared/contracts/providers';

const KEY = 'elftia.sampling.model';

export interface ModelChoice {
  providerId: LlmProviderId;
  model: string;
}

export function loadModelChoice(): ModelChoice | undefined {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as { providerId?: unknown; model?: unknown } | null;
    const providerId = LlmProviderIdSchema.safeParse(raw?.providerId);
    return providerId.success && typeof raw?.model === 'string' ? { providerId: providerId.data, model: raw.model } : undefined;
  } catch {
    // A value another version wrote, or storage that is off: no remembered choice.
    return undefined;
  }
}

export function saveModelChoice(choice: ModelChoice): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // Storage full or off: the next request asks again, nothing else is lost.
  }
}
