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

/** Browser-mode HTTP surface (packages/desktop/app/host). */
export const HOST_RPC_PATH = '/api/rpc';
export const HOST_EVENTS_PATH = '/api/events';
/** The per-launch token travels as `Authorization: Bearer <token>`; the page gets it once via `?token=`. */
export const HOST_TOKEN_QUERY = 'token';
