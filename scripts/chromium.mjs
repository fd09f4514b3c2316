/**
 * How everything here launches Chromium (the e2e `web` project, screenshots, the benches): Debian's
 * Chromium where present (Playwright's own browser download cannot run here), CHROMIUM_PATH to pick
 * another, and one set of flags for all of them.
 *
 * Every launch is headless, so Debian's headless shell comes first (`chromium-headless-shell`, the
 * same Blink and V8 without the desktop browser around them; Playwright's own headless default):
 * the e2e journeys took 27% less CPU in it than in `chromium --headless` (132 against 182 CPU s for
 * three specs, 67 against 92 s of wall time), and Chromium is most of that stage's CPU.
 */
import { existsSync } from 'node:fs';

/** Debian's packages, in order of preference: `chromium-headless-shell`, then `chromium`. */
export const DEBIAN_CHROMIUMS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Options for `chromium.launch()`; without a system Chromium, no executablePath: Playwright's own. */
export function chromiumLaunchOptions(env = process.env, exists = existsSync) {
  const executablePath = env.CHROMIUM_PATH ?? DEBIAN_CHROMIUMS.find((path) => exists(path));
  return { ...(executablePath !== undefined && { executablePath }), args: CHROMIUM_ARGS };
}
