import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../shared/limits';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { startHost, type RunningHost } from './HostServer';
import { openRawStream, waitFor } from '@desktop-testing/hostProcessTestkit';

/** Raw node:http, because fetch refuses to let a caller set Host or Origin freely. */
function request(
  host: RunningHost,
  { method = 'POST', pathname = '/api/rpc', headers = {}, body }: { method?: string; pathname?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: host.port, method, path: pathname, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('browser-mode host', () => {
  let services: TempServices;
  let host: RunningHost;
  let staticDir: string;
  const listBody = JSON.stringify({ route: 'mcp.list', input: {} });

  beforeAll(async () => {
    services = createTempServices();
    staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-static-'));
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Elftia</title>');
    host = await startHost({ services, staticDir });
  });
  afterAll(async () => {
    await host.close();
    await services.cleanup();
    fs.rmSync(staticDir, { recursive: true, force: true });
  });

  const good = () => ({ Host: `127.0.0.1:${host.port}`, Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json' });

  it('binds to loopback and puts a fresh token in the URL', async () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(32);
    const other = await startHost({ services });
    expect(other.token).not.toBe(host.token);
    await other.close();
  });

  it('rejects a request without a token with 401', async () => {
    const { Authorization: _, ...noToken } = good();
    const res = await request(host, { headers: noToken, body: listBody });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'UNAUTHORIZED' } });
  });

  it('rejects a wrong token with 401', async () => {
    const res = await request(host, { headers: { ...good(), Authorization: `Bearer ${host.token.slice(1)}x` }, body: listBody });
    expect(res.status).toBe(401);
  });

  it('rejects a foreign Origin with 403 even with the right token', async () => {
    const res = await request(host, { headers: { ...good(), Origin: 'https://evil.example' }, body: listBody });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });

  it('rejects a non-loopback Host (DNS rebinding) with 403, for pages too', async () => {
    expect((await request(host, { headers: { ...good(), Host: 'evil.example' }, body: listBody })).status).toBe(403);
    expect((await request(host, { method: 'GET', pathname: '/', headers: { Host: `evil.example:${host.port}` } })).status).toBe(403);
  });

  it('answers the right token and origin with 200 and an envelope', async () => {
    await services.router.dispatch('mcp.add', { name: 'files', type: 'stdio', config: { command: 'node' }, isActive: false });
    const res = await request(host, { headers: { ...good(), Origin: `http://127.0.0.1:${host.port}` }, body: listBody });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ ok: true, data: [{ name: 'files' }] });
  });

  it('accepts localhost as well as 127.0.0.1 for Host and Origin', async () => {
    const res = await request(host, {
      headers: { ...good(), Host: `localhost:${host.port}`, Origin: `http://localhost:${host.port}` },
      body: listBody,
    });
    expect(res.status).toBe(200);
  });

  it('answers a body that is not JSON with 400 VALIDATION_FAILED', async () => {
    const res = await request(host, { headers: good(), body: '{route:' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  });

  it('reads any input within the limits table, and refuses a body over its own limit unread (issue 26, item 8)', async () => {
    const rpc = async (route: string, input: unknown) => {
      const res = await request(host, { headers: good(), body: JSON.stringify({ route, input }) });
      return { status: res.status, answer: JSON.parse(res.body) as { ok: boolean; error?: { code: string; message: string; data?: { issues?: unknown[] } } } };
    };
    const before = fs.readFileSync(services.configPath);
    // The largest import text, in 3-byte characters: its 3 MB body is read, and the router judges the text.
    const largest = await rpc('mcp.import_preview', { json: '名'.repeat(LIMITS.importText.max) });
    expect(largest.status).toBe(200);
    expect(largest.answer.error?.code).toBe('IMPORT_INVALID_JSON');
    const over = await rpc('mcp.import_preview', { json: '名'.repeat(LIMITS.importText.max + 1) });
    expect(over.answer.error?.data?.issues).toEqual([expect.objectContaining({ path: 'json', message: 'at most 1,000,000 characters (got 1,000,001)' })]);
    // A 3.9 MB name reaches the router, which names the field and the limit; a 5 MB one is not read at all.
    const named = await rpc('mcp.add', { name: 'n'.repeat(3_900_000), type: 'stdio', config: { command: 'node' }, isActive: false });
    expect(named.answer.error?.data?.issues).toEqual([expect.objectContaining({ path: 'name', message: 'at most 200 characters (got 3,900,000)' })]);
    const huge = await rpc('mcp.add', { name: 'n'.repeat(5 * 1024 * 1024), type: 'stdio', config: { command: 'node' }, isActive: false });
    expect(huge).toMatchObject({ status: 400, answer: { ok: false, error: { code: 'VALIDATION_FAILED', message: 'The request body is over 4,194,304 bytes' } } });
    expect(fs.readFileSync(services.configPath).equals(before)).toBe(true);
  });

  it('refuses a key a route does not know, naming the one probably meant (issue 26, item 14)', async () => {
    const input = { serverId: 'mcp_0_missing', toolName: 'echo', arguments: { text: 'hi' } };
    const res = await request(host, { headers: good(), body: JSON.stringify({ route: 'mcp.call_tool', input }) });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Invalid input for mcp.call_tool: Unknown key "arguments" (did you mean "args"?)',
        data: { route: 'mcp.call_tool', issues: [{ path: '', message: 'Unknown key "arguments" (did you mean "args"?)' }] },
      },
    });
  });

  it('serves the page with a CSP and never a file outside the renderer folder', async () => {
    const page = await request(host, { method: 'GET', pathname: '/', headers: { Host: `127.0.0.1:${host.port}` } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const escape = await request(host, { method: 'GET', pathname: '/..%2f..%2f..%2fetc%2fpasswd', headers: { Host: `127.0.0.1:${host.port}` } });
    expect(escape.body).not.toContain('root:');
  });

  it('serves MCP Apps a sandbox on another hostname and port, framed by the UI alone, without the API (issue 32)', async () => {
    const sandboxPort = Number(new URL(host.sandbox.origin).port);
    expect(host.sandbox.origin).toBe(`http://localhost:${sandboxPort}`);
    expect(sandboxPort).not.toBe(host.port);
    // The UI page may frame the sandbox origin and nothing else, in its header and its <meta>.
    const page = await request(host, { method: 'GET', pathname: '/', headers: { Host: `127.0.0.1:${host.port}` } });
    expect(page.headers['content-security-policy']).toContain(`frame-src ${host.sandbox.origin}`);
    expect(page.body).toContain(`frame-src ${host.sandbox.origin}`);
    expect(page.body).toContain(`<meta name="elftia-app-sandbox" content="${host.sandbox.pageUrl}">`);
    const sandbox = (pathname: string, hostHeader = `localhost:${sandboxPort}`, extra: Record<string, string> = {}) =>
      request({ ...host, port: sandboxPort }, { method: 'GET', pathname, headers: { Host: hostHeader, ...extra } });
    const embedder = encodeURIComponent(`http://127.0.0.1:${host.port}`);
    const csp = encodeURIComponent(JSON.stringify({ connectDomains: ['https://api.example.com', "'unsafe-eval'"] }));
    const ok = await sandbox(`/app-sandbox?embedder=${embedder}&csp=${csp}`);
    expect(ok.status).toBe(200);
    expect(ok.body).toContain('sandbox-proxy-ready');
    expect(ok.body).not.toContain(host.token);
    const policy = ok.headers['content-security-policy'] as string;
    expect(policy).toContain('connect-src https://api.example.com;');
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain(`frame-ancestors http://127.0.0.1:${host.port}`);
    expect(ok.headers['permissions-policy']).toContain('camera=()');
    expect(ok.body).not.toContain("setAttribute('allow'");
    expect((await sandbox(`/app-sandbox?embedder=${embedder}`)).headers['content-security-policy']).toContain("connect-src 'none'");
    // Granted permissions (the renderer names those declared and allowed): those alone are on, in the header and the app frame's `allow`; a name it never writes is no grant.
    const granted = await sandbox(`/app-sandbox?embedder=${embedder}&allow=camera,clipboardWrite,usb,Microphone`);
    expect(granted.headers['permissions-policy']).toBe('camera=*, microphone=(), geolocation=(), clipboard-write=*, clipboard-read=(), display-capture=(), usb=(), serial=(), hid=(), bluetooth=(), payment=()');
    expect(granted.body).toContain(`app.setAttribute('allow', "camera *; clipboard-write *")`);
    // Only for a UI origin of this host, only under its own Host name, and nothing but the page.
    expect((await sandbox('/app-sandbox?embedder=https%3A%2F%2Fevil.example')).status).toBe(403);
    expect((await sandbox(`/app-sandbox?embedder=${embedder}`, `127.0.0.1:${sandboxPort}`)).status).toBe(403);
    expect((await sandbox('/api/rpc', undefined, { Authorization: `Bearer ${host.token}` })).status).toBe(404);
    expect((await sandbox('/')).status).toBe(404);
  });

  it('answers a malformed % escape in a page path with 400, not 500', async () => {
    for (const pathname of ['/%', '/assets/%E0%A4%A', '/%zz.js']) {
      const res = await request(host, { method: 'GET', pathname, headers: { Host: `127.0.0.1:${host.port}` } });
      expect(res.status, pathname).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    }
  });

  it('streams events to a client holding the token, and to nobody else', async () => {
    expect((await request(host, { method: 'GET', pathname: '/api/events', headers: { Host: `127.0.0.1:${host.port}` } })).status).toBe(401);

    const received = new Promise<string>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port: host.port, path: '/api/events', headers: { Authorization: `Bearer ${host.token}` } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
            if (text.includes('data: ')) {
              req.destroy();
              resolve(text);
            } else if (text.includes(': connected')) {
              void services.router.dispatch('mcp.add', { name: 'streamed', type: 'stdio', config: { command: 'node' }, isActive: false });
            }
          });
        },
      );
      req.on('error', reject);
      req.end();
    });
    const text = await received;
    const data = JSON.parse(/data: (.*)\n/.exec(text)![1]!);
    expect(data).toMatchObject({ event: 'mcp.servers_changed', payload: { reason: 'added' } });
  });
});

