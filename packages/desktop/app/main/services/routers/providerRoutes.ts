/** The providers.* handlers: LLM provider keys, and the servers that take their key from one, merged into AppRouter's one table. */
import type { McpService } from '../capabilities/tools/mcp-users/McpService';
import type { PresetInstaller } from '../capabilities/tools/mcp-users/presets/PresetInstaller';
import { applyProviderKey, linkedServers } from '../capabilities/tools/mcp-users/presets/providerKeyLinks';
import type { ProviderStore } from '../providers/ProviderStore';
import type { RouteHandlers } from './AppRouter';

type ProviderRoute = Extract<keyof RouteHandlers, `providers.${string}`>;

export function createProviderRouteHandlers({ mcpService, providers, presets }: { mcpService: McpService; providers: ProviderStore; presets: PresetInstaller }): Pick<RouteHandlers, ProviderRoute> {
  return {
    'providers.list': async () => providers.list(),
    'providers.set': async (input) => providers.set(input),
    'providers.remove': async ({ id }) => providers.remove(id),
    'providers.reveal_key': async ({ id }) => ({ id, apiKey: providers.revealKey(id) }),
    'providers.linked_servers': async ({ id }) => (await linkedServers(mcpService, id)).map((s) => ({ id: s.id, name: s.name })),
    'providers.apply_key': ({ id, serverIds }) => applyProviderKey({ mcpService, providers, presets: presets.presets }, id, serverIds),
  };
}
