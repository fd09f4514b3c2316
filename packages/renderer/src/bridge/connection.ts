/**
 * Whether the renderer can reach its host. Only browser mode can lose it (the host is a separate
 * process the person may stop); in Electron the host is the app itself, so it is always 'up'.
 */
export type HostConnectionState = 'up' | 'down' | 'rejected';

export interface HostConnection {
  /** 'down': the host does not answer; 'rejected': it answers but refuses this page's token (restarted with a new one). */
  state(): HostConnectionState;
  /** Called after every change of state; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Tries to reach the host now instead of waiting for the next scheduled attempt. */
  retry(): void;
}

export interface ConnectionStore extends HostConnection {
  set(next: HostConnectionState): void;
}

export function createConnectionStore(onRetry: () => void = () => {}): ConnectionStore {
  let current: HostConnectionState = 'up';
  const listeners = new Set<() => void>();
  return {
    state: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    retry: onRetry,
    set(next) {
      if (next === current) return;
      current = next;
      for (const listener of [...listeners]) listener();
    },
  };
}

/** The Electron bridge's connection: the host is this app, it cannot go away while the window lives. */
export const ALWAYS_UP: HostConnection = { state: () => 'up', subscribe: () => () => {}, retry: () => {} };
