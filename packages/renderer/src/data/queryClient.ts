import { QueryClient } from '@tanstack/react-query';
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
