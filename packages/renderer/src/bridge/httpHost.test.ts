import type { EventEnvelope } from '@shared/contracts/ipc';
import { describe, expect, it, vi } from 'vitest';
import { createHttpHost } from './httpHost';

type FetchArgs = [input: string | URL | Request, init?: RequestInit];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** An SSE response whose body is the given chunks, then closes (as a host restart would). */
function sse(chunks: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
}

/** A stream that stays open until the request's signal aborts. */
function openStream(init: RequestInit | undefined): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      init?.signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body);
}

const header = (init: RequestInit | undefined, name: string) => new Headers(init?.headers).get(name);

describe('http host: request', () => {
  it('POSTs {route, input} as JSON with the bearer token and returns the envelope', async () => {
    const fetch = vi.fn(async (..._args: FetchArgs) => json({ ok: true, data: { success: true } }));
    const host = createHttpHost({ token: 't0k', fetch });
    await expect(host.request('mcp.remove', { id: 'x' })).resolves.toEqual({ ok: true, data: { success: true } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/rpc');
    expect(init?.method).toBe('POST');
    expect(header(init, 'authorization')).toBe('Bearer t0k');
    expect(header(init, 'content-type')).toBe('application/json');
    expect(JSON.parse(String(init?.body))).toEqual({ route: 'mcp.remove', input: { id: 'x' } });

    // Routes without input may omit it; the same answer now breaks mcp.list's output schema,
    // which proves data is checked against the contract rather than trusted.
    await expect(host.request('mcp.list')).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL' } });
    expect(JSON.parse(String(fetch.mock.calls[1]?.[1]?.body))).toEqual({ route: 'mcp.list' });
  });

  it('uses the error envelope of a non-2xx answer', async () => {
    const error = { code: 'UNAUTHORIZED', message: 'bad token' };
    const host = createHttpHost({ token: undefined, fetch: async () => json({ ok: false, error }, 401) });
    await expect(host.request('mcp.list')).resolves.toEqual({ ok: false, error });
  });

  it('turns a network failure into HOST_UNREACHABLE (the person is told to start the host) instead of throwing', async () => {
    const host = createHttpHost({ token: 't', fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    const result = await host.request('mcp.list');
    expect(result).toMatchObject({ ok: false, error: { code: 'HOST_UNREACHABLE', data: { route: 'mcp.list' } } });
    expect(!result.ok && result.error.message).toContain('Failed to fetch');
  });

  it('turns a non-JSON answer (a proxy error page) into INTERNAL with the status', async () => {
    const host = createHttpHost({ token: 't', fetch: async () => new Response('<h1>Bad Gateway</h1>', { status: 502 }) });
    await expect(host.request('mcp.list')).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL', data: { status: 502 } } });
  });
});

describe('http host: events', () => {
  it('reads SSE with the token, dispatches valid envelopes and reconnects when the stream ends', async () => {
    const calls: FetchArgs[] = [];
    const fetch = vi.fn(async (...args: FetchArgs) => {
      calls.push(args);
      if (calls.length === 1) {
        return sse([
          ': connected\n\n',
          'data: {"event":"mcp.servers_changed","pay',
          'load":{"reason":"added","id":"a"}}\n\ndata: {"event":"mcp.unknown","payload":{}}\n\n',
        ]);
      }
      if (calls.length === 2) return new Response('nope', { status: 503 });
      if (calls.length === 3) return sse(['data: {"event":"mcp.tools_changed","payload":{"serverId":"a"}}\n\n']);
      return openStream(args[1]);
    });
    const host = createHttpHost({ token: 'tok', fetch, retryDelaysMs: [1, 2] });
    const seen: EventEnvelope[] = [];
    const changed: unknown[] = [];
    const offAll = host.onAny((e) => seen.push(e));
    const offChanged = host.on('mcp.servers_changed', (p) => changed.push(p));

    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(seen.map((e) => e.event)).toEqual(['mcp.servers_changed', 'mcp.tools_changed']);
    expect(changed).toEqual([{ reason: 'added', id: 'a' }]);
    expect(calls[0]?.[0]).toBe('/api/events');
    expect(header(calls[0]?.[1], 'authorization')).toBe('Bearer tok');
    await vi.waitFor(() => expect(calls).toHaveLength(4));
    // One connection for all listeners.
    expect(fetch).toHaveBeenCalledTimes(4);

    offChanged();
    expect(calls[3]?.[1]?.signal?.aborted).toBe(false);
    offAll();
    expect(calls[3]?.[1]?.signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('backs off between failed connection attempts', async () => {
    vi.useFakeTimers();
    try {
      const fetch = vi.fn(async () => Promise.reject(new TypeError('connection refused')));
      const host = createHttpHost({ token: 't', fetch, retryDelaysMs: [100, 1_000] });
      const off = host.onAny(() => {});
      await vi.advanceTimersByTimeAsync(0);
      expect(fetch).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(100);
      expect(fetch).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(999);
      expect(fetch).toHaveBeenCalledTimes(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetch).toHaveBeenCalledTimes(3);
      // The last delay repeats.
      await vi.advanceTimersByTimeAsync(1_000);
      expect(fetch).toHaveBeenCalledTimes(4);
      off();
      await vi.advanceTimersByTimeAsync(10_000);
      expect(fetch).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('http host: connection state', () => {
  it("is 'connecting' until a stream opens, 'up' while one is open, and back to 'connecting' when it ends", async () => {
    let release = () => {};
    const fetch = vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
      if (fetch.mock.calls.length === 1) {
        // The first stream stays open until the test ends it, as a host restarting would.
        return new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              controller.enqueue(new TextEncoder().encode(': connected\n\n'));
              release = () => controller.close();
            },
          }),
        );
      }
      return openStream(init);
    });
    const host = createHttpHost({ token: 't', fetch, retryDelaysMs: [60_000] });
    const seen: string[] = [];
    host.connection.subscribe(() => seen.push(host.connection.state()));
    expect(host.connection.state()).toBe('connecting');
    const off = host.onAny(() => {});
    await vi.waitFor(() => expect(host.connection.state()).toBe('up'));
    release();
    await vi.waitFor(() => expect(host.connection.state()).toBe('connecting'));
    // The backoff (a minute here) is cut short by a retry.
    host.connection.retry();
    await vi.waitFor(() => expect(host.connection.state()).toBe('up'));
    expect(seen).toEqual(['up', 'connecting', 'up']);
    off();
  });

  it("is 'down' while the host cannot be reached and 'up' once it answers again, without a reload", async () => {
    let reachable = false;
    const fetch = vi.fn(async (_input: string | URL | Request, init?: RequestInit) => {
      if (!reachable) throw new TypeError('Failed to fetch');
      return openStream(init);
    });
    const host = createHttpHost({ token: 't', fetch, retryDelaysMs: [60_000] });
    const off = host.onAny(() => {});
    await vi.waitFor(() => expect(host.connection.state()).toBe('down'));
    expect(fetch).toHaveBeenCalledTimes(1);
    reachable = true;
    host.connection.retry();
    await vi.waitFor(() => expect(host.connection.state()).toBe('up'));
    expect(fetch).toHaveBeenCalledTimes(2);
    off();
  });

  it("is 'rejected' when a host answers but refuses the token (restarted with a new one)", async () => {
    const host = createHttpHost({ token: 'old', fetch: async () => json({ ok: false, error: { code: 'UNAUTHORIZED', message: 'Wrong token' } }, 401), retryDelaysMs: [60_000] });
    const off = host.onAny(() => {});
    await vi.waitFor(() => expect(host.connection.state()).toBe('rejected'));
    off();
  });
});
