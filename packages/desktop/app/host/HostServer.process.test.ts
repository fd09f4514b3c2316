import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempServices, type TempServices } from '../main/services/testing/tempServices';
import { startHost, type RunningHost } from './HostServer';

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

  it('serves the page with a CSP and never a file outside the renderer folder', async () => {
    const page = await request(host, { method: 'GET', pathname: '/', headers: { Host: `127.0.0.1:${host.port}` } });
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const escape = await request(host, { method: 'GET', pathname: '/..%2f..%2f..%2fetc%2fpasswd', headers: { Host: `127.0.0.1:${host.port}` } });
    expect(escape.body).not.toContain('root:');
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
