/**
 * A HostClient for component tests: an in-memory server list, scripted failures and a way to
 * push events, with the same envelope semantics as the real bridges.
 */
import type { AppNotice, EventEnvelope, RouteName, RouteOutput } from '@shared/contracts/ipc';
import type { McpServerRecord, McpServerStatus } from '@shared/contracts/mcp-types';
import type { AppErrorShape, Result } from '@shared/errors';
import { createEventHub } from '../bridge/eventHub';
import type { EnvelopeListener, HostClient, RouteArgs } from '../bridge/types';

export class FakeHost implements HostClient {
  servers: McpServerRecord[] = [];
  statuses: McpServerStatus[] = [];
  notices: AppNotice[] = [];
  /** What `mcp.reveal_secrets` answers, by server id (`servers` holds the masked records, as `mcp.list` does). */
  readonly secrets = new Map<string, RouteOutput<'mcp.reveal_secrets'>>();
  /** Errors to answer the next calls of a route with, in order. */
  readonly failures = new Map<RouteName, AppErrorShape[]>();
  readonly calls: RouteName[] = [];
  private emitToHub: EnvelopeListener = () => {};
  private readonly hub = createEventHub((emit) => {
    this.emitToHub = emit;
    return () => {
      this.emitToHub = () => {};
    };
  });

  readonly on = this.hub.on;
  readonly onAny = this.hub.onAny;

  async request<R extends RouteName>(route: R, ...args: RouteArgs<R>): Promise<Result<RouteOutput<R>>> {
    this.calls.push(route);
    const failure = this.failures.get(route)?.shift();
    if (failure) return { ok: false, error: failure };
    switch (route) {
      case 'mcp.list':
        return { ok: true, data: structuredClone(this.servers) as RouteOutput<R> };
      case 'mcp.status':
        return { ok: true, data: structuredClone(this.statuses) as RouteOutput<R> };
      case 'app.notices':
        return { ok: true, data: structuredClone(this.notices) as RouteOutput<R> };
      case 'mcp.reveal_secrets': {
        const id = (args[0] as { id: string }).id;
        const secrets = this.secrets.get(id);
        if (!secrets) return { ok: false, error: { code: 'NOT_FOUND', message: `No MCP server with id ${id}`, data: { id } } };
        return { ok: true, data: structuredClone(secrets) as RouteOutput<R> };
      }
      default:
        return { ok: false, error: { code: 'ROUTE_NOT_FOUND', message: `FakeHost has no ${route}`, data: { route } } };
    }
  }

  emit(envelope: EventEnvelope): void {
    this.emitToHub(envelope);
  }

  callCount(route: RouteName): number {
    return this.calls.filter((r) => r === route).length;
  }
}

export function server(overrides: Partial<McpServerRecord> & Pick<McpServerRecord, 'name' | 'type' | 'config'>): McpServerRecord {
  return {
    id: `id-${overrides.name}`,
    scope: 'user',
    isActive: true,
    isTrusted: false,
    disabledTools: [],
    disabledAutoApproveTools: [],
    installSource: 'manual',
    createdAt: 1_700_000_000_000,
    ...overrides,
  };
}
