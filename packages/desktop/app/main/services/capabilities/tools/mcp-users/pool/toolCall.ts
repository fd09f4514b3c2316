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
import { AppError } from '@shared/errors';

export function requestToolCall(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  options: RequestOptions,
): Promise<CallToolResult> {
  return client.request({ method: 'tools/call', params: { name, arguments: args } }, CallToolResultSchema, options);
}

/**
 * Names the tool and call in a failed call's error, so the UI and an agent can say which call
 * failed; a timeout of the call itself (not of its connect) also names its limit, the call's one
 * deadline (see CallToolOptions).
 */
export function withCallDetails(err: unknown, details: { toolName: string; callId: string; timeoutMs: number }): unknown {
  if (!(err instanceof AppError)) return err;
  const { timeoutMs, ...call } = details;
  if (err.code !== 'MCP_TIMEOUT' || err.data?.method !== 'tools/call') return new AppError(err.code, err.message, { ...err.data, ...call });
  return new AppError('MCP_TIMEOUT', `${err.message} ("${call.toolName}" ran past its ${timeoutMs} ms limit)`, {
    ...err.data,
    ...call,
    timeoutMs,
  });
}
