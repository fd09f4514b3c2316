/**
 * McpToolAdapter: an MCP tool of a user-configured server as a TinyElf `ITool`. The
 * connection belongs to McpService; the adapter only calls through it.
 *
 * `execute` never rejects for anything it can name: the tool's `isError`, a timeout, a closed
 * connection, a removed server all come back as a failed ToolResult whose text the model reads.
 *
 * The call has one deadline, McpService's (the SDK request timeout, which also cancels the call on
 * the server); the adapter only hands down its default and the caller's signal. The service holds
 * the server's current record, so nothing is read from disk per call.
 */
import { randomUUID } from 'node:crypto';
import type { CallOrigin, MCPTool, McpCallToolResult } from '@shared/contracts/mcp-types';
import { toErrorShape, type AppErrorShape } from '@shared/errors';
import { assignToolIds } from '@mcp-common/toolIds';
import type { ITool, JsonSchema, ToolExecuteOptions, ToolResult } from './ITool';
import { failedResult, resultFromContent } from './toolResult';

/** What the adapter needs of McpService; the real service satisfies it structurally. */
export interface McpCallPort {
  callTool(
    serverId: string,
    toolName: string,
    args: Record<string, unknown>,
    callId: string,
    options: { requireActive?: boolean; defaultTimeoutMs?: number; signal?: AbortSignal; origin?: CallOrigin },
  ): Promise<McpCallToolResult>;
}

export interface McpToolLoaderPort extends McpCallPort {
  listServerTools(serverId: string, options: { requireActive?: boolean }): Promise<MCPTool[]>;
}

/**
 * Puts what the model sent back into the shape the server declared (ToolConversion's
 * `toMcpArguments`: strict mode's nulls, Gemini's renamed properties). Keyed by tool id, so one
 * conversion's function serves every adapter.
 */
export type ArgumentMapper = (toolId: string, args: Record<string, unknown>) => Record<string, unknown>;

export interface McpToolAdapterOptions {
  toMcpArguments?: ArgumentMapper;
  /** Used when the server's `config.timeoutMs` is unset; default: McpService's (120 s). */
  timeoutMs?: number;
  /** Who the calls are made for, as Activity lists them: a model in a chat, or (by default) an agent. */
  origin?: CallOrigin;
}

export class McpToolAdapter implements ITool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly source: string;

  constructor(
    private readonly mcpTool: MCPTool,
    private readonly mcpService: McpCallPort,
    private readonly options: McpToolAdapterOptions = {},
  ) {
    this.name = mcpTool.id;
    this.description = mcpTool.description;
    this.parameters = mcpTool.inputSchema;
    this.source = `mcp:${mcpTool.serverId}`;
  }

  async execute(params: Record<string, unknown>, { signal, callId = randomUUID() }: ToolExecuteOptions = {}): Promise<ToolResult> {
    const { serverId, name: toolName } = this.mcpTool;
    try {
      const args = this.options.toMcpArguments ? this.options.toMcpArguments(this.name, params) : params;
      const result = await this.mcpService.callTool(serverId, toolName, args, callId, {
        // An agent's call is implicit: a server turned off since loading is not started again for it.
        requireActive: true,
        origin: this.options.origin ?? 'agent',
        ...(this.options.timeoutMs !== undefined && { defaultTimeoutMs: this.options.timeoutMs }),
        ...(signal && { signal }),
      });
      return { ...resultFromContent(result.content, result.isError), ...(result.structuredContent !== undefined && { structuredContent: result.structuredContent }) };
    } catch (error) {
      return failedResult(error);
    }
  }
}

export interface LoadFailure {
  serverId: string;
  error: AppErrorShape;
}

/**
 * The batch loader: every enabled tool of each server, as adapters. A server that cannot
 * be listed costs only its own tools and is reported in `failures`; so does an inactive one
 * (MCP_SERVER_INACTIVE), which is never started for an agent. Ids are assigned over the
 * whole set (as `setupMcpTools` does), so they match what a provider request built from the same
 * servers calls.
 */
export async function loadMcpTools(
  mcpService: McpToolLoaderPort,
  serverIds: readonly string[],
  options: McpToolAdapterOptions = {},
): Promise<{ tools: McpToolAdapter[]; failures: LoadFailure[] }> {
  const listed = await Promise.all(
    [...new Set(serverIds)].map(async (serverId) => {
      try {
        return { ok: true, serverId, tools: await mcpService.listServerTools(serverId, { requireActive: true }) } as const;
      } catch (error) {
        return { ok: false, serverId, error: toErrorShape(error) } as const;
      }
    }),
  );
  const failures: LoadFailure[] = listed.flatMap((entry) => (entry.ok ? [] : [{ serverId: entry.serverId, error: entry.error }]));
  const found = listed.flatMap((entry) => (entry.ok ? entry.tools : []));
  return { tools: createMcpToolAdapters(mcpService, assignToolIds(found).tools, options), failures };
}

/** Adapters for tools whose ids are already final (e.g. `setupMcpTools(...).mcpTools`). */
export function createMcpToolAdapters(
  mcpService: McpCallPort,
  tools: readonly MCPTool[],
  options: McpToolAdapterOptions = {},
): McpToolAdapter[] {
  return tools.map((tool) => new McpToolAdapter(tool, mcpService, options));
}
