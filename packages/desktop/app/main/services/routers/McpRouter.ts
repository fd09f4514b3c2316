/**
 * McpRouter: the one place a route's input is validated and a handler is run. Every answer is a
 * Result envelope; nothing thrown by a handler crosses the IPC or HTTP boundary.
 */
import path from 'node:path';
import type { z } from 'zod';
import { isRouteName, routes, type AppNotice, type RouteName, type RouteOutput, type Routes } from '../../../shared/contracts/ipc';
import { AppError, toErrorShape, validationFailure, type Result } from '../../../shared/errors';
import { explainUnknownKeys } from '../../../shared/unknownKeys';
import type { McpActionResult, McpServerRecord } from '../../../shared/contracts/mcp-types';
import type { McpService } from '../capabilities/tools/mcp-users/McpService';
import { maskServerRecord, restoreMaskedSecrets } from '../capabilities/tools/mcp-users/common/redaction';
import type { DependencyCheckService } from '../capabilities/tools/mcp-users/DependencyCheckService';
import type { McpConfigStore } from '../config/McpConfigStore';
import { createDepsRouteHandlers } from './depsRoutes';
import { createPresetRouteHandlers } from './presetRoutes';
import type { PresetInstaller } from '../capabilities/tools/mcp-users/presets/PresetInstaller';
import { applyProviderKey, linkedServers } from '../capabilities/tools/mcp-users/presets/providerKeyLinks';
import { createLinkRouteHandlers, refuseUnreviewedActivation, requireReviewBeforeConnect } from './linkRoutes';
import { createImportRouteHandlers } from './importRoutes';
import { createChatRouteHandlers } from './chatRoutes';
import { createApprovalRouteHandlers } from './approvalRoutes';
import type { ApprovalBroker } from '../chat/ApprovalBroker';
import type { ProviderStore } from '../providers/ProviderStore';
import type { ChatParts } from '../chat/createChat';

/** The add schema; its `type` enum and config check derive from the transport table via the contract. */
export const mcpAddSchema = routes['mcp.add'].input;

export type RouteHandlers = {
  [R in RouteName]: (input: z.output<Routes[R]['input']>) => Promise<RouteOutput<R>>;
};

export interface McpRouterDeps {
  mcpService: McpService;
  configStore: McpConfigStore;
  deps: DependencyCheckService;
  providers: ProviderStore;
  presets: PresetInstaller;
  /** Told the ids an install link added (the contract's mcp.link_installed). */
  onLinkInstalled: (ids: string[]) => void;
  /** The chat loop and model clients (createChat). */
  chat: Pick<ChatParts, 'service' | 'models'>;
  /** What the entry point raised before the services existed (createServices' ServicePorts). */
  startupNotices?: readonly AppNotice[];
  /** The chat's tool-call approvals (the chat loop's ToolApprover). */
  approvals: ApprovalBroker;
}

/** Server records leave through the router with their secrets masked (redaction.ts); only mcp.reveal_secrets shows them. */
const maskResult = (result: McpActionResult): McpActionResult => (result.server ? { ...result, server: maskServerRecord(result.server) } : result);

export function createRouteHandlers({ mcpService, configStore, deps, providers, presets, onLinkInstalled, chat, approvals, startupNotices = [] }: McpRouterDeps): RouteHandlers {
  return requireReviewBeforeConnect(mcpService, {
    'app.notices': async () => [...startupNotices, ...configStore.notices, ...mcpService.notices],
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
      // A failed connect is reported as the state, which is what the caller asked about.
      await mcpService.reconnect(id).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'NOT_FOUND') throw err;
      });
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
    'mcp.call_tool': ({ serverId, toolName, args, callId, timeoutMs }) => mcpService.callTool(serverId, toolName, args, callId, { timeoutMs }),
    'mcp.cancel_call': async ({ callId }) => ({ cancelled: mcpService.cancelCall(callId) }),
    'mcp.test': (input) => mcpService.test(input),
    'mcp.discover': ({ id }) => mcpService.discover(id),
    'mcp.last_seen': async () => mcpService.lastSeenServers(),
    'mcp.test_all': () => mcpService.testAll(),
    'mcp.server_log': async ({ id, limit }) => ({ lines: mcpService.serverLog(id, limit) }),
    'mcp.elicitation_respond': async (input) => {
      mcpService.respondToElicitation(input);
      return { answered: true };
    },
    'mcp.elicitations': async () => mcpService.pendingElicitations(),
    'mcp.reveal_secrets': async ({ id }) => {
      const { env, headers, args, url } = (await mcpService.get(id)).config;
      return { ...(env ? { env } : {}), ...(headers ? { headers } : {}), ...(args ? { args } : {}), ...(url !== undefined ? { url } : {}) };
    },
    ...createLinkRouteHandlers(mcpService, { onLinkInstalled }),
    // The records file's folder holds the app's other state too.
    ...createImportRouteHandlers(mcpService, { configDir: path.dirname(configStore.path) }),
    ...createDepsRouteHandlers(deps),
    'providers.list': async () => providers.list(),
    'providers.set': async (input) => providers.set(input),
    'providers.remove': async ({ id }) => providers.remove(id),
    'providers.reveal_key': async ({ id }) => ({ id, apiKey: providers.revealKey(id) }),
    'providers.linked_servers': async ({ id }) => (await linkedServers(mcpService, id)).map((s) => ({ id: s.id, name: s.name })),
    'providers.apply_key': ({ id, serverIds }) => applyProviderKey({ mcpService, providers, presets: presets.presets }, id, serverIds),
    ...createPresetRouteHandlers(presets),
    ...createChatRouteHandlers(chat),
    ...createApprovalRouteHandlers(mcpService, approvals),
  });
}

export class McpRouter {
  constructor(private readonly handlers: RouteHandlers) {}

  async dispatch(route: string, input: unknown): Promise<Result<unknown>> {
    try {
      if (!isRouteName(route)) {
        throw new AppError('ROUTE_NOT_FOUND', `Unknown route ${route}`, { route });
      }
      // Strict inputs refuse a key they do not know; the error map names it and the key probably meant.
      const parsed = routes[route].input.safeParse(input, { error: explainUnknownKeys });
      if (!parsed.success) throw validationFailure(parsed.error.issues, route);
      const handler = this.handlers[route] as (input: unknown) => Promise<unknown>;
      return { ok: true, data: await handler(parsed.data) };
    } catch (err) {
      const error = toErrorShape(err);
      // A handler's own VALIDATION_FAILED (an import's server count…) names the route as the schema's does.
      if (error.code === 'VALIDATION_FAILED' && error.data?.route === undefined) return { ok: false, error: { ...error, data: { ...error.data, route } } };
      return { ok: false, error };
    }
  }
}
