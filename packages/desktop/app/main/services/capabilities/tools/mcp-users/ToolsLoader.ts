/**
 * ToolsLoader: fetches the MCP tools a request may use from the running servers, assigns their
 * ids and converts them for one provider (the conversion itself is `common/toolConversion`).
 */
import type { MCPTool } from '@shared/contracts/mcp-types';
import { AppError, errorMessage } from '@shared/errors';
import type { ToolFormat } from '@shared/toolFormats';
import { assignToolIds, type ToolIdRegistry } from './common/toolIds';
import {
  convertMcpTools,
  type ToolConversion,
  type ToolsFormats,
  type ToolsLogger,
} from './common/toolConversion';

/** The part of McpService the loader needs; the real service satisfies it structurally. */
export interface McpToolSource {
  listAllActiveServerTools(): Promise<MCPTool[]>;
  /** Enabled tools only; `requireActive` refuses (MCP_SERVER_INACTIVE) instead of connecting an inactive server. */
  listServerTools(serverId: string, options?: { requireActive?: boolean }): Promise<MCPTool[]>;
}

export interface McpToolsConfig {
  enabled?: boolean | undefined;
  mode?: 'auto' | 'manual' | undefined;
  selectedServers?: string[] | undefined;
}

export interface SetupOptions {
  logger?: ToolsLogger;
  /** OpenAI formats only; defaults as in `convertMcpToolsToOpenAI(Responses)`. */
  strict?: boolean;
  /**
   * Tools of an agent session's own servers (DirectMcpToolAdapter), offered beside the person's
   * under the names they already have (`serverName__toolName`): they are not renamed, and their
   * names never take the `mcp__` prefix every id assigned here has.
   */
  directTools?: readonly MCPTool[];
}

export interface McpToolsSetup<T> extends ToolConversion<T> {
  /** The tools behind `tools`, with `id` equal to the name each was sent under. */
  mcpTools: MCPTool[];
  /** Maps a tool name the model called back to (server id, original tool name). */
  toolIds: ToolIdRegistry;
}

/**
 * Which servers: disabled or unset → nothing; `auto` or unset → every active server;
 * `manual` → each selected server, where one failing server is logged and skipped.
 */
export async function fetchMcpTools(
  mcpService: McpToolSource,
  config?: McpToolsConfig,
  logger: ToolsLogger = console,
): Promise<MCPTool[]> {
  if (!config?.enabled) return [];
  if (config.mode !== 'manual') {
    try {
      return await mcpService.listAllActiveServerTools();
    } catch (error) {
      logger.warn(`[MCP tools] Listing the active servers' tools failed: ${errorMessage(error)}`);
      return [];
    }
  }
  const selected = [...new Set(config.selectedServers ?? [])];
  // A selected server that was turned off since is skipped, never started for a request.
  const results = await Promise.allSettled(selected.map((serverId) => mcpService.listServerTools(serverId, { requireActive: true })));
  return results.flatMap((result, index) => {
    if (result.status === 'fulfilled') return result.value;
    logger.warn(`[MCP tools] Listing tools of server ${selected[index]} failed: ${errorMessage(result.reason)}`);
    return [];
  });
}

/**
 * The entry point: fetch, give up with `undefined` when there is nothing, log by server,
 * convert for `apiFormat` (default `'openai'`) and return the definitions with the raw tools.
 * Ids are (re)assigned through `toolIds`, so every tool name is valid and maps back.
 */
export async function setupMcpTools<F extends ToolFormat = 'openai'>(
  mcpService: McpToolSource,
  config?: McpToolsConfig,
  apiFormat?: F,
  options: SetupOptions = {},
): Promise<McpToolsSetup<ToolsFormats[F]> | undefined> {
  const logger = options.logger ?? console;
  const fetched = await fetchMcpTools(mcpService, config, logger);
  const direct = options.directTools ?? [];
  if (fetched.length === 0 && direct.length === 0) return undefined;
  const { tools: assigned, registry } = assignToolIds(fetched);
  const clash = direct.find((tool) => registry.resolve(tool.id) !== undefined);
  // directToolName and the preset's server-name rule make this impossible; a clash would call the wrong tool.
  if (clash) throw new AppError('INTERNAL', `The session tool "${clash.id}" has the name of one of your servers' tools`);
  const mcpTools = [...assigned, ...direct];
  logByServer(mcpTools, logger);
  const conversion = convertMcpTools(apiFormat ?? 'openai', mcpTools, { logger, strict: options.strict });
  // `convertMcpTools` returns the format `apiFormat` names; TypeScript cannot follow a switch on a
  // generic parameter, hence the one assertion.
  return { ...(conversion as ToolConversion<ToolsFormats[F]>), mcpTools, toolIds: registry };
}

function logByServer(tools: readonly MCPTool[], logger: ToolsLogger): void {
  const groups = new Map<string, MCPTool[]>();
  for (const tool of tools) {
    const group = groups.get(tool.serverId);
    if (group) group.push(tool);
    else groups.set(tool.serverId, [tool]);
  }
  logger.info(`[MCP tools] ${tools.length} tools from ${groups.size} servers`);
  for (const group of groups.values()) {
    const [first] = group;
    if (first) logger.info(`[MCP tools]   ${first.serverName} (${group.length}): ${group.map((tool) => tool.name).join(', ')}`);
  }
}
