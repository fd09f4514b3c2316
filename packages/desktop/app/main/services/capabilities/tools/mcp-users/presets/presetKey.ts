/**
 * Which API key a preset install uses: the one typed in, else the named linked provider's, else
 * the first linked provider's that has one. Decided before anything is added, so a missing key
 * never leaves a half-installed server behind.
 */
import { LlmProviderIdSchema, type LlmProviderId } from '@shared/contracts/providers';
import type { PresetKeySource } from '@shared/contracts/presets';
import { AppError } from '@shared/errors';
import type { OfficialMcpPreset } from '@shared/mcp-presets';
import type { ProviderStore } from '@services/providers/ProviderStore';

export interface ResolvedPresetKey {
  apiKey?: string;
  source: PresetKeySource;
  /** The linked provider the key came from, or the one named for its variant of the service. */
  providerId?: LlmProviderId;
}

/** Linked ids that name a provider this build knows; a preset may list vendors we do not. */
export const linkedProviders = (preset: OfficialMcpPreset): LlmProviderId[] =>
  (preset.linkedProviderIds ?? []).flatMap((id) => {
    const parsed = LlmProviderIdSchema.safeParse(id);
    return parsed.success ? [parsed.data] : [];
  });

/** Whether the preset has anywhere to put a key (an http header, or a stdio env variable). */
export const takesKey = (preset: OfficialMcpPreset): boolean => preset.transportType === 'http' || preset.apiKeyEnvVar !== undefined;

export function resolvePresetKey(
  preset: OfficialMcpPreset,
  { apiKey, keyFrom }: { apiKey?: string | undefined; keyFrom?: LlmProviderId | undefined },
  providers: Pick<ProviderStore, 'list' | 'revealKey'>,
): ResolvedPresetKey {
  const linked = linkedProviders(preset);
  const data = { presetId: preset.id, presetName: preset.name, linkedProviders: linked.join(', ') || '-' };
  if (keyFrom !== undefined && !linked.includes(keyFrom)) {
    throw new AppError('PRESET_PROVIDER_NOT_LINKED', `${preset.name} cannot use the key of ${keyFrom}`, { ...data, providerId: keyFrom });
  }
  if (apiKey) return { apiKey, source: 'input', ...(keyFrom && { providerId: keyFrom }) };
  if (keyFrom !== undefined) {
    if (!providers.list().some((p) => p.id === keyFrom && p.hasKey)) {
      throw new AppError('PRESET_PROVIDER_NO_KEY', `No API key is saved for ${keyFrom}`, { ...data, providerId: keyFrom });
    }
    return { apiKey: providers.revealKey(keyFrom), source: 'provider', providerId: keyFrom };
  }
  const withKey = firstLinkedWithKey(preset, providers);
  if (withKey && takesKey(preset)) return { apiKey: providers.revealKey(withKey), source: 'provider', providerId: withKey };
  if (preset.requiresApiKey) throw new AppError('PRESET_KEY_REQUIRED', `${preset.name} needs an API key`, data);
  return { source: 'none' };
}

/** The first linked provider, in the preset's order, that has a key saved. */
export function firstLinkedWithKey(preset: OfficialMcpPreset, providers: Pick<ProviderStore, 'list'>): LlmProviderId | undefined {
  const withKey = new Set(providers.list().filter((p) => p.hasKey).map((p) => p.id));
  return linkedProviders(preset).find((id) => withKey.has(id));
}
