/**
 * The app window: made by createSecureWindow (isolated, sandboxed preload, no Node in the page,
 * no navigation or new windows away from our own renderer; links open in the browser if
 * externalLinks.ts lets them), with the renderer's CSP on every response and every permission
 * request of the page denied.
 */
import path from 'node:path';
import { app, session, type BrowserWindow } from 'electron';
import { RENDERER_CSP, rendererDevCsp } from '../../shared/csp';
import { sandboxPermissionAllowed } from './sandboxPermissions';
import { ELECTRON_SANDBOX_SCHEME } from '../../shared/appSandbox';
import { isAppSandboxFrameUrl, serveAppSandbox } from './appSandboxProtocol';
import type { RendererLocation } from './rendererLocation';
import { createSecureWindow } from './secureWindow';

export function createMainWindow(preloadPath: string, renderer: RendererLocation): BrowserWindow {
  const win = createSecureWindow({
    preload: preloadPath,
    renderer,
    width: 1100,
    height: 760,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Elftia MCP',
    // Linux and Windows draw this in the title bar and task bar (macOS uses the bundle's icon.icns).
    // getAppPath() is the folder of package.json, where resources/ lives (scripts/generate-icons.mjs).
    ...(process.platform !== 'darwin' && { icon: path.join(app.getAppPath(), 'resources', 'icon.png') }),
  });

  const csp = renderer.devUrl ? rendererDevCsp(renderer.devUrl) : RENDERER_CSP;
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    // The MCP Apps sandbox page carries the app's own, narrower policy (appSandboxProtocol.ts).
    if (details.url.startsWith(`${ELECTRON_SANDBOX_SCHEME}:`)) return callback({ responseHeaders: details.responseHeaders ?? {} });
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  serveAppSandbox(session.defaultSession);
  // Denied unless it is the MCP Apps sandbox page asking for what its app was granted (declared and allowed by the person): sandboxPermissions.ts.
  session.defaultSession.setPermissionRequestHandler((_wc, permission, callback, details) => callback(sandboxPermissionAllowed(permission, details.requestingUrl, 'mediaTypes' in details ? (details.mediaTypes ?? []) : [])));
  session.defaultSession.setPermissionCheckHandler((_wc, permission, _origin, details) =>
    sandboxPermissionAllowed(permission, details.requestingUrl ?? '', details.mediaType ? [details.mediaType] : []),
  );
  // A subframe may show only the apps sandbox page and the app inside it; a hostile app that navigates its frames elsewhere is stopped.
  win.webContents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame && !isAppSandboxFrameUrl(event.url)) event.preventDefault();
  });
  win.once('ready-to-show', () => win.show());

  if (renderer.devUrl) void win.loadURL(renderer.devUrl);
  else void win.loadFile(renderer.indexHtml);
  return win;
}
