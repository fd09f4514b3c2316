/**
 * Finds out, without side effects, whether an Electron binary can run here. Requiring the
 * `electron` package would try to download the binary, which fails on machines without access
 * to Electron's download host; reading its path file does not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @returns {{ ok: true, binary: string } | { ok: false, reason: string }} */
export function electronAvailability(env = process.env, platform = process.platform) {
  let pkgDir;
  try {
    pkgDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    return { ok: false, reason: 'the electron package is not installed' };
  }
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  const pathFile = path.join(pkgDir, 'path.txt');
  const relative = fs.existsSync(pathFile) ? fs.readFileSync(pathFile, 'utf8').trim() : undefined;
  const binary = override ? path.join(override, relative ?? 'electron') : relative && path.join(pkgDir, 'dist', relative);
  if (!binary || !fs.existsSync(binary)) {
    return {
      ok: false,
      reason:
        'no Electron binary is installed (it is downloaded on first use, and this machine cannot reach the download host)',
    };
  }
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return { ok: false, reason: 'there is no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset)' };
  }
  return { ok: true, binary };
}
