import { QueryClient, type QueryFilters } from '@tanstack/react-query';
import type { AppErrorShape } from '@shared/errors';

declare module '@tanstack/react-query' {
  interface Register {
    /** Route queries and mutations fail with the host's error envelope, never a bare Error. */
    defaultError: AppErrorShape;
  }
}

/**
 * One cache per app (and per test). Data stays fresh until an event says otherwise
 * (see eventInvalidation.ts), so nothing polls and a window focus refetches nothing. The host's
 * errors are answers, not network blips: retrying a VALIDATION_FAILED would only repeat it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false },
      mutations: { retry: false },
    },
  });
}

/**
 * Marks the matching answers stale and asks again, after whatever the host did before now.
 * TanStack Query's invalidate alone does not restart a *first* fetch still in flight (with no data
 * to keep it joins that fetch), and the host may have answered it before the change this event
 * reports: a server added while the page loaded then stayed missing until something else
 * refetched. Such fetches are cancelled first (back to "pending"), so the refetch starts now.
 */
export async function refreshQueries(client: QueryClient, filters: QueryFilters = {}): Promise<void> {
  await client.cancelQueries({ ...filters, fetchStatus: 'fetching', predicate: (query) => query.state.data === undefined });
  await client.invalidateQueries(filters);
}
