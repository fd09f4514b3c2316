/**
 * What a preset card and the install dialog say about a preset, derived once from the preset and
 * the list answer: where its key goes, which saved key it would use, what it runs. Pure, so the
 * gallery's wording rules are tested without rendering.
 */
import type { PresetListItem } from '@shared/contracts/presets';
import { LLM_PROVIDERS, type LlmProviderId } from '@shared/contracts/providers';
import { presetApiKeyHeader, presetTransport, type OfficialMcpPreset } from '@shared/mcp-presets';

/** The vendors who run the presets' servers, by the catalog's ids. Brand names are not translated. */
const VENDOR_NAMES: Record<string, string> = {
  'z-ai': 'Z.AI',
  modelcontextprotocol: 'Model Context Protocol',
  upstash: 'Upstash',
  microsoft: 'Microsoft',
  github: 'GitHub',
  brave: 'Brave',
  tavily: 'Tavily',
  exa: 'Exa',
  firecrawl: 'Firecrawl',
};

export const vendorName = (vendor: string): string => VENDOR_NAMES[vendor] ?? vendor;

const PROVIDER_NAMES = new Map<string, string>(LLM_PROVIDERS.map((p) => [p.id, p.name]));
export const providerName = (id: string): string => PROVIDER_NAMES.get(id) ?? id;

/** Linked ids this build knows as LLM providers (a preset may name vendors we do not). */
export const linkedProviderIds = (preset: OfficialMcpPreset): LlmProviderId[] =>
  (preset.linkedProviderIds ?? []).filter((id): id is LlmProviderId => PROVIDER_NAMES.has(id));

/** Where the key goes: an env variable (stdio) or a header (http); undefined when the preset takes none. */
export type KeySlot = { kind: 'env'; name: string } | { kind: 'header'; header: string };

export function keySlot(preset: OfficialMcpPreset): KeySlot | undefined {
  if (presetTransport(preset) === 'http') {
    const { name, scheme } = presetApiKeyHeader(preset);
    return { kind: 'header', header: scheme ? `${name}: ${scheme}` : name };
  }
  return preset.apiKeyEnvVar ? { kind: 'env', name: preset.apiKeyEnvVar } : undefined;
}

/**
 * The key status a card shows: the saved provider key install would use; a key the person must
 * give; an optional key; or none at all.
 */
export type LinkStatus =
  | { kind: 'uses'; providerId: LlmProviderId }
  | { kind: 'needs'; canUse: LlmProviderId[] }
  | { kind: 'optional'; canUse: LlmProviderId[] }
  | { kind: 'none' };

export function linkStatus(item: Pick<PresetListItem, 'preset' | 'keyAvailableFrom'>): LinkStatus {
  const { preset, keyAvailableFrom } = item;
  if (!keySlot(preset)) return { kind: 'none' };
  if (keyAvailableFrom) return { kind: 'uses', providerId: keyAvailableFrom };
  const canUse = linkedProviderIds(preset);
  return preset.requiresApiKey ? { kind: 'needs', canUse } : { kind: 'optional', canUse };
}

/** The words a search matches: name, vendor, tools, category and the translated description. */
export function matchesQuery(preset: OfficialMcpPreset, query: string, translated: { description: string; category: string }): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  const haystack = [preset.name, preset.id, vendorName(preset.provider), translated.description, translated.category, ...preset.tools];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}

/**
 * What the person may choose between when a preset has per-provider variants (Z.AI's api.z.ai or
 * Zhipu's open.bigmodel.cn, `Z_AI_MODE=ZAI|ZHIPU`): each linked provider with the setting it
 * selects. Empty when every provider gets the same service.
 */
export function serviceVariants(preset: OfficialMcpPreset): { providerId: LlmProviderId; setting: string }[] {
  if (!preset.providerVariants || Object.keys(preset.providerVariants).length === 0) return [];
  return linkedProviderIds(preset).map((providerId) => {
    const variant = preset.providerVariants?.[providerId];
    if (presetTransport(preset) === 'http') return { providerId, setting: new URL(variant?.url ?? preset.url ?? '').host };
    const env = { ...preset.extraEnv, ...variant?.extraEnv };
    return { providerId, setting: Object.entries(env).map(([name, value]) => `${name}=${value}`).join(' ') };
  });
}
