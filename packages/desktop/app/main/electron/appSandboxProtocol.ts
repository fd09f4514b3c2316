/**
 * Electron's MCP Apps sandbox origin (shared/appSandbox.ts): the scheme `elftia-app-sandbox`,
 * a standard, secure origin of its own (`elftia-app-sandbox://app`), apart from the UI's file://
 * page. It serves the proxy page alone, with the app's CSP built from its declared domains, to be
 * framed by our page only. The window (window.ts) lets a subframe navigate only to this page or
 * to the app's srcdoc, and every permission request stays denied.
 */
import { protocol, type Session } from 'electron';
import { ELECTRON_SANDBOX_SCHEME, isElectronSandboxPage, sandboxPermissionsPolicy, sandboxProxyHtml } from '../../shared/appSandbox';
import { buildAppCsp, declaredCspFromQuery, grantedFromQuery, SANDBOX_ALLOW_QUERY, SANDBOX_CSP_QUERY } from '../../shared/mcpApps';

/** Before app ready: the scheme must be standard (an origin of its own) and secure (no mixed-content refusals of https resources an app declared). */
export function registerAppSandboxScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: ELECTRON_SANDBOX_SCHEME, privileges: { standard: true, secure: true } }]);
}

/** The only subframe URLs the window lets load: the proxy page and the app's srcdoc inside it. */
export function isAppSandboxFrameUrl(url: string): boolean {
  if (url === 'about:srcdoc') return true;
  try {
    return isElectronSandboxPage(new URL(url));
  } catch {
    return false;
  }
}

export function serveAppSandbox(session: Session): void {
  session.protocol.handle(ELECTRON_SANDBOX_SCHEME, (request) => {
    const url = new URL(request.url);
    if (!isElectronSandboxPage(url)) return new Response('Not found', { status: 404 });
    const granted = grantedFromQuery(url.searchParams.get(SANDBOX_ALLOW_QUERY));
    // Our page is a file:// document: its messages come from origin "null", which no target origin can name.
    return new Response(sandboxProxyHtml('*', granted), {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': buildAppCsp(declaredCspFromQuery(url.searchParams.get(SANDBOX_CSP_QUERY)), "'self' file:"),
        'Permissions-Policy': sandboxPermissionsPolicy(granted),
        'Referrer-Policy': 'no-referrer',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'no-store',
      },
    });
  });
}
