/**
 * McpRouter: the handlers of the mcp.* routes that work on servers (records, connections,
 * sign-in, tools, tests, server questions), merged into AppRouter's one table. Install links and
 * export are in linkRoutes.ts, import in importRoutes.ts. An unreviewed linked server is refused
 * by the pool (ConnectionPool.acquire), not here: every way to connect it meets that one check.
 */
import { routes } from '../../../shared/contracts/ipc';
import type { McpActionResult, McpServerRecord } from '../../../shared/contracts/mcp-types';
import type { McpService } from '../capabilities/tools/mcp-users/McpService';
import type { ElicitationBroker } from '../capabilities/tools/mcp-users/ElicitationBroker';
import type { ApprovalBroker } from '../chat/ApprovalBroker';
import { maskServerRecord, restoreMaskedSecrets } from '../capabilities/tools/mcp-users/common/redaction';
import type { RouteHandlers } from './AppRouter';
import { runBulk } from './bulkRoutes';
import { refuseUnreviewedActivation } from './linkRoutes';

/** The add schema; its `type` enum and config check derive from the transport table via the contract. */
export const mcpAddSchema = routes['mcp.add'].input;

/** Server records leave through the router with their secrets masked (redaction.ts); only mcp.reveal_secrets shows them. */
const maskResult = (result: McpActionResult): McpActionResult => (result.server ? { ...result, server: maskServerRecord(result.server) } : result);

export function createMcpRouteHandlers({ mcpService, elicitation, approvals }: { mcpService: McpService; elicitation: ElicitationBroker; approvals: Pick<ApprovalBroker, 'decideForApp'> }) {
  const handlers = {
    'mcp.list': async () => (await mcpService.list()).map((server) => maskServerRecord(server)),
    'mcp.add': async (input) => maskResult(await mcpService.add(input)),
    'mcp.update': async ({ id, updates }) => {
      const current = await mcpService.get(id);
      // A client that got masks from mcp.list and sends them back unchanged keeps the stored secrets.
      const config = updates.config && restoreMaskedSecrets(current.config, updates.config);
      // On the record the write replaces: it may have become a linked, unreviewed one since the read.
      const precondition = (replaced: McpServerRecord) => refuseUnreviewedActivation(replaced, updates);
      return maskResult(await mcpService.update({ id, updates: config ? { ...updates, config } : updates }, { precondition }));
    },
    'mcp.remove': ({ id }) => mcpService.remove(id),
    'mcp.restore': async ({ id }) => maskResult(await mcpService.restore(id)),
    'mcp.add_json': (input) => mcpService.addJson(input),
    'mcp.status': async () => mcpService.status(),
    'mcp.reconnect': async ({ id }) => {
      await mcpService.reconnect(id);
      return mcpService.statusOf(id);
    },
    'mcp.disconnect': async ({ id }) => {
      await mcpService.get(id);
      await mcpService.disconnect(id);
      return mcpService.statusOf(id);
    },
    'mcp.auth_start': ({ id }) => mcpService.startSignIn(id),
    'mcp.auth_cancel': async ({ id }) => mcpService.cancelSignIn(id),
    'mcp.auth_signout': ({ id }) => mcpService.signOut(id),
    'mcp.list_tools': ({ id, connect }) => mcpService.listServerTools(id, { connect }),
    'mcp.list_all_tools': () => mcpService.listAllActiveServerTools(),
    'mcp.call_tool': ({ serverId, toolName, args, callId, timeoutMs }) => mcpService.callTool(serverId, toolName, args, callId, { timeoutMs, origin: 'person' }),
    'mcp.call_record': async ({ callId }) => mcpService.callRecord(callId),
    'mcp.cancel_call': async ({ callId }) => ({ cancelled: mcpService.cancelCall(callId) }),
    'mcp.test': (input) => mcpService.test(input),
    'mcp.discover': ({ id }) => mcpService.discover(id),
    'mcp.get_prompt': ({ serverId, name, args }) => mcpService.getPrompt(serverId, name, args),
    'mcp.read_resource': ({ serverId, uri }) => mcpService.readResource(serverId, uri),
    'mcp.complete': (input) => mcpService.complete(input),
    'mcp.last_seen': async () => mcpService.lastSeenServers(),
    'mcp.test_all': () => mcpService.testAll(),
    'mcp.server_log': async ({ id, limit }) => ({ lines: mcpService.serverLog(id, limit) }),
    'mcp.elicitation_respond': async (input) => {
      elicitation.respond(input);
      return { answered: true as const };
    },
    'mcp.elicitations': async () => elicitation.list(),
    'mcp.app_resource': ({ serverId, uri }) => mcpService.appResource(serverId, uri),
    // The approval policy for apps (appCallVerdict): a destructive tool asks the person in the chat's approval dialog.
    'mcp.app_call_tool': ({ serverId, toolName, args, callId }) => mcpService.appCallTool(serverId, toolName, args, (question) => approvals.decideForApp(question), callId),
    'mcp.app_log': async ({ serverId, level, data }) => {
      mcpService.appLog(serverId, level, data);
      return { logged: true as const };
    },
    'mcp.reveal_secrets': async ({ id }) => {
      const { env, headers, args, url } = (await mcpService.get(id)).config;
      return { ...(env ? { env } : {}), ...(headers ? { headers } : {}), ...(args ? { args } : {}), ...(url !== undefined ? { url } : {}) };
    },
  } satisfies Partial<RouteHandlers>;
  return {
    ...handlers,
    'mcp.bulk': (input) =>
      runBulk(input, {
        update: (id, isActive) => handlers['mcp.update']({ id, updates: { isActive } }),
        remove: (id) => handlers['mcp.remove']({ id }),
        restore: (id) => handlers['mcp.restore']({ id }),
        test: (id) => handlers['mcp.test']({ id }),
      }),
  } satisfies Partial<RouteHandlers>;
}
