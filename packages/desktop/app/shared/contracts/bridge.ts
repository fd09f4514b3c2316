/**
 * What the preload exposes as `window.elftia`, and what the browser-mode HTTP bridge imitates.
 * The renderer's typed client wraps either one.
 */
import type { Result } from '../errors';
import type { EventEnvelope } from './ipc';

export interface PreloadApi {
  invoke(route: string, input: unknown): Promise<Result<unknown>>;
  /** Subscribes to every event; returns the unsubscribe function. */
  on(listener: (envelope: EventEnvelope) => void): () => void;
}

export const PRELOAD_GLOBAL = 'elftia';

/**
 * Electron channel names: one invoke channel, one event channel. They live here, in a module
 * with no runtime imports, because the sandboxed preload cannot load packages such as zod.
 */
export const IPC_INVOKE_CHANNEL = 'app:invoke';
export const IPC_EVENT_CHANNEL = 'app:event';

/** Browser-mode HTTP surface (packages/desktop/app/host). */
export const HOST_RPC_PATH = '/api/rpc';
export const HOST_EVENTS_PATH = '/api/events';
/** The per-launch token travels as `Authorization: Bearer <token>`; the page gets it once via `?token=`. */
export const HOST_TOKEN_QUERY = 'token';
