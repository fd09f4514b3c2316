/**
 * Browser-mode host: the same router and events as the Electron IPC binding, over
 * `POST /api/rpc` and a Server-Sent Events stream, plus the built renderer as static files.
 * Binds 127.0.0.1 only and demands a per-launch token (see hostSecurity.ts for why).
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { HOST_EVENTS_PATH, HOST_RPC_PATH, HOST_TOKEN_QUERY } from '../shared/contracts/bridge';
import { cspForMeta, rendererCsp } from '../shared/csp';
import { SANDBOX_URL_META } from '../shared/appSandbox';
import { AppError, toErrorShape, type Result } from '../shared/errors';
import { groupDigits, HOST_BODY_MAX_BYTES } from '../shared/limits';
import type { Services } from '../main/services/createServices';
import { DEFAULT_STREAM_LIMITS, EventStreams, type EventStreamLimits, type EventStreamStats } from './eventStreams';
import { allowedOrigins, checkOrigin, checkToken } from './hostSecurity';
import { startAppSandbox, type AppSandboxServer } from './appSandboxServer';
import { loopTurns } from './loopTurns';

const HEARTBEAT_MS = 15_000;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface HostOptions {
  services: Pick<Services, 'router' | 'onEvent'>;
  /** The built renderer (out/renderer); without it only the API is served. */
  staticDir?: string;
  port?: number;
  /** Fixed only by tests; a launch makes a fresh random one. */
  token?: string;
  /** Event-stream bounds (eventStreams.ts); tests shrink them. */
  streamLimits?: Partial<EventStreamLimits>;
}

