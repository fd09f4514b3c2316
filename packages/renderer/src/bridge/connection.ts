import { Emitter } from '@shared/lifecycle/Emitter';

/**
 * Whether the renderer can reach its host. Only browser mode can lose it (the host is a separate
 * process the person may stop); in Electron the host is the app itself, so it is always 'up'.
 */
export type HostConnectionState = 'connecting' | 'up' | 'down' | 'rejected';

/** Whether the host answers at all ('connecting' is the short gap before an event stream opens, not a loss). */
export const hostReachable = (state: HostConnectionState): boolean => state === 'up' || state === 'connecting';

export interface HostConnection {
  /**
   * 'up' while the event stream is open; 'connecting' before it (re)opens, when events may have
   * been missed; 'down': the host does not answer; 'rejected': it answers but refuses this page's
   * token (it was restarted with a new one).
   */
  state(): HostConnectionState;
  /** Called after every change of state; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Tries to reach the host now instead of waiting for the next scheduled attempt. */
  retry(): void;
}

export interface ConnectionStore extends HostConnection {
  set(next: HostConnectionState): void;
}

export function createConnectionStore(onRetry: () => void = () => {}, initial: HostConnectionState = 'connecting'): ConnectionStore {
  let current: HostConnectionState = initial;
  const changes = new Emitter<{ change: void }>();
  return {
    state: () => current,
    subscribe: (listener) => changes.on('change', listener),
    retry: onRetry,
    set(next) {
      if (next === current) return;
      current = next;
      changes.emit('change', undefined);
    },
  };
}

/** The Electron bridge's connection: the host is this app, it cannot go away while the window lives. */
export const ALWAYS_UP: HostConnection = { state: () => 'up', subscribe: () => () => {}, retry: () => {} };
