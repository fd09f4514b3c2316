/** Every window's webPreferences keep Electron's hardening: a change that loosens one fails here. */
import { expect, it } from 'vitest';
import { SECURE_WEB_PREFERENCES } from './secureWebPreferences';

it('isolates and sandboxes the page, keeps Node out of it and web security on', () => {
  expect(SECURE_WEB_PREFERENCES).toMatchObject({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
  });
});
