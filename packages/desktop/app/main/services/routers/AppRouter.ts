/**
 * AppRouter: the whole app's one dispatcher. Every route of the contract (mcp.*, deps.*,
 * providers.*, presets.*, chat.*, app.*) is validated here with its input schema and answered
 * with a Result envelope; nothing thrown by a handler crosses the IPC or HTTP boundary. The
 * handlers live by domain: McpRouter.ts (mcp.*), linkRoutes, importRoutes, depsRoutes,
 * providerRoutes, presetRoutes, chatRoutes, approvalRoutes.
 */
import path from 'node:path';
import type { z } from 'zod';
import { isRouteName, routes, type AppNotice, type RouteName, type RouteOutput, type Routes } from '../../../shared/contracts/ipc';
import { AppError, toErrorShape, validationFailure, type Result } from '../../../shared/errors';
import { explainUnknownKeys } from '../../../shared/unknownKeys';
import type { McpService } from '../capabilities/tools/mcp-users/McpService';
import type { ElicitationBroker } from '../capabilities/tools/mcp-users/ElicitationBroker';
import type { SamplingBroker } from '../capabilities/tools/mcp-users/SamplingBroker';
import type { DependencyCheckService } from '../capabilities/tools/mcp-users/DependencyCheckService';
import type { PresetInstaller } from '../capabilities/tools/mcp-users/presets/PresetInstaller';
import type { McpConfigStore } from '../config/McpConfigStore';
import type { NoticeBoard } from '../NoticeBoard';
import type { ApprovalBroker } from '../chat/ApprovalBroker';
import type { ChatParts } from '../chat/createChat';
import type { ProviderStore } from '../providers/ProviderStore';
import { createMcpRouteHandlers } from './McpRouter';
import { createLinkRouteHandlers } from './linkRoutes';
import { createImportRouteHandlers } from './importRoutes';
import { createDepsRouteHandlers } from './depsRoutes';
import { createProviderRouteHandlers } from './providerRoutes';
import { createPresetRouteHandlers } from './presetRoutes';
import { createChatRouteHandlers } from './chatRoutes';
import { createApprovalRouteHandlers } from './approvalRoutes';
import { createAgentRouteHandlers } from '../agents/agentRoutes';
import type { AgentStore } from '../agents/AgentStore';
import type { AgentSessions } from '../agents/AgentSessions';
import { createRegistryRouteHandlers } from '../registry/registryRoutes';
import type { RegistryService } from '../registry/RegistryService';

export type RouteHandlers = {
  [R in RouteName]: (input: z.output<Routes[R]['input']>) => Promise<RouteOutput<R>>;
};

export interface AppRouterDeps {
  mcpService: McpService;
  /** A server's questions to the person (mcp.elicitation_respond, mcp.elicitations). */
  elicitation: ElicitationBroker;
  /** A server's sampling requests, reviewed by the person (mcp.sampling_*). */
  sampling: SamplingBroker;
  /** What the MCP part raised while running (`app.notices`, after the store's). */
  notices: NoticeBoard;
  configStore: McpConfigStore;
  deps: DependencyCheckService;
  providers: ProviderStore;
  presets: PresetInstaller;
  /** Told the ids an install link added (the contract's mcp.link_installed). */
  onLinkInstalled: (ids: string[]) => void;
  /** The chat loop and model clients (createChat). */
  chat: Pick<ChatParts, 'service' | 'models'>;
  /** What the entry point raised before the services existed (createServices' ServicePorts). */
  startupNotices?: readonly AppNotice[] | undefined;
  /** The chat's tool-call approvals (the chat loop's ToolApprover). */
  approvals: ApprovalBroker;
  /** Agent presets and the chats' sessions (agents.*). */
  agents: AgentStore;
  agentSessions: AgentSessions;
  /** MCP registries (registry.*). */
  registry: RegistryService;
}

/** Every route's handler, each domain's from its own module; a route the contract adds and nobody handles does not compile. */
export function createRouteHandlers(d: AppRouterDeps): RouteHandlers {
  const { mcpService, configStore, startupNotices = [] } = d;
  return {
    'app.notices': async () => [...startupNotices, ...configStore.notices, ...d.notices.notices],
    ...createMcpRouteHandlers(d),
    ...createLinkRouteHandlers(mcpService, { onLinkInstalled: d.onLinkInstalled }),
    // The records file's folder holds the app's other state too.
    ...createImportRouteHandlers(mcpService, { configDir: path.dirname(configStore.path) }),
    ...createDepsRouteHandlers(d.deps),
    ...createProviderRouteHandlers({ mcpService, providers: d.providers, presets: d.presets }),
    ...createPresetRouteHandlers(d.presets),
    ...createChatRouteHandlers(d.chat),
    ...createApprovalRouteHandlers(d.sampling, d.approvals),
    ...createAgentRouteHandlers(d.agents, d.agentSessions, (input) => mcpService.test(input)),
    ...createRegistryRouteHandlers(d.registry),
  };
}

export class AppRouter {
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
