/**
 * Who may talk to the browser-mode host. It can start processes (stdio MCP servers), so a web
 * page the person happens to visit must never drive it: no foreign Origin (CSRF), no foreign
 * Host (DNS rebinding), and no request without this launch's token.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

const LOOPBACK_HOSTNAMES = ['127.0.0.1', 'localhost', '[::1]'];

export type AccessVerdict = { ok: true } | { ok: false; status: 401 | 403; reason: string };

export function allowedOrigins(port: number): string[] {
  return LOOPBACK_HOSTNAMES.map((h) => `http://${h}:${port}`);
}

/** Checks Host and Origin; applies to every request, static files included. */
export function checkOrigin(headers: IncomingHttpHeaders, port: number): AccessVerdict {
  const host = headers.host?.toLowerCase();
  if (!host || !LOOPBACK_HOSTNAMES.some((h) => host === `${h}:${port}`)) {
    return { ok: false, status: 403, reason: `Host ${host ?? '(none)'} is not this loopback server` };
  }
  const origin = headers.origin;
  // Same-origin GETs from the page and non-browser clients (CLI, curl) send no Origin.
  if (origin !== undefined && !allowedOrigins(port).includes(origin.toLowerCase())) {
    return { ok: false, status: 403, reason: `Origin ${origin} may not use this server` };
  }
  return { ok: true };
}

export function checkToken(headers: IncomingHttpHeaders, token: string): AccessVerdict {
  const match = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? '');
  const given = Buffer.from(match?.[1] ?? '');
  const expected = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, status: 401, reason: match ? 'Wrong token' : 'Missing token' };
  }
  return { ok: true };
}