/** One stderr line as McpService publishes it: the same path a chatty server's output takes. */
function emitLog(services: TempServices, line: string): void {
  services.mcp.events.emit('mcp.server_log', { serverId: 'chatty', stream: 'stderr', line, at: Date.now() });
}

describe('browser-mode host event streams under load', () => {
  let services: TempServices;
  beforeAll(() => {
    services = createTempServices();
  });
  afterAll(async () => {
    await services.cleanup();
  });

  it('bounds what it buffers for a reader that stopped reading, then tells it how many events it dropped', async () => {
    const maxBufferedBytes = 64 * 1024;
    const host = await startHost({ services, streamLimits: { maxBufferedBytes } });
    const stalled = openRawStream(host, { read: false });
    try {
      await waitFor(() => host.streamStats().streams === 1, 5000);
      // ~30 MB of events: far past what the kernel's socket buffers can absorb for a paused reader.
      const line = 'x'.repeat(10_000);
      for (let i = 0; i < 3000; i++) {
        emitLog(services, `${i} ${line}`);
        expect(host.streamStats().bufferedBytes).toBeLessThanOrEqual(maxBufferedBytes + line.length + 200);
      }
      const stats = host.streamStats();
      expect(stats.streams).toBe(1);
      expect(stats.droppedEvents).toBeGreaterThan(0);

      // The reader resumes: after what was buffered comes one notice with the count it missed.
      let tail = '';
      const notice = new Promise<{ count: number }>((resolve) => {
        stalled.socket.on('data', (chunk: string) => {
          tail = (tail + chunk).slice(-20_000);
          const match = /data: (\{"event":"app\.events_dropped".*?\})\n\n/.exec(tail);
          if (match) resolve((JSON.parse(match[1]!) as { payload: { count: number } }).payload);
        });
      });
      stalled.socket.resume();
      const { count } = await notice;
      expect(count).toBe(stats.droppedEvents);
      // And live events flow again.
      const after = new Promise<void>((resolve) => stalled.socket.on('data', (chunk: string) => chunk.includes('after the stall') && resolve()));
      emitLog(services, 'after the stall');
      await after;
    } finally {
      stalled.close();
      await host.close();
    }
  });

  it('disconnects a reader that stays stalled, so a dead reader cannot hold a stream slot forever', async () => {
    const host = await startHost({ services, streamLimits: { maxBufferedBytes: 64 * 1024, stallTimeoutMs: 300 } });
    const stalled = openRawStream(host, { read: false });
    try {
      await waitFor(() => host.streamStats().streams === 1, 5000);
      const closed = new Promise<void>((resolve) => stalled.socket.once('close', () => resolve()));
      // Keep the flood going until the kernel's socket buffers are full too and nothing drains any more.
      const deadline = Date.now() + 20_000;
      while (host.streamStats().streams > 0 && Date.now() < deadline) {
        for (let i = 0; i < 50; i++) emitLog(services, `${i} ${'y'.repeat(10_000)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(host.streamStats().streams).toBe(0);
      expect(host.streamStats().droppedEvents).toBeGreaterThan(0);
      expect(host.streamStats()).toMatchObject({ bufferedBytes: 0, disconnected: 1 });
      // A paused socket notices the end only once it reads what the kernel still holds.
      stalled.socket.resume();
      await closed;
    } finally {
      stalled.close();
      await host.close();
    }
  });

  it('refuses streams over the cap with 503 TOO_MANY_STREAMS, and admits one again when a slot frees', async () => {
    const host = await startHost({ services, streamLimits: { maxStreams: 2 } });
    const open = [openRawStream(host), openRawStream(host)];
    try {
      expect(await Promise.all(open.map((s) => s.status))).toEqual([200, 200]);
      const refused = await request(host, { method: 'GET', pathname: '/api/events', headers: { Host: `127.0.0.1:${host.port}`, Authorization: `Bearer ${host.token}` } });
      expect(refused.status).toBe(503);
      expect(JSON.parse(refused.body)).toMatchObject({ ok: false, error: { code: 'TOO_MANY_STREAMS', data: { limit: 2 } } });
      // Routes still answer while the streams are full.
      expect((await request(host, { headers: { Host: `127.0.0.1:${host.port}`, Authorization: `Bearer ${host.token}` }, body: JSON.stringify({ route: 'mcp.list' }) })).status).toBe(200);

      open[0]!.close();
      await waitFor(() => host.streamStats().streams === 1, 5000);
      const again = openRawStream(host);
      open.push(again);
      expect(await again.status).toBe(200);
    } finally {
      for (const s of open) s.close();
      await host.close();
    }
  });

  it('delivers each event to every open reader', async () => {
    const host = await startHost({ services });
    const readers = [openRawStream(host), openRawStream(host), openRawStream(host)];
    try {
      await waitFor(() => host.streamStats().streams === 3, 5000);
      emitLog(services, 'to everyone');
      expect(await waitFor(() => readers.every((r) => r.received().includes('to everyone')), 5000)).toBe(true);
    } finally {
      for (const r of readers) r.close();
      await host.close();
    }
  });
});
