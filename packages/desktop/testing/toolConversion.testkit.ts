/** Tools and a logger for the conversion tests, here and in the loader. */
import type { MCPTool } from '@shared/contracts/mcp-types';
import type { ToolsLogger } from '@mcp-common/toolConversion';
import { buildToolId } from '@mcp-common/toolIds';

export function tool(serverId: string, name: string, inputSchema: Record<string, unknown> = { type: 'object', properties: {} }, description = `Does ${name}.`): MCPTool {
  const serverName = `server-${serverId}`;
  return { id: buildToolId(serverName, name), name, description, inputSchema, serverId, serverName };
}

export function recordingLogger(): ToolsLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, info: (message) => lines.push(`info ${message}`), warn: (message) => lines.push(`warn ${message}`) };
}

export const withArgs = {
  type: 'object',
  properties: { path: { type: 'string' }, depth: { type: 'integer' } },
  required: ['path'],
};
