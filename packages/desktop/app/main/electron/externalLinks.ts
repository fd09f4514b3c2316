/**
 * The one way the Electron main process opens a URL in the person's browser: the sign-in and
 * download-page opener port (index.ts) and the window's new-window handler (window.ts). The URL
 * passes `requireExternalUrl` (shared/externalUrl.ts) first, since shell.openExternal opens local
 * files and other programs' schemes as readily as web pages; a lint rule keeps every other
 * shell.openExternal out (eslint.config.js).
 */
import { shell } from 'electron';
import { requireExternalUrl } from '../../shared/externalUrl';

/** Rejects with EXTERNAL_URL_REFUSED, without calling the shell, for a URL no browser should get. */
export async function openExternalChecked(url: string): Promise<void> {
  await shell.openExternal(requireExternalUrl(url));
}
