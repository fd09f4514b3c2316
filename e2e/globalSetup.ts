import fs from 'node:fs';
import { ensureElectron } from '../scripts/electronBinary.mjs';

/** Says up front, in one line, what will and will not run; a skip is never silent. */
export default function globalSetup(): void {
  for (const required of ['out/main/host.js', 'out/renderer/index.html']) {
    if (!fs.existsSync(required)) throw new Error(`${required} is missing: run "npm run build" before the end-to-end tests.`);
  }
  // Makes Electron's first-use download where allowed, so the electron project runs wherever it can.
  const electron = ensureElectron();
  if (!electron.ok) {
    console.warn(`[e2e] SKIPPING the "electron" project: ${electron.reason}. The "web" project runs the same specs in Chromium.`);
  }
}
