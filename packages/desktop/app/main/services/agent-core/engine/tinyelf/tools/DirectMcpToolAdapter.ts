/**
 * DirectMcpToolAdapter: tools of built-in / preset stdio MCP servers that one agent
 * session starts for itself. The session holds the SDK `Client` directly (no McpService: these
 * servers are not user configuration and live exactly as long as the session); every process is
 * registered in McpProcessTracker, so none outlives the app even when the session is never
 * closed properly.
 *
 * Tool names are `serverName__toolName`: the portable tool ids of toolIds.ts (assigned over the
 * whole direct set, so two names that clean alike still differ) without their `mcp__` prefix —
 * the same cleaning, collision hashes and length limit as user servers' tools.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { MCPTool } from '@shared/contracts/mcp-types';
import { isVisibleToModel, toolAppOf } from '@shared/mcpApps';
import { AppError, toErrorShape, type AppErrorShape } from '@shared/errors';
import { secretRedactor } from '@mcp-common/redaction';
import { toConnectError, toRequestError } from '@services/capabilities/tools/mcp-users/pool/errors';
import { serverEnv } from '@services/capabilities/tools/mcp-users/transports/serverEnv';
import { listAllTools } from '@services/capabilities/tools/mcp-users/pool/listing';
import { requestToolCall } from '@services/capabilities/tools/mcp-users/pool/toolCall';
import { PORTABLE_TOOL_NAME, ToolIdRegistry } from '@mcp-common/toolIds';
import type { McpProcessTracker } from '@services/capabilities/tools/mcp-users/McpProcessTracker';
import { StdioProcessTransport } from '@services/capabilities/tools/mcp-users/transports';
import { DEFAULT_TOOL_TIMEOUT_MS, withDeadline } from './callDeadline';
import type { ITool, JsonSchema, ToolExecuteOptions, ToolResult } from './ITool';
import { failedResult, resultFromContent } from './toolResult';

/** A built-in server, its command already resolved (preset placeholders filled in, paths absolute). */
export interface ResolvedMcpServer {
  name: string;
  command: string;
  args?: string[];
  /** Overlaid on our environment, as for user servers. Redacted from every error message. */
  env?: Record<string, string>;
  cwd?: string;
  /** Tool-call timeout; default 120 s. */
  timeoutMs?: number;
}

export interface DirectLoadOptions {
  /** Initialize and tools/list deadline per server. Default 30 s. */
  connectTimeoutMs?: number;
  /** The entry point's tracker: every server process is recorded there from spawn. */
  tracker: McpProcessTracker;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
/** Stderr lines quoted in an error message, as McpService does. */
const ERROR_TAIL_LINES = 20;
const ID_PREFIX = 'mcp__';
/** A direct tool's `source`, and the serverId of its MCPTool (toMcpTool): `direct:<server name>`. */
export const DIRECT_SOURCE_PREFIX = 'direct:';

/**
 * A tool id (`mcp__server__tool`) as a direct tool name (`server__tool`), valid for every provider
 * and never one of the person's tool ids: those all start with `mcp__`. A name that would (a
 * server called `mcp`, `mcp-x`…), one that is not valid without the prefix (`7zip__x`) and one
 * that already starts with `_` get a `_` in front: so an escaped name never equals an unescaped
 * one, and distinct ids give distinct names. Agent presets refuse server names that need it
 * (contracts/agents.ts), so there direct names are exactly the ids without their prefix.
 */
export function directToolName(toolId: string): string {
  const name = toolId.startsWith(ID_PREFIX) ? toolId.slice(ID_PREFIX.length) : toolId;
  const escape = !PORTABLE_TOOL_NAME.test(name) || name.startsWith('_') || name.toLowerCase().startsWith(ID_PREFIX);
  return escape ? `_${name}` : name;
}

/** One session-owned server: its client, and its transport, which McpProcessTracker tracks from spawn. */
export class DirectMcpConnection {
  private readonly redact: (text: string) => string;

  constructor(
    readonly server: ResolvedMcpServer,
    readonly client: Client,
    readonly transport: StdioProcessTransport,
  ) {
    this.redact = secretRedactor({ env: server.env, args: server.args });
  }

  errorContext() {
    const tail = this.transport.stderrTail().slice(-ERROR_TAIL_LINES).map(this.redact);
    return { serverId: this.server.name, serverName: this.server.name, stderrTail: tail };
  }
}

export class DirectMcpToolAdapter implements ITool {
  readonly name: string;
  readonly description: string;
  readonly parameters: JsonSchema;
  readonly source: string;

  constructor(
    private readonly tool: Tool,
    private readonly connection: DirectMcpConnection,
    toolId: string,
  ) {
    this.name = directToolName(toolId);
    this.description = tool.description ?? '';
    this.parameters = tool.inputSchema;
    this.source = `${DIRECT_SOURCE_PREFIX}${connection.server.name}`;
  }

