/**
 * The one rule for disabled tools and inactive servers, applied by McpService wherever a tool is
 * listed or called (the router, the CLI, the agent's adapters and the provider conversion all go
 * through it):
 * - a tool in `disabledTools` is never listed for a model, and a call to it fails with
 *   MCP_TOOL_DISABLED before anything is sent;
 * - an inactive server is connected only on a person's explicit request (test, call, list in the
 *   Tools tab). Implicit users (agent loading, an agent's call, a provider request) pass
 *   `requireActive` and get MCP_SERVER_INACTIVE instead of a connection.
 */
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import { needsActivationReview } from '../common/activationReview';

type RuleSubject = Pick<McpServerRecord, 'id' | 'name' | 'isActive' | 'disabledTools' | 'installSource' | 'isTrusted' | 'reviewedAt'>;

export function isToolDisabled(server: Pick<McpServerRecord, 'disabledTools'>, toolName: string): boolean {
  return server.disabledTools.includes(toolName);
}

export function assertToolEnabled(server: RuleSubject, toolName: string): void {
  if (!isToolDisabled(server, toolName)) return;
  throw new AppError('MCP_TOOL_DISABLED', `The tool "${toolName}" of "${server.name}" is disabled`, {
    serverId: server.id,
    serverName: server.name,
    toolName,
  });
}

/** Active for implicit use: a linked server turned on by a hand edit, before its review, counts as inactive (McpService turns it off again). */
export const isActiveAndReviewed = (server: Pick<McpServerRecord, 'isActive' | 'installSource' | 'isTrusted' | 'reviewedAt'>): boolean =>
  server.isActive && !needsActivationReview(server);

export function assertActiveForImplicitUse(server: RuleSubject, requireActive: boolean | undefined): void {
  if (!requireActive || isActiveAndReviewed(server)) return;
  throw new AppError('MCP_SERVER_INACTIVE', `"${server.name}" is inactive; only an explicit test or call connects it`, {
    serverId: server.id,
    serverName: server.name,
  });
}
