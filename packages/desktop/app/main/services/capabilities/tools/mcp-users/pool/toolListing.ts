/**
 * A server's tools/list as the app sees it: each SDK tool as an MCPTool with a provider-safe id
 * (assigned over the whole listing, so two tools that clean alike still differ), the spec's
 * annotation fields only, and disabled tools marked or left out (toolRules).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { MCPTool, McpServerRecord, McpServerTool, McpToolAnnotations, McpToolIssue } from '@shared/contracts/mcp-types';
import { assignToolIds } from '../common/toolIds';
import { isToolDisabled } from './toolRules';

export interface ToolsListing {
  /** Every tool the server offers, each marked disabled or not (the server detail's view). */
  all: McpServerTool[];
  /** The tools a model may be offered, without the mark. */
  enabled: MCPTool[];
  issues: McpToolIssue[];
}

export function toListing(server: McpServerRecord, listed: { items: Tool[]; issues: McpToolIssue[] }): ToolsListing {
  const { tools } = assignToolIds(listed.items.map((t) => toMcpTool(server, t)));
  return {
    all: tools.map((t) => ({ ...t, disabled: isToolDisabled(server, t.name) })),
    enabled: tools.filter((t) => !isToolDisabled(server, t.name)),
    issues: listed.issues,
  };
}

function toMcpTool(server: McpServerRecord, tool: Tool): MCPTool {
  const title = tool.title ?? tool.annotations?.title;
  const annotations = tool.annotations && pickAnnotations(tool.annotations);
  const taskSupport = tool.execution?.taskSupport;
  return {
    id: '', // assigned by toListing
    name: tool.name,
    ...(title ? { title } : {}),
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
    ...(annotations ? { annotations } : {}),
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    ...(taskSupport === 'required' || taskSupport === 'optional' ? { taskSupport } : {}),
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
