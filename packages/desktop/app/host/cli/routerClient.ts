/**
 * The CLI's client of the app: the renderer's shape (`request(route, input)` → Result envelope,
 * `on(event, cb)`), answered in-process by the same AppRouter the window reaches over IPC and
 * the browser over HTTP. So the CLI validates nothing the router validates: all three surfaces
 * share the schemas, the envelopes and the error codes.
 */
import type { EventName, EventPayload, RouteInput, RouteName, RouteOutput } from '../../shared/contracts/ipc';
import { AppError, type Result } from '../../shared/errors';
import type { Services } from '../../main/services/createServices';

export interface RouterClient {
  /** Never rejects: every failure, validation included, is an error envelope. */
  request<R extends RouteName>(route: R, input: RouteInput<R>): Promise<Result<RouteOutput<R>>>;
  /** The data of a successful request; a failure is thrown as the AppError its envelope carries. */
  call<R extends RouteName>(route: R, input: RouteInput<R>): Promise<RouteOutput<R>>;
  /** Subscribes to one contract event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}

export function createRouterClient({ router, onEvent }: Pick<Services, 'router' | 'onEvent'>): RouterClient {
  const request = async <R extends RouteName>(route: R, input: RouteInput<R>) =>
    // The handler's return type is RouteOutput<R> (RouteHandlers); dispatch only erases it.
    (await router.dispatch(route, input)) as Result<RouteOutput<R>>;
  return {
    request,
    async call(route, input) {
      const result = await request(route, input);
      if (!result.ok) throw new AppError(result.error.code, result.error.message, result.error.data);
      return result.data;
    },
    on(event, listener) {
      return onEvent((envelope) => {
        if (envelope.event === event) listener(envelope.payload as EventPayload<typeof event>);
      });
    },
  };
}
