/**
 * McpRouter: the one place a route's input is validated and a handler is run. Every answer is a
 * Result envelope; nothing thrown by a handler crosses the IPC or HTTP boundary.
 */
import type { z } from 'zod';
import { isRouteName, routes, type RouteName, type RouteOutput, type Routes } from '../../../shared/contracts/ipc';
import { AppError, toErrorShape, validationFailure, type Result } from '../../../shared/errors';
import type { McpService } from '../capabilities/tools/mcp-users/McpService';
import type { McpConfigStore } from '../config/McpConfigStore';

/** The add schema; its `type` enum derives from MCP_SERVER_TRANSPORTS via the contract. */
export const mcpAddSchema = routes['mcp.add'].input;

export type RouteHandlers = {
  [R in RouteName]: (input: z.output<Routes[R]['input']>) => Promise<RouteOutput<R>>;
};

export interface McpRouterDeps {
  mcpService: McpService;
  configStore: McpConfigStore;
}

export function createRouteHandlers({ mcpService, configStore }: McpRouterDeps): RouteHandlers {
  return {
    'app.notices': async () => [...configStore.notices],
    'mcp.list': () => mcpService.list(),
    'mcp.add': (input) => mcpService.add(input),
    'mcp.update': (input) => mcpService.update(input),
    'mcp.remove': ({ id }) => mcpService.remove(id),
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
    'mcp.list_tools': ({ id }) => mcpService.listServerTools(id),
    'mcp.list_all_tools': () => mcpService.listAllActiveServerTools(),
    'mcp.call_tool': ({ serverId, toolName, args, callId }) => mcpService.callTool(serverId, toolName, args, callId),
    'mcp.cancel_call': async ({ callId }) => ({ cancelled: mcpService.cancelCall(callId) }),
    'mcp.test': (input) => mcpService.test(input),
    'mcp.discover': ({ id }) => mcpService.discover(id),
    'mcp.server_log': async ({ id, limit }) => ({ lines: mcpService.serverLog(id, limit) }),
  };
}

export class McpRouter {
  constructor(private readonly handlers: RouteHandlers) {}

  async dispatch(route: string, input: unknown): Promise<Result<unknown>> {
    try {
      if (!isRouteName(route)) {
        throw new AppError('ROUTE_NOT_FOUND', `Unknown route ${route}`, { route });
      }
      const parsed = routes[route].input.safeParse(input);
      if (!parsed.success) throw validationFailure(parsed.error.issues, route);
      const handler = this.handlers[route] as (input: unknown) => Promise<unknown>;
      return { ok: true, data: await handler(parsed.data) };
    } catch (err) {
      return { ok: false, error: toErrorShape(err) };
    }
  }
}
