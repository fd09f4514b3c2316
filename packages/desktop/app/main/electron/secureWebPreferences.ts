/**
 * The webPreferences of every window the app makes (createSecureWindow gives them, and lets no
 * caller pass its own). Kept free of `electron` value imports so a unit test reads them.
 * - contextIsolation, sandbox, no Node in the page, its workers or its frames: the page can reach
 *   the main process only through the preload's `{ invoke, on }`.
 * - webSecurity on and no insecure content: the same-origin policy and the CSP hold.
 * - no <webview> and no experimental features: nothing that embeds another page or widens the
 *   platform the renderer runs on.
 */
import type { WebPreferences } from 'electron';

export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  spellcheck: false,
} as const satisfies WebPreferences;
