/**
 * HostClient over the browser-mode host: `POST /api/rpc` for routes, a Server-Sent Events
 * stream on `/api/events` for events. Same origin as the page, so paths stay relative.
 * The stream is read with fetch (not EventSource) because EventSource cannot send the
 * Authorization header, and the token must not travel in a URL.
 */
import { HOST_EVENTS_PATH, HOST_RPC_PATH } from '@shared/contracts/bridge';
import { errorMessage } from '@shared/errors';
import { createConnectionStore, type HostConnectionState } from './connection';
import { internalError, parseEventData, toResult } from './envelope';
import { createEventHub } from './eventHub';
import { SseParser } from './sse';
import type { EnvelopeListener, HostClient } from './types';

export interface HttpHostOptions {
  token: string | undefined;
  fetch?: typeof fetch;
  /** Waits before each reconnect, in order; the last one repeats. Reset once data flows again. */
  retryDelaysMs?: readonly number[];
}

export const DEFAULT_RETRY_DELAYS_MS = [500, 1_000, 2_000, 5_000, 10_000] as const;

export function createHttpHost({ token, fetch: fetchFn = globalThis.fetch.bind(globalThis), retryDelaysMs = DEFAULT_RETRY_DELAYS_MS }: HttpHostOptions): HostClient {
  const auth: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};

  // The event stream is the one long-lived request, so it is what notices the host going away
  // (and coming back); a retry cuts its backoff short.
  let wake = () => {};
  const connection = createConnectionStore(() => wake());
  const hub = createEventHub((emit) => {
    const controller = new AbortController();
    void streamEvents({
      fetchFn,
      headers: { ...auth, Accept: 'text/event-stream' },
      retryDelaysMs,
      signal: controller.signal,
      emit,
      onState: connection.set,
      onWait: (skip) => (wake = skip),
    });
    return () => controller.abort();
  });

  return {
    async request(route, ...[input]) {
      let response: Response;
      try {
        response = await fetchFn(HOST_RPC_PATH, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ route, input }),
        });
      } catch (err) {
        return { ok: false, error: { code: 'HOST_UNREACHABLE', message: `Cannot reach the host for ${route}: ${errorMessage(err)}`, data: { route } } };
      }
      // The host answers errors (401, 404, 400 …) with an envelope too, so the body decides, not
      // the status; only a body that is not JSON (a proxy's error page) falls back to the status.
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return internalError(`The host answered ${route} with HTTP ${response.status} and no JSON body`, {
          route,
          status: response.status,
        });
      }
      return toResult(route, body);
    },
    ...hub,
    connection,
  };
}

interface StreamOptions {
  fetchFn: typeof fetch;
  headers: Record<string, string>;
  retryDelaysMs: readonly number[];
  signal: AbortSignal;
  emit: EnvelopeListener;
  /** What each connection attempt learned about the host. */
  onState?: (state: HostConnectionState) => void;
  /** Handed the function that ends the current wait early (the person asked to retry now). */
  onWait?: (skip: () => void) => void;
}

/**
 * Keeps one event stream open until `signal` aborts, reconnecting with backoff when it ends or
 * fails. A stream that merely ends is not yet a lost host (it may be cut off for lagging), only
 * 'connecting'; an attempt that cannot connect is, so a reconnect that succeeds at once shows no
 * banner (but still refreshes what the page shows: see useRefreshOnReconnect).
 */
export async function streamEvents({ fetchFn, headers, retryDelaysMs, signal, emit, onState = () => {}, onWait = () => {} }: StreamOptions): Promise<void> {
  let attempt = 0;
  while (!signal.aborted) {
    try {
      const response = await fetchFn(HOST_EVENTS_PATH, { headers, signal, cache: 'no-store' });
      if (response.ok && response.body) {
        onState('up');
        await readEvents(response.body, emit, () => {
          attempt = 0;
        });
        // Events sent before the next stream opens are lost to this page.
        if (!signal.aborted) onState('connecting');
      } else {
        // 401: a host answers on our address but not for our token (it was restarted without it).
        if (response.status === 401) onState('rejected');
        await response.body?.cancel();
      }
    } catch {
      // Network failure or abort: the host is unreachable unless we were told to stop.
      if (!signal.aborted) onState('down');
    }
    if (signal.aborted) return;
    const wait = retryDelaysMs[Math.min(attempt, retryDelaysMs.length - 1)] ?? 1_000;
    attempt++;
    await sleep(wait, signal, onWait);
  }
}

/** Reads one SSE body to its end, emitting every valid envelope; `onData` marks the stream as healthy. */
export async function readEvents(body: ReadableStream<Uint8Array>, emit: EnvelopeListener, onData: () => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      onData();
      for (const data of parser.push(decoder.decode(value, { stream: true }))) {
        const envelope = parseEventData(data);
        if (envelope) emit(envelope);
      }
    }
  } finally {
    reader.releaseLock();
  }
}

function sleep(ms: number, signal: AbortSignal, onWait: (skip: () => void) => void): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
    onWait(done);
  });
}
