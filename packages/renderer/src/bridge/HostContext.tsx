import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { HostConnectionState } from './connection';
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

/** The host's reachability, re-rendering on every change ('up' always in Electron). */
export function useHostConnection(): HostConnectionState {
  const { connection } = useHost();
  return useSyncExternalStore(connection.subscribe, connection.state);
}
