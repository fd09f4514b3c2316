/**
 * Browser mode's MCP Apps sandbox origin (shared/appSandbox.ts): a second loopback server that
 * serves the proxy page and nothing else, addressed as `localhost` while the UI is on
 * `127.0.0.1`, so the two differ in hostname as well as port (cookies ignore ports). It has no
 * API and never sees the UI's token; it answers only for its own Host (DNS rebinding), only to
 * be framed by the UI's origins, and sends each page the CSP built from the app's declared domains.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_EMBEDDER_QUERY, sandboxPermissionsPolicy, sandboxProxyHtml } from '../shared/appSandbox';
import { buildAppCsp, declaredCspFromQuery, grantedFromQuery, SANDBOX_ALLOW_QUERY, SANDBOX_CSP_QUERY, SANDBOX_PAGE_PATH } from '../shared/mcpApps';

export interface AppSandboxServer {
  /** `http://localhost:<port>`: the UI's frame-src. */
  origin: string;
  /** The proxy page's address, without its query. */
  pageUrl: string;
  close(): Promise<void>;
}

/** `embedders()`: the UI origins that may frame the sandbox (read per request: the UI's port is known only once it listens). */
export async function startAppSandbox(embedders: () => readonly string[]): Promise<AppSandboxServer> {
  let port = 0;
  const server = http.createServer((req, res) => {
    const refuse = (status: number, text: string) => {
      res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      res.end(text);
    };
    if (req.headers.host?.toLowerCase() !== `localhost:${port}`) return refuse(403, 'Not this sandbox');
    if (req.method !== 'GET' && req.method !== 'HEAD') return refuse(405, 'Method not allowed');
    const url = new URL(req.url ?? '/', `http://localhost:${port}`);
    if (url.pathname !== SANDBOX_PAGE_PATH) return refuse(404, 'Not found');
    const embedder = url.searchParams.get(SANDBOX_EMBEDDER_QUERY) ?? '';
    if (!embedders().includes(embedder)) return refuse(403, 'Not framed by this host');
    // Granted by the host (declared and allowed by the person); the page cannot be framed by anyone else to claim more.
    const granted = grantedFromQuery(url.searchParams.get(SANDBOX_ALLOW_QUERY));
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': buildAppCsp(declaredCspFromQuery(url.searchParams.get(SANDBOX_CSP_QUERY)), embedder),
      'Permissions-Policy': sandboxPermissionsPolicy(granted),
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : sandboxProxyHtml(embedder, granted));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://localhost:${port}`;
  return {
    origin,
    pageUrl: `${origin}${SANDBOX_PAGE_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