export interface RunningHost {
  port: number;
  token: string;
  /** The address to open, token included. */
  url: string;
  /** What the event streams hold right now (tests and benchmarks read it). */
  streamStats(): EventStreamStats;
  /** The MCP Apps sandbox (appSandboxServer.ts): its origin and page. */
  sandbox: Pick<AppSandboxServer, 'origin' | 'pageUrl'>;
  close(): Promise<void>;
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const token = options.token ?? randomBytes(24).toString('base64url');
  const streams = new EventStreams({ ...DEFAULT_STREAM_LIMITS, ...options.streamLimits });
  // One subscription for all streams, held only while a stream is open (createServices asks
  // the person a server's questions only while someone listens).
  let unsubscribe: (() => void) | undefined;
  const heartbeat = setInterval(() => streams.comment('heartbeat'), HEARTBEAT_MS).unref();
  let port = 0;
  let closing = false;
  const turn = loopTurns();
  const sandbox = await startAppSandbox(() => allowedOrigins(port));
  const csp = rendererCsp(sandbox.origin);

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { ok: false, error: toErrorShape(err) });
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = checkOrigin(req.headers, port);
    if (!origin.ok) return sendJson(res, origin.status, deny('FORBIDDEN', origin.reason));
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);

    if (url.pathname.startsWith('/api/')) {
      const auth = checkToken(req.headers, token);
      if (!auth.ok) return sendJson(res, auth.status, deny('UNAUTHORIZED', auth.reason));
      if (url.pathname === HOST_RPC_PATH && req.method === 'POST') return rpc(req, res);
      if (url.pathname === HOST_EVENTS_PATH && req.method === 'GET') return eventStream(req, res);
      return sendJson(res, 404, deny('ROUTE_NOT_FOUND', `No ${req.method} ${url.pathname}`));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, deny('NOT_FOUND', 'Method not allowed'));
    return serveStatic(url.pathname, res);
  }

  async function rpc(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse(await readBody(req));
    } catch (err) {
      if (!req.readableEnded) {
        // The rest of an oversized body is never read: the connection cannot carry another request.
        res.setHeader('Connection', 'close');
      }
      const message = err instanceof AppError ? err.message : `The body is not JSON: ${(err as Error).message}`;
      return sendJson(res, 400, deny('VALIDATION_FAILED', message));
    }
    if (typeof body !== 'object' || body === null || typeof (body as { route?: unknown }).route !== 'string') {
      return sendJson(res, 400, deny('VALIDATION_FAILED', 'The body must be {"route": string, "input"?: any}'));
    }
    const { route, input } = body as { route: string; input?: unknown };
    await turn();
    // Shutting down: nobody will read the answer (the connection is closed), so no work for it.
    if (closing) return void res.destroy();
    sendJson(res, 200, await options.services.router.dispatch(route, input));
  }

  function eventStream(req: IncomingMessage, res: ServerResponse): void {
    if (streams.full) {
      res.setHeader('Retry-After', '5');
      const limit = streams.maxStreams;
      return sendJson(res, 503, {
        ok: false,
        error: new AppError('TOO_MANY_STREAMS', `The host already serves ${limit} event streams`, { limit }).toShape(),
      });
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    res.write(': connected\n\n');
    const remove = streams.add(res);
    unsubscribe ??= options.services.onEvent((envelope) => streams.broadcast(envelope));
    // The response's close: fires however the stream ends (reader gone, stalled reader cut off, host closing).
    res.on('close', () => {
      remove();
      if (streams.size === 0) {
        unsubscribe?.();
        unsubscribe = undefined;
      }
    });
  }

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    if (!options.staticDir) return sendJson(res, 404, deny('NOT_FOUND', 'No renderer build to serve'));
    const root = path.resolve(options.staticDir);
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return sendJson(res, 400, deny('VALIDATION_FAILED', 'The path has a malformed % escape'));
    }
    const requested = path.resolve(root, `.${decoded}`);
    // Anything outside the renderer folder, or a folder, falls back to the app page.
    const inside = requested.startsWith(root + path.sep);
    const file = inside && (await isFile(requested)) ? requested : path.join(root, 'index.html');
    let content: Buffer;
    try {
      content = await fs.readFile(file);
    } catch {
      return sendJson(res, 404, deny('NOT_FOUND', 'No renderer build to serve; run npm run build'));
    }
    const isPage = path.basename(file) === 'index.html';
    if (isPage) content = Buffer.from(withSandbox(content.toString('utf8'), csp, sandbox.pageUrl));
    res.writeHead(200, {
      'Content-Type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': csp,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': isPage ? 'no-store' : 'max-age=3600',
    });
    res.end(content);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  }).catch(async (err: unknown) => {
    await sandbox.close();
    throw err;
  });
  port = (server.address() as AddressInfo).port;

  let closed: Promise<void> | undefined;
  return {
    port,
    token,
    url: `http://127.0.0.1:${port}/?${HOST_TOKEN_QUERY}=${token}`,
    streamStats: () => streams.stats(),
    sandbox: { origin: sandbox.origin, pageUrl: sandbox.pageUrl },
    close() {
      closing = true;
      closed ??= new Promise<void>((resolve) => {
        clearInterval(heartbeat);
        unsubscribe?.();
        unsubscribe = undefined;
        streams.endAll();
        let open = 2;
        const done = () => --open === 0 && resolve();
        server.close(done);
        server.closeAllConnections();
        void sandbox.close().then(done);
      });
      return closed;
    },
  };
}

/**
 * The page as this host serves it: its <meta> CSP (built for Electron's sandbox scheme) becomes
 * this host's policy, and a <meta> tells the renderer where the sandbox page is.
 */
function withSandbox(html: string, csp: string, sandboxPageUrl: string): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;');
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escape(cspForMeta(csp))}">`;
  const sandboxMeta = `<meta name="${SANDBOX_URL_META}" content="${escape(sandboxPageUrl)}">`;
  const replaced = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/i, () => meta + sandboxMeta);
  if (replaced !== html) return replaced;
  // A page without the build's <meta> (tests' stand-in page): the two go first in its head, or after its doctype.
  return /<head>/i.test(html) ? html.replace(/<head>/i, (head) => head + meta + sandboxMeta) : html.replace(/^(<!doctype[^>]*>)?/i, (doctype) => doctype + meta + sandboxMeta);
}

function deny(code: 'FORBIDDEN' | 'UNAUTHORIZED' | 'NOT_FOUND' | 'ROUTE_NOT_FOUND' | 'VALIDATION_FAILED', message: string): Result<never> {
  return { ok: false, error: new AppError(code, message).toShape() };
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // Stops reading at once: what the rest of the body holds does not matter.
    if (size > HOST_BODY_MAX_BYTES) throw new AppError('VALIDATION_FAILED', `The request body is over ${groupDigits(HOST_BODY_MAX_BYTES)} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await fs.stat(p)).isFile();
  } catch {
    return false;
  }
}
