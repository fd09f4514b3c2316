/**
 * How everything here launches Chromium (the e2e `web` project, screenshots, the first-screen bench):
 * Debian's /usr/bin/chromium where present (Playwright's own browser download cannot run here),
 * CHROMIUM_PATH to pick another, and one set of flags for all of them.
 */
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Options for `chromium.launch()`; without a system Chromium, no executablePath: Playwright's own. */
export function chromiumLaunchOptions(env = process.env) {
  const executablePath = env.CHROMIUM_PATH ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);
  return { ...(executablePath !== undefined && { executablePath }), args: CHROMIUM_ARGS };
}
