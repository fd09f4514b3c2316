/**
 * The agents.* routes: presets (list, get, save, remove, import, export) and chat sessions
 * (start, end, status). Presets leave with their session servers' env values masked, as
 * servers' do (redaction.ts); a masked value sent back unchanged keeps the stored one, and only
 * agents.reveal_secrets (the form's eye) gives the real values of one session server.
 */
import { AgentPresetSchema, type AgentPreset } from '../../../shared/contracts/agents';
import { AppError } from '../../../shared/errors';
import type { McpTestInput, McpTestResult } from '../../../shared/contracts/mcp-types';
import { maskSecrets, redactArgs, restoreMaskedSecrets } from '../capabilities/tools/mcp-users/common/redaction';
import type { RouteHandlers } from '../routers/AppRouter';
import { parseAgentImport, type ParsedAgent } from './agentImport';
import type { AgentSessions } from './AgentSessions';
import type { AgentStore } from './AgentStore';
import { resolveSessionServers } from './resolveSessionServers';

type AgentRoutes = Pick<RouteHandlers, Extract<keyof RouteHandlers, `agents.${string}`>>;

const mapServers = (preset: AgentPreset, fn: (server: AgentPreset['sessionServers'][string], name: string) => AgentPreset['sessionServers'][string]) => ({
  ...preset,
  sessionServers: Object.fromEntries(Object.entries(preset.sessionServers).map(([name, server]) => [name, fn(server, name)])),
});
export const maskAgent = (preset: AgentPreset): AgentPreset => mapServers(preset, (server) => maskSecrets(server));

/**
 * A preset as a file carries it: no id, no stamps; unless asked for, env values "" and the
 * credentials in arguments emptied (`--api-key=`), as server exports empty them.
 */
export function exportableAgent(preset: AgentPreset, withSecrets: boolean): ParsedAgent {
  const { id: _id, builtin: _builtin, updatedAt: _updatedAt, ...rest } = withSecrets
    ? preset
    : mapServers(preset, (server) => ({ ...server, args: redactArgs(server.args, ''), env: Object.fromEntries(Object.keys(server.env).map((key) => [key, ''])) }));
  return rest;
}

/** mcp.test (McpService.test): the server form's Test. */
export type ServerTest = (input: McpTestInput) => Promise<McpTestResult>;

export function createAgentRouteHandlers(store: AgentStore, sessions: AgentSessions, test: ServerTest): AgentRoutes {
  return {
    'agents.list': async () => store.list().map(maskAgent),
    'agents.get': async ({ agent }) => maskAgent(store.get(agent)),
    'agents.save': async ({ id, preset, copyOf }) => {
      const current = id === undefined ? undefined : store.get(id);
      // The masked values came from the preset edited, or the one copied.
      const source = current ?? (copyOf === undefined ? undefined : store.get(copyOf));
      const sessionServers = source
        ? mapServers({ ...source, sessionServers: preset.sessionServers }, (server, name) => {
            const stored = source.sessionServers[name];
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
    'agents.reveal_secrets': async ({ agent, server }) => {
      const stored = store.get(agent).sessionServers[server];
      if (!stored) throw new AppError('NOT_FOUND', `The agent preset "${agent}" has no session server named "${server}"`, { name: server });
      return { env: stored.env };
    },
    'agents.test_server': async ({ name, server, stored, folder }) => {
      const saved = stored ? store.get(stored.agent).sessionServers[stored.server] : undefined;
      const preset = AgentPresetSchema.parse({ id: 'test', name, sessionServers: { [name]: saved ? restoreMaskedSecrets(saved, server) : server } });
      // Filled in as a session fills them, so what passes here starts in a chat.
      const [resolved] = resolveSessionServers(preset, { folder });
      const { command, args = [], env = {}, cwd } = resolved!;
      return test({ server: { name, type: 'stdio', config: { command, args, env, ...(cwd !== undefined ? { cwd } : {}) } } });
    },
  };
}
