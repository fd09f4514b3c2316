/**
 * The one way we send tools/call, for the pool and for direct (session-owned) servers alike.
 *
 * request(), not the SDK's client.callTool(): callTool() checks results against output schemas
 * it learns only from its own listTools(), and we list tools ourselves (one broken tool must not
 * cost a server its other tools, see listing.ts), so callTool() would have nothing to check with.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { CallToolResultSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export function requestToolCall(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  options: RequestOptions,
): Promise<CallToolResult> {
  return client.request({ method: 'tools/call', params: { name, arguments: args } }, CallToolResultSchema, options);
}
