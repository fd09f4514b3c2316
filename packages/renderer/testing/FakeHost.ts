/**
 * A HostClient for component tests: an in-memory server list, scripted failures and a way to
 * push events, with the same envelope semantics as the real bridges.
 */
import type { AppNotice, EventEnvelope, RouteInput, RouteName, RouteOutput } from '@shared/contracts/ipc';
import { McpServerRecordSchema, type McpLastSeen, type McpServerRecord, type McpServerStatus, type McpServerUpdateInput } from '@shared/contracts/mcp-types';
import type { AppErrorShape, Result } from '@shared/errors';
import { createConnectionStore, type HostConnectionState } from '../src/bridge/connection';
import { createEventHub } from '../src/bridge/eventHub';
import type { EnvelopeListener, HostClient, RouteArgs } from '../src/bridge/types';

export class FakeHost implements HostClient {
  servers: McpServerRecord[] = [];
  statuses: McpServerStatus[] = [];
  /** What `mcp.last_seen` answers: what was last seen of each server in an earlier run. */
  lastSeen: McpLastSeen[] = [];
  notices: AppNotice[] = [];
  /** What `mcp.reveal_secrets` answers, by server id (`servers` holds the masked records, as `mcp.list` does). */
  readonly secrets = new Map<string, RouteOutput<'mcp.reveal_secrets'>>();
  /** Errors to answer the next calls of a route with, in order. */
  readonly failures = new Map<RouteName, AppErrorShape[]>();
  readonly calls: RouteName[] = [];
  /** The input of every call, in order, for asserting what a screen sent. */
  readonly inputs: { route: RouteName; input: unknown }[] = [];
  private readonly handlers = new Map<RouteName, (input: never) => unknown>();
  private emitToHub: EnvelopeListener = () => {};
  private readonly hub = createEventHub((emit) => {
    this.emitToHub = emit;
    return () => {
      this.emitToHub = () => {};
    };
  });

  readonly on = this.hub.on;
  readonly onAny = this.hub.onAny;
  /** How many times the page asked to retry reaching the host. */
  retries = 0;
  private readonly connectionStore = createConnectionStore(() => this.retries++, 'up');
  readonly connection = this.connectionStore;

  async request<R extends RouteName>(route: R, ...args: RouteArgs<R>): Promise<Result<RouteOutput<R>>> {
    this.calls.push(route);
    this.inputs.push({ route, input: args[0] });
    const failure = this.failures.get(route)?.shift();
    if (failure) return { ok: false, error: failure };
    const handler = this.handlers.get(route);
    if (handler) {
      try {
        return { ok: true, data: structuredClone(await handler(args[0] as never)) as RouteOutput<R> };
      } catch (error) {
        return { ok: false, error: error as AppErrorShape };
      }
    }
    switch (route) {
      case 'mcp.list':
        return { ok: true, data: structuredClone(this.servers) as RouteOutput<R> };
      case 'mcp.status':
        return { ok: true, data: structuredClone(this.statuses) as RouteOutput<R> };
      case 'mcp.last_seen':
        return { ok: true, data: structuredClone(this.lastSeen) as RouteOutput<R> };
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

  /**
   * Answers a route with `answer(input)`; throwing an error shape (`{ code, message }`) answers
   * with that error envelope. Overrides the built-in list, status and notices answers.
   */
  handle<R extends RouteName>(route: R, answer: (input: RouteInput<R>) => RouteOutput<R> | Promise<RouteOutput<R>>): this {
    this.handlers.set(route, answer);
    return this;
  }

  /** The inputs a route was called with, oldest first. */
  inputsOf<R extends RouteName>(route: R): RouteInput<R>[] {
    return this.inputs.filter((call) => call.route === route).map((call) => call.input as RouteInput<R>);
  }

  emit(envelope: EventEnvelope): void {
    this.emitToHub(envelope);
  }

  /** Simulates the browser-mode host going away ('down'), refusing the token ('rejected') or coming back ('up'). */
  setConnection(state: HostConnectionState): void {
    this.connectionStore.set(state);
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

/** `record` with an mcp.update's changes, parsed as the host parses the merged record before it stores it. */
export function updated(record: McpServerRecord, updates: McpServerUpdateInput['updates']): McpServerRecord {
  return McpServerRecordSchema.parse({ ...record, ...updates });
}
