import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from './queryClient';
import { useEventInvalidation, useRefreshOnReconnect } from './eventInvalidation';

function EventInvalidation() {
  useEventInvalidation();
  useRefreshOnReconnect();
  return null;
}

/** The route cache and its event subscription; sits inside <HostProvider>. Tests may pass their own client. */
export function DataProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [own] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client ?? own}>
      <EventInvalidation />
      {children}
    </QueryClientProvider>
  );
}
