import fs from 'node:fs';
import { ensureElectron } from '../scripts/electronBinary.mjs';
import { bundleFixtureServers } from './fixtures/servers/bundle';

/**
 * Says up front, in one line, what will and will not run (a skip is never silent), and bundles the
 * fixture servers for this run (the workers find them through the environment, see bundle.ts);
 * what it returns removes them at the end.
 */
export default async function globalSetup(): Promise<() => void> {
  for (const required of ['out/main/host.js', 'out/renderer/index.html']) {
    if (!fs.existsSync(required)) throw new Error(`${required} is missing: run "npm run build" before the end-to-end tests.`);
  }
  // Makes Electron's first-use download where allowed, so the electron project runs wherever it can.
  const electron = ensureElectron();
  if (!electron.ok) {
    console.warn(`[e2e] SKIPPING the "electron" project: ${electron.reason}. The "web" project runs the same specs in Chromium.`);
  }
  return bundleFixtureServers();
}
