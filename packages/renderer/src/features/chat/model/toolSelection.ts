/**
 * Which servers and tools this chat offers the model. The person switches things off (everything
 * active is on by default, servers added later too), so the state is what is off; "only this
 * server" (from a server's detail) is the other way round until the person edits the choice.
 */
import { presetServerIds } from '@shared/agentServers';
import type { AgentPreset } from '@shared/contracts/agents';
import type { ChatToolSelection } from '@shared/contracts/chat';
import type { MCPTool, McpServerRecord } from '@shared/contracts/mcp-types';

export interface ToolChoice {
  offServers: ReadonlySet<string>;
  offTools: ReadonlySet<string>;
  /** Set by "Try with a model" on one server: only it is on, whatever the off-sets say. */
  onlyServer?: string;
}

export const ALL_ON: ToolChoice = { offServers: new Set(), offTools: new Set() };

export const onlyServer = (serverId: string): ToolChoice => ({ ...ALL_ON, onlyServer: serverId });

export const isServerOn = (choice: ToolChoice, serverId: string): boolean =>
  choice.onlyServer !== undefined ? choice.onlyServer === serverId : !choice.offServers.has(serverId);

export const isToolOn = (choice: ToolChoice, tool: MCPTool): boolean => isServerOn(choice, tool.serverId) && !choice.offTools.has(tool.id);

/** An edit starts from what is shown: "only this server" becomes "every other server off". */
function explicit(choice: ToolChoice, servers: readonly McpServerRecord[]): ToolChoice {
  if (choice.onlyServer === undefined) return choice;
  return { offServers: new Set(servers.filter((server) => server.id !== choice.onlyServer).map((server) => server.id)), offTools: choice.offTools };
}

const toggled = (set: ReadonlySet<string>, id: string, on: boolean): Set<string> => {
  const next = new Set(set);
  if (on) next.delete(id);
  else next.add(id);
  return next;
};

/** Switching a server on turns all its tools on again; off leaves its tool choices for later. */
export function setServer(choice: ToolChoice, servers: readonly McpServerRecord[], tools: readonly MCPTool[], serverId: string, on: boolean): ToolChoice {
  const base = explicit(choice, servers);
  const offTools = on ? new Set([...base.offTools].filter((id) => !tools.some((tool) => tool.id === id && tool.serverId === serverId))) : base.offTools;
  return { offServers: toggled(base.offServers, serverId, on), offTools };
}

/** Switching a tool on also switches its server on (the person asked for that tool). */
export function setTool(choice: ToolChoice, servers: readonly McpServerRecord[], tool: MCPTool, on: boolean): ToolChoice {
  const base = explicit(choice, servers);
  return { offServers: on ? toggled(base.offServers, tool.serverId, true) : base.offServers, offTools: toggled(base.offTools, tool.id, on) };
}

export const setAll = (on: boolean, servers: readonly McpServerRecord[]): ToolChoice =>
  on ? ALL_ON : { offServers: new Set(servers.map((server) => server.id)), offTools: new Set() };

/** What chat.send carries: the active servers that are on, and their tools switched off here. */
export function toSelection(choice: ToolChoice, servers: readonly McpServerRecord[], tools: readonly MCPTool[]): ChatToolSelection {
  const serverIds = servers.filter((server) => isServerOn(choice, server.id)).map((server) => server.id);
  const on = new Set(serverIds);
  return { serverIds, excludedToolIds: tools.filter((tool) => on.has(tool.serverId) && choice.offTools.has(tool.id)).map((tool) => tool.id) };
}

/** The tools the model would get: on servers, minus the ones switched off. */
export const chosenTools = (choice: ToolChoice, tools: readonly MCPTool[]): MCPTool[] => tools.filter((tool) => isToolOn(choice, tool));

/**
 * What a chat under an agent preset may offer of the person's servers and tools: the servers the
 * preset names (presetServerIds, the host's rule) and their tools minus the preset's switched-off
 * ones. Without a preset, everything active.
 */
export function presetScope(
  preset: Pick<AgentPreset, 'serverIds' | 'excludedToolIds'> | undefined,
  servers: readonly McpServerRecord[],
  tools: readonly MCPTool[],
): { servers: McpServerRecord[]; tools: MCPTool[] } {
  if (!preset) return { servers: [...servers], tools: [...tools] };
  const allowed = presetServerIds(preset, servers);
  const excluded = new Set(preset.excludedToolIds);
  return { servers: servers.filter((server) => allowed.has(server.id)), tools: tools.filter((tool) => allowed.has(tool.serverId) && !excluded.has(tool.id)) };
}
