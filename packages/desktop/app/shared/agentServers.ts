/**
 * Which of the person's servers an agent preset may use (issue 30): the ones its `serverIds` name,
 * by id or by name (case-insensitive, as `agents add --server` and the CLI take them). One rule
 * for the host's chat loop (ChatService.presetSelection) and the chat window's tool count.
 */
import type { AgentPreset } from './contracts/agents';

export function presetServerIds(preset: Pick<AgentPreset, 'serverIds'>, servers: readonly { id: string; name: string }[]): Set<string> {
  const refs = new Set(preset.serverIds.map((ref) => ref.toLowerCase()));
  return new Set(servers.filter((server) => refs.has(server.id.toLowerCase()) || refs.has(server.name.toLowerCase())).map((server) => server.id));
}
