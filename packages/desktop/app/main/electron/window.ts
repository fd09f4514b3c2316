/**
 * The app window, locked down: isolated, sandboxed preload, no Node in the page, a CSP, and no
 * navigation or new windows away from our own renderer (links open in the browser, if
 * externalLinks.ts lets them).
 */
import path from 'node:path';
import { app, BrowserWindow, session } from 'electron';
import { RENDERER_CSP, rendererDevCsp } from '../../shared/csp';
import { errorMessage } from '../../shared/errors';
import { openExternalChecked } from './externalLinks';
import { isOwnRendererUrl, type RendererLocation } from './rendererLocation';

export function createMainWindow(preloadPath: string, renderer: RendererLocation): BrowserWindow {
  const win = new BrowserWindow({
    width: 1100,
    height: 760,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Elftia MCP',
    // Linux and Windows draw this in the title bar and task bar (macOS uses the bundle's icon.icns).
    // getAppPath() is the folder of package.json, where resources/ lives (scripts/generate-icons.mjs).
    ...(process.platform !== 'darwin' && { icon: path.join(app.getAppPath(), 'resources', 'icon.png') }),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  });

  const csp = renderer.devUrl ? rendererDevCsp(renderer.devUrl) : RENDERER_CSP;
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));

  win.webContents.on('will-navigate', (event, url) => {
    if (!isOwnRendererUrl(url, renderer)) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    openExternalChecked(url).catch((err: unknown) => console.warn(errorMessage(err)));
    return { action: 'deny' };
  });
  win.once('ready-to-show', () => win.show());

  if (renderer.devUrl) void win.loadURL(renderer.devUrl);
  else void win.loadFile(renderer.indexHtml);
  return win;
}