  /** The tool as the chat's request builder takes it: its id is the direct name, which it keeps. */
  toMcpTool(): MCPTool {
    const { tool } = this;
    return {
      id: this.name,
      name: tool.name,
      ...(tool.title !== undefined ? { title: tool.title } : {}),
      description: this.description,
      inputSchema: tool.inputSchema,
      ...(tool.annotations !== undefined ? { annotations: tool.annotations } : {}),
      serverId: this.source,
      serverName: this.connection.server.name,
    };
  }

  async execute(params: Record<string, unknown>, { signal }: ToolExecuteOptions = {}): Promise<ToolResult> {
    const { server, client } = this.connection;
    const timeoutMs = server.timeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
    const controller = new AbortController();
    try {
      const result = await withDeadline(
        () =>
          requestToolCall(client, this.tool.name, params, {
            signal: controller.signal,
            // The SDK's own default (60 s) would cut the call short of ours.
            timeout: timeoutMs,
          }),
        {
          timeoutMs,
          signal,
          // Aborting the request's signal makes the SDK send notifications/cancelled.
          cancel: (reason) => controller.abort(reason),
          label: `Tool "${this.tool.name}" on "${server.name}"`,
          data: { serverName: server.name, toolName: this.tool.name },
        },
      );
      return resultFromContent(result.content, result.isError === true);
    } catch (error) {
      return failedResult(toRequestError(error, { ...this.connection.errorContext(), method: 'tools/call' }));
    }
  }
}

export interface DirectLoadFailure {
  serverName: string;
  error: AppErrorShape;
}

export interface DirectMcpTools {
  tools: DirectMcpToolAdapter[];
  /** Close them with `closeDirectConnections` when the session ends. */
  connections: DirectMcpConnection[];
  failures: DirectLoadFailure[];
}

/**
 * Starts each server, lists its tools and wraps them. Servers start in parallel; one that fails
 * (missing command, crash at start, no answer) is reported and leaves nothing running, and the
 * rest load. Two servers of the same name would give the same tool names, so the later one is
 * refused before it starts; names that differ only once cleaned (`a.b`, `a_b`) get hashes.
 */
export async function loadDirectMcpTools(servers: readonly ResolvedMcpServer[], options: DirectLoadOptions): Promise<DirectMcpTools> {
  const { tracker } = options;
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const seen = new Set<string>();
  const outcomes = await Promise.all(
    servers.map(async (server) => {
      if (seen.has(server.name)) {
        const error = new AppError('DUPLICATE_NAME', `Another direct MCP server is already named "${server.name}"`, { name: server.name });
        return { ok: false, serverName: server.name, error: error.toShape() } as const;
      }
      seen.add(server.name);
      try {
        return { ok: true, ...(await startServer(server, tracker, connectTimeoutMs)) } as const;
      } catch (error) {
        return { ok: false, serverName: server.name, error: toErrorShape(error) } as const;
      }
    }),
  );
  const started = outcomes.flatMap((o) => (o.ok ? [o] : []));
  // Server names are unique here, so they serve as the registry's server ids.
  const ids = ToolIdRegistry.from(
    started.flatMap(({ connection, tools }) => tools.map((tool) => ({ serverId: connection.server.name, serverName: connection.server.name, toolName: tool.name }))),
  );
  return {
    tools: started.flatMap(({ connection, tools }) =>
      tools.map((tool) => new DirectMcpToolAdapter(tool, connection, ids.idOf(connection.server.name, tool.name) ?? tool.name)),
    ),
    connections: started.map((o) => o.connection),
    failures: outcomes.flatMap((o) => (o.ok ? [] : [{ serverName: o.serverName, error: o.error }])),
  };
}

async function startServer(server: ResolvedMcpServer, tracker: McpProcessTracker, timeoutMs: number) {
  const transport = new StdioProcessTransport({
    command: server.command,
    args: server.args ?? [],
    env: await serverEnv(server.env),
    cwd: server.cwd,
    // Tracked from spawn on: initialize or the listing may hang, and the process must still go.
    processes: tracker,
  });
  const client = new Client({ name: 'elftia-tinyelf', version: '0.1.0' }, { capabilities: {} });
  const connection = new DirectMcpConnection(server, client, transport);
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    // Close first: the stderr of a process that died is complete only once it is gone.
    await transport.close().catch(() => undefined);
    throw toConnectError(error, connection.errorContext());
  }
  try {
    const listed = await listAllTools(client, { timeout: timeoutMs });
    // Session tools go to a model only: an MCP App's app-only tools (visibility without "model") never do.
    return { connection, tools: listed.items.filter((tool) => isVisibleToModel({ app: toolAppOf(tool._meta) })) };
  } catch (error) {
    await tracker.closeConnection(connection.transport);
    throw toRequestError(error, { ...connection.errorContext(), method: 'tools/list' });
  }
}

/** Ends a session's servers through the tracker: graceful close, then the whole process group. */
export async function closeDirectConnections(
  connections: readonly DirectMcpConnection[],
  tracker: McpProcessTracker,
): Promise<void> {
  await Promise.all(connections.map((connection) => tracker.closeConnection(connection.transport)));
}
