/**
 * A server's tools/list as the app sees it: each SDK tool as an MCPTool with a provider-safe id
 * (assigned over the whole listing, so two tools that clean alike still differ), the spec's
 * annotation fields only, its MCP App link (shared/mcpApps.ts), and disabled tools marked or left
 * out (toolRules).
 *
 * `forModel` is the one filter between a server's tools and a model: every way tools reach a
 * model (ToolsLoader and the agent adapters, chat, the provider preview and `convert` through
 * mcp.list_tools / mcp.list_all_tools, agent presets) reads McpService.listServerTools, which
 * returns only what it lets through. App-only tools (visibility without "model") stay callable:
 * by the person in the playground and by their own app.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { MCPTool, McpServerRecord, McpServerTool, McpToolAnnotations, McpToolIssue } from '@shared/contracts/mcp-types';
import { isVisibleToModel, toolAppOf } from '@shared/mcpApps';
import { assignToolIds } from '../common/toolIds';
import { isToolDisabled } from './toolRules';

export interface ToolsListing {
  /** Every tool the server offers, each marked disabled or not (the server detail's view). */
  all: McpServerTool[];
  /** The tools that are not disabled, without the mark: what may be called (app-only ones by their app). */
  callable: MCPTool[];
  /** The tools a model may be offered: `forModel(callable)`. */
  enabled: MCPTool[];
  issues: McpToolIssue[];
}

/** The tools a model may be offered: those whose app visibility names "model" (every tool without app metadata). */
export const forModel = (tools: MCPTool[]): MCPTool[] => tools.filter(isVisibleToModel);

export function toListing(server: McpServerRecord, listed: { items: Tool[]; issues: McpToolIssue[] }): ToolsListing {
  const { tools } = assignToolIds(listed.items.map((t) => toMcpTool(server, t)));
  const callable = tools.filter((t) => !isToolDisabled(server, t.name));
  return {
    all: tools.map((t) => ({ ...t, disabled: isToolDisabled(server, t.name) })),
    callable,
    enabled: forModel(callable),
    issues: listed.issues,
  };
}

function toMcpTool(server: McpServerRecord, tool: Tool): MCPTool {
  const title = tool.title ?? tool.annotations?.title;
  const annotations = tool.annotations && pickAnnotations(tool.annotations);
  const taskSupport = tool.execution?.taskSupport;
  const app = toolAppOf(tool._meta);
  return {
    id: '', // assigned by toListing
    name: tool.name,
    ...(title ? { title } : {}),
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
    ...(annotations ? { annotations } : {}),
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    ...(taskSupport === 'required' || taskSupport === 'optional' ? { taskSupport } : {}),
    ...(app ? { app } : {}),
    serverId: server.id,
    serverName: server.name,
  };
}

/** The spec's annotation fields only: a server's extra keys are not ours to pass on. */
function pickAnnotations(raw: NonNullable<Tool['annotations']>): McpToolAnnotations | undefined {
  const picked: McpToolAnnotations = {};
  if (typeof raw.title === 'string') picked.title = raw.title;
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    if (typeof raw[hint] === 'boolean') picked[hint] = raw[hint];
  }
  return Object.keys(picked).length > 0 ? picked : undefined;
}
