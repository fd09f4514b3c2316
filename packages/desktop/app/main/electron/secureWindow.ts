/**
 * The one place a window is made (a lint rule forbids `new BrowserWindow` anywhere else; see
 * eslint.config.js). Every window gets SECURE_WEB_PREFERENCES with only its preload added, cannot
 * navigate away from our own renderer, and opens no window of its own: a link it tries to open
 * goes to the person's browser through the checked opener, if externalLinks.ts lets it.
 */
import { BrowserWindow, type BrowserWindowConstructorOptions } from 'electron';
import { errorMessage } from '../../shared/errors';
import { openExternalChecked } from './externalLinks';
import { isOwnRendererUrl, type RendererLocation } from './rendererLocation';
import { SECURE_WEB_PREFERENCES } from './secureWebPreferences';

export interface SecureWindowOptions extends Omit<BrowserWindowConstructorOptions, 'webPreferences'> {
  /** The sandboxed preload script: the page's only way to the main process. */
  preload: string;
  /** The pages the window may show; any other navigation is stopped. */
  renderer: RendererLocation;
}

export function createSecureWindow({ preload, renderer, ...options }: SecureWindowOptions): BrowserWindow {
  const win = new BrowserWindow({ ...options, webPreferences: { ...SECURE_WEB_PREFERENCES, preload } });
  win.webContents.on('will-navigate', (event, url) => {
    if (!isOwnRendererUrl(url, renderer)) event.preventDefault();
  });
  win.webContents.setWindowOpenHandler(({ url }) => {
    openExternalChecked(url).catch((err: unknown) => console.warn(errorMessage(err)));
    return { action: 'deny' };
  });
  return win;
}
