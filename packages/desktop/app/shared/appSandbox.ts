/**
 * The MCP Apps sandbox (issue 32, item 4): the page an app runs behind, and where it lives.
 *
 * Two frames. The outer one is this proxy page, on an origin of its own and on another hostname
 * than the UI (browser mode: the UI on 127.0.0.1, the sandbox on localhost and its own port, so
 * not even cookies are shared; Electron: its own scheme). It is served with the app's CSP as a
 * header (buildAppCsp), and holds nothing: no token, no API. The inner frame is the app itself,
 * a srcdoc document that inherits that policy, sandboxed to scripts alone (APP_FRAME_SANDBOX):
 * an opaque origin, no forms, popups, top navigation or modals. The proxy relays JSON-RPC between
 * the UI and the app, and takes messages only from the UI (its parent, at the embedder origin)
 * and from its own inner frame.
 */
import { allowAttribute, APP_FRAME_SANDBOX, APP_PERMISSIONS, PERMISSION_FEATURE, SANDBOX_PAGE_PATH, type McpAppPermission } from './mcpApps';

/** Electron's sandbox scheme and origin (main/electron/appSandboxProtocol.ts registers it). */
export const ELECTRON_SANDBOX_SCHEME = 'elftia-app-sandbox';
export const ELECTRON_SANDBOX_ORIGIN = `${ELECTRON_SANDBOX_SCHEME}://app`;

/**
 * Whether `url` is Electron's sandbox page. Compared by scheme and host, not by `URL.origin`:
 * outside Chromium (the main process's Node) a custom scheme has the opaque origin "null".
 */
export function isElectronSandboxPage(url: URL): boolean {
  return `${url.protocol}//${url.host}` === ELECTRON_SANDBOX_ORIGIN && url.pathname === SANDBOX_PAGE_PATH;
}

/** Browser mode puts the sandbox page's URL in a <meta> of this name on the UI page; Electron's is fixed. */
export const SANDBOX_URL_META = 'elftia-app-sandbox';
/** The UI's origin, given to the sandbox page: its frame-ancestors and the only origin it talks to. */
export const SANDBOX_EMBEDDER_QUERY = 'embedder';

/**
 * The proxy page. `embedder` is the UI origin it answers to; `*` only where the UI has no origin
 * a message can be addressed to (Electron's file:// page), and then only its parent's messages
 * (event.source) are taken.
 */
export function sandboxProxyHtml(embedder: string, granted: readonly McpAppPermission[] = []): string {
  const target = JSON.stringify(embedder);
  // The app's frame is an opaque origin (srcdoc without allow-same-origin): a feature reaches it only when named for every origin, and only granted ones are named.
  const allow = JSON.stringify(allowAttribute(granted, '*'));
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="referrer" content="no-referrer"><title>app sandbox</title>
<style>html,body{margin:0;height:100%;overflow:hidden;background:transparent}iframe{border:0;width:100%;height:100%;display:block}</style>
</head><body><script>
(() => {
  const EMBEDDER = ${target};
  const host = window.parent;
  let app = null;
  const fromHost = (event) => event.source === host && (EMBEDDER === '*' || event.origin === EMBEDDER);
  window.addEventListener('message', (event) => {
    const msg = event.data;
    if (fromHost(event)) {
      if (msg && msg.method === 'ui/notifications/sandbox-resource-ready') {
        if (app || !msg.params || typeof msg.params.html !== 'string') return;
        app = document.createElement('iframe');
        app.setAttribute('sandbox', ${JSON.stringify(APP_FRAME_SANDBOX)});
        app.setAttribute('title', 'app');
        ${allow === '""' ? '' : `app.setAttribute('allow', ${allow});`}
        app.srcdoc = msg.params.html;
        document.body.appendChild(app);
        return;
      }
      if (app && app.contentWindow) app.contentWindow.postMessage(msg, '*');
      return;
    }
    if (app && event.source === app.contentWindow) host.postMessage(msg, EMBEDDER);
  });
  host.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/sandbox-proxy-ready', params: {} }, EMBEDDER);
})();
</script></body></html>`;
}

/** Features the sandbox page and its app never get, whatever the app asks or the person answers. */
const NEVER_GRANTED = ['clipboard-read', 'display-capture', 'usb', 'serial', 'hid', 'bluetooth', 'payment'];

/**
 * The sandbox page's Permissions-Policy header: the permissions granted to this app (declared and
 * allowed by the person, appPermissionsOf) for the page and its app frame, every other feature off.
 */
export function sandboxPermissionsPolicy(granted: readonly McpAppPermission[]): string {
  const features = APP_PERMISSIONS.map((p) => `${PERMISSION_FEATURE[p]}=${granted.includes(p) ? '*' : '()'}`);
  return [...features, ...NEVER_GRANTED.map((feature) => `${feature}=()`)].join(', ');
}
