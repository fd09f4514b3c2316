/**
 * The renderer's one view of the host. Components depend on this interface only, never on which
 * transport (Electron IPC or browser-mode HTTP) is underneath, so tests can hand in a fake.
 */
import type { EventEnvelope, EventName, EventPayload, RouteInput, RouteName, RouteOutput } from '@shared/contracts/ipc';
import type { Result } from '@shared/errors';
import type { HostConnection } from './connection';

/** Routes whose input may be absent (`mcp.list`, `app.notices` …) can be called without one. */
export type RouteArgs<R extends RouteName> = undefined extends RouteInput<R> ? [input?: RouteInput<R>] : [input: RouteInput<R>];

export type EventListenerFor<E extends EventName> = (payload: EventPayload<E>) => void;
export type EnvelopeListener = (envelope: EventEnvelope) => void;

export interface HostClient {
  /**
   * Runs a route. Resolves to the Result envelope; never rejects: transport failures arrive as an
   * `INTERNAL` error envelope so every caller has exactly one error path.
   */
  request<R extends RouteName>(route: R, ...args: RouteArgs<R>): Promise<Result<RouteOutput<R>>>;
  /** Subscribes to one event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: EventListenerFor<E>): () => void;
  /** Subscribes to every event (the live event log); returns the unsubscribe function. */
  onAny(listener: EnvelopeListener): () => void;
  /** Whether the host can be reached (browser mode can lose it); read by the host-gone banner. */
  readonly connection: HostConnection;
}
