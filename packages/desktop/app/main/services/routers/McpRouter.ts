/**
 * McpRouter: the one place a route's input is validated and a handler is run. Every answer is a
 * Result envelope; nothing thrown by a handler crosses the IPC or HTTP boundary.
 */
import type { z } from 'zod';
import { isRouteName, routes, type RouteName, type RouteOutput, type Routes } from '../../../shared/contracts/ipc';
import { AppError, toErrorShape, validationFailure, type Result } from '../../../shared/errors';
import type { McpService } from '../capabilities/tools/mcp-users/McpService';
import type { McpConfigStore } from '../config/McpConfigStore';

/** The seed's add schema; its `type` enum derives from MCP_SERVER_TRANSPORTS via the contract. */
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
