/**
 * The agents.* routes: presets (list, get, save, remove, import, export) and chat sessions
 * (start, end, status). Presets leave with their session servers' env values masked, as
 * servers' do (redaction.ts); a masked value sent back unchanged keeps the stored one.
 */
import type { AgentPreset } from '../../../shared/contracts/agents';
import { maskSecrets, restoreMaskedSecrets } from '../capabilities/tools/mcp-users/common/redaction';
import type { RouteHandlers } from '../routers/AppRouter';
import { parseAgentImport, type ParsedAgent } from './agentImport';
import type { AgentSessions } from './AgentSessions';
import type { AgentStore } from './AgentStore';

type AgentRoutes = Pick<RouteHandlers, Extract<keyof RouteHandlers, `agents.${string}`>>;

const mapServers = (preset: AgentPreset, fn: (server: AgentPreset['sessionServers'][string], name: string) => AgentPreset['sessionServers'][string]) => ({
  ...preset,
  sessionServers: Object.fromEntries(Object.entries(preset.sessionServers).map(([name, server]) => [name, fn(server, name)])),
});
export const maskAgent = (preset: AgentPreset): AgentPreset => mapServers(preset, (server) => maskSecrets(server));

/** A preset as a file carries it: no id, no stamps; env values "" unless asked for. */
export function exportableAgent(preset: AgentPreset, withSecrets: boolean): ParsedAgent {
  const { id: _id, builtin: _builtin, updatedAt: _updatedAt, ...rest } = withSecrets ? preset : mapServers(preset, (server) => ({ ...server, env: Object.fromEntries(Object.keys(server.env).map((key) => [key, ''])) }));
  return rest;
}

export function createAgentRouteHandlers(store: AgentStore, sessions: AgentSessions): AgentRoutes {
  return {
    'agents.list': async () => store.list().map(maskAgent),
    'agents.get': async ({ agent }) => maskAgent(store.get(agent)),
    'agents.save': async ({ id, preset }) => {
      const current = id === undefined ? undefined : store.get(id);
      const sessionServers = current
        ? mapServers({ ...current, sessionServers: preset.sessionServers }, (server, name) => {
            const stored = current.sessionServers[name];
            return stored ? restoreMaskedSecrets(stored, server) : server;
          }).sessionServers
        : preset.sessionServers;
      return maskAgent(store.save({ ...preset, sessionServers }, current?.id));
    },
    'agents.remove': async ({ agent }) => maskAgent(store.remove(agent)),
    'agents.import': async ({ text, onDuplicate }) => ({
      imported: store.importAll(parseAgentImport(text), onDuplicate).map(({ preset, replaced }) => ({ id: preset.id, name: preset.name, replaced })),
    }),
    'agents.export': async ({ agents, withSecrets }) => {
      const chosen = agents === undefined ? store.list().filter((p) => !p.builtin) : agents.map((ref) => store.get(ref));
      return { json: `${JSON.stringify({ agents: chosen.map((p) => exportableAgent(p, withSecrets)) }, null, 2)}\n` };
    },
    'agents.session_start': ({ chatId, agent, folder }) => sessions.start(chatId, agent, { folder }),
    'agents.session_end': ({ chatId }) => sessions.end(chatId),
    'agents.session_status': async ({ chatId }) => sessions.status(chatId),
  };
}
