/**
 * Every screen reads routes through these two hooks: keyed, cached queries (`[route, input]`)
 * that events invalidate, and mutations with their pending/error state. The cache decides which
 * answer is current, so no screen hand-rolls "only the newest request may write" again.
 */
import { useMutation, useQuery, useQueryClient, type QueryKey, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import type { RouteInput, RouteName, RouteOutput } from '@shared/contracts/ipc';
import type { AppErrorShape, Result } from '@shared/errors';
import { useHost } from '@renderer/bridge/HostContext';
import type { HostClient, RouteArgs } from '@renderer/bridge/types';
import { refreshQueries } from './queryClient';

/** The cache key of a route's answer. Invalidating `[route]` covers every input of that route. */
export const routeKey = <R extends RouteName>(route: R, input?: RouteInput<R>): QueryKey =>
  input === undefined ? [route] : [route, input];

/** A route's data, or its error envelope thrown, which is how the query cache records a failure. */
export async function requestOrThrow<R extends RouteName>(host: HostClient, route: R, ...args: RouteArgs<R>): Promise<RouteOutput<R>> {
  const result: Result<RouteOutput<R>> = await host.request(route, ...args);
  if (!result.ok) throw result.error;
  return result.data;
}

type QueryExtras<R extends RouteName> = Omit<UseQueryOptions<RouteOutput<R>, AppErrorShape>, 'queryKey' | 'queryFn'>;

/** Reads a route; `input` undefined for routes that take none. `options.enabled` defers it. */
export function useRoute<R extends RouteName>(route: R, input?: RouteInput<R>, options?: QueryExtras<R>) {
  const host = useHost();
  return useQuery<RouteOutput<R>, AppErrorShape>({
    queryKey: routeKey(route, input),
    queryFn: () => requestOrThrow(host, route, ...([input] as RouteArgs<R>)),
    ...options,
  });
}

type MutationExtras<R extends RouteName> = Omit<UseMutationOptions<RouteOutput<R>, AppErrorShape, RouteInput<R>>, 'mutationFn'> & {
  /** Route answers this change makes stale, refetched when it succeeds (events cover other windows). */
  invalidates?: readonly RouteName[];
};

/** Runs a route that changes something; `mutate(input)`, with `isPending` and `error` for the UI. */
export function useRouteMutation<R extends RouteName>(route: R, options: MutationExtras<R> = {}) {
  const host = useHost();
  const client = useQueryClient();
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation<RouteOutput<R>, AppErrorShape, RouteInput<R>>({
    mutationFn: (input) => requestOrThrow(host, route, ...([input] as RouteArgs<R>)),
    onSuccess: async (...args) => {
      await Promise.all(invalidates.map((stale) => refreshQueries(client, { queryKey: [stale] })));
      await onSuccess?.(...args);
    },
    ...rest,
  });
}
