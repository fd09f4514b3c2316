/**
 * A server installed from a preset with a provider's key follows that provider: when the person
 * changes the key (and agrees), only the key slot (the env variable or header the preset puts it
 * in) is rewritten; the rest of the server's config stays as the person left it.
 */
import type { ApplyProviderKeyResult, LinkedServer, LlmProviderId } from '@shared/contracts/providers';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { toErrorShape } from '@shared/errors';
import { OFFICIAL_MCP_PRESETS, presetToServerInput, type OfficialMcpPreset } from '@shared/mcp-presets';
import type { ProviderStore } from '@services/providers/ProviderStore';
import type { McpService } from '../McpService';

export interface ProviderKeyLinkDeps {
  mcpService: Pick<McpService, 'list' | 'update'>;
  providers: Pick<ProviderStore, 'revealKey'>;
  presets?: readonly OfficialMcpPreset[];
}

const named = (server: McpServerRecord): LinkedServer => ({ id: server.id, name: server.name });

export async function linkedServers(mcpService: Pick<McpService, 'list'>, providerId: LlmProviderId): Promise<McpServerRecord[]> {
  return (await mcpService.list()).filter((s) => s.keyLink?.providerId === providerId);
}

/** The key slot the preset fills, with the value for this key: only these entries change. */
function keySlot(preset: OfficialMcpPreset, apiKey: string, providerId: LlmProviderId) {
  const { config } = presetToServerInput(preset, { apiKey, providerId });
  if (config.headers) return { headers: config.headers };
  const name = preset.apiKeyEnvVar;
  const value = name ? config.env?.[name] : undefined;
  return name && value !== undefined ? { env: { [name]: value } } : undefined;
}

/**
 * `headers` with `replacing` set. Header names are case-insensitive on the wire: a key header the
 * person (or another client) wrote as `authorization` is replaced, not sent beside the new one,
 * which fetch would join into one value holding both keys.
 */
function withHeaders(headers: Record<string, string> | undefined, replacing: Record<string, string>): Record<string, string> {
  const replaced = new Set(Object.keys(replacing).map((name) => name.toLowerCase()));
  const kept = Object.entries(headers ?? {}).filter(([name]) => !replaced.has(name.toLowerCase()));
  return { ...Object.fromEntries(kept), ...replacing };
}

export async function applyProviderKey(
  { mcpService, providers, presets = OFFICIAL_MCP_PRESETS }: ProviderKeyLinkDeps,
  providerId: LlmProviderId,
  serverIds?: readonly string[],
): Promise<ApplyProviderKeyResult> {
  const result: ApplyProviderKeyResult = { updated: [], skipped: [] };
  const linked = await linkedServers(mcpService, providerId);
  for (const id of serverIds ?? []) {
    if (!linked.some((s) => s.id === id)) result.skipped.push({ id, name: id, reason: `Not linked to ${providerId}` });
  }
  const chosen = serverIds ? linked.filter((s) => serverIds.includes(s.id)) : linked;
  if (chosen.length === 0) return result;
  let apiKey: string;
  try {
    apiKey = providers.revealKey(providerId);
  } catch (err) {
    for (const s of chosen) result.skipped.push({ ...named(s), reason: toErrorShape(err).message });
    return result;
  }
  for (const server of chosen) {
    const preset = presets.find((p) => p.id === server.keyLink!.presetId);
    if (!preset) {
      result.skipped.push({ ...named(server), reason: `The preset ${server.keyLink!.presetId} is no longer known` });
      continue;
    }
    try {
      const slot = keySlot(preset, apiKey, providerId);
      if (!slot) {
        result.skipped.push({ ...named(server), reason: `${preset.name} has no place for a key` });
        continue;
      }
      const { config } = server;
      const next = slot.headers ? { ...config, headers: withHeaders(config.headers, slot.headers) } : { ...config, env: { ...config.env, ...slot.env } };
      await mcpService.update({ id: server.id, updates: { config: next } });
      result.updated.push(named(server));
    } catch (err) {
      result.skipped.push({ ...named(server), reason: toErrorShape(err).message });
    }
  }
  return result;
}
