/**
 * The app window: made by createSecureWindow (isolated, sandboxed preload, no Node in the page,
 * no navigation or new windows away from our own renderer; links open in the browser if
 * externalLinks.ts lets them), with the renderer's CSP on every response and every permission
 * request of the page denied.
 */
import path from 'node:path';
import { app, session, type BrowserWindow } from 'electron';
import { RENDERER_CSP, rendererDevCsp } from '../../shared/csp';
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
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  win.once('ready-to-show', () => win.show());

  if (renderer.devUrl) void win.loadURL(renderer.devUrl);
  else void win.loadFile(renderer.indexHtml);
  return win;
}
