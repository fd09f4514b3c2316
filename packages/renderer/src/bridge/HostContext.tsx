import { createContext, useContext, type ReactNode } from 'react';
import type { HostClient } from './types';

const HostContext = createContext<HostClient | undefined>(undefined);

export function HostProvider({ host, children }: { host: HostClient; children: ReactNode }) {
  return <HostContext.Provider value={host}>{children}</HostContext.Provider>;
}

export function useHost(): HostClient {
  const host = useContext(HostContext);
  // A missing provider is a wiring bug, not a runtime condition to render around.
  if (!host) throw new Error('useHost() needs a <HostProvider>');
  return host;
}
