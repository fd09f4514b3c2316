/**
 * The loopback redirect of a native app's sign-in (RFC 8252 §7.3): a one-shot listener on
 * `http://127.0.0.1:<fresh port>/callback` with a fresh `state`. It answers the browser once and
 * closes: after the first callback carrying its state, on cancel, or after the timeout, so no
 * port stays open waiting for a browser tab that was closed.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export class AuthorizationDenied extends Error {
  constructor(
    readonly oauthError: string,
    readonly description: string | undefined,
  ) {
    super(description ? `${oauthError}: ${description}` : oauthError);
  }
}

export class SignInTimedOut extends Error {}
export class SignInCancelled extends Error {}

export interface LoopbackRedirect {
  readonly redirectUrl: string;
  readonly state: string;
  /** The authorization code, once the browser comes back; rejects on denial, timeout or cancel. */
  readonly code: Promise<string>;
  cancel(): void;
}

const page = (title: string, body: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><body style="font-family:system-ui;margin:3rem"><h1>${title}</h1><p>${body}</p></body>`;

export async function openLoopbackRedirect(timeoutMs: number): Promise<LoopbackRedirect> {
  const state = randomBytes(24).toString('base64url');
  let settle!: { resolve(code: string): void; reject(err: Error): void };
  const code = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  // Nobody may be awaiting yet (the browser is opened after this returns): no unhandled rejection.
  code.catch(() => undefined);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    // Another tab, a favicon request or a forged callback must not end the sign-in.
    if (url.pathname !== '/callback' || url.searchParams.get('state') !== state) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const error = url.searchParams.get('error');
    const got = url.searchParams.get('code');
    res.writeHead(error || !got ? 400 : 200, { 'content-type': 'text/html; charset=utf-8', connection: 'close' });
    if (error || !got) {
      res.end(page('Sign-in failed', 'Elftia MCP was not given access. You can close this tab and try again from the app.'));
      finish(() => settle.reject(new AuthorizationDenied(error ?? 'invalid_request', url.searchParams.get('error_description') ?? undefined)));
    } else {
      res.end(page('Signed in', 'Elftia MCP is signed in. You can close this tab.'));
      finish(() => settle.resolve(got));
    }
  });
  let done = false;
  const finish = (outcome: () => void) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    outcome();
    server.close();
    server.closeIdleConnections();
  };
  const timer = setTimeout(() => finish(() => settle.reject(new SignInTimedOut(`No answer from the browser within ${Math.round(timeoutMs / 1000)} s`))), timeoutMs);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    redirectUrl: `http://127.0.0.1:${port}/callback`,
    state,
    code,
    cancel: () => finish(() => settle.reject(new SignInCancelled('Sign-in was cancelled'))),
  };
}
