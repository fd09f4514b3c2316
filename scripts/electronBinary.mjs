/**
 * Whether an Electron binary can run here. Since Electron 45 the npm package downloads its
 * binary on first use rather than at install; `electronAvailability` only reads the package's
 * path file (no side effects, for tests), and `ensureElectron` also makes that first download
 * unless ELECTRON_SKIP_BINARY_DOWNLOAD says not to (machines that cannot reach the download host).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

const skipsDownload = (env) => ['1', 'true'].includes(String(env.ELECTRON_SKIP_BINARY_DOWNLOAD ?? '').toLowerCase());

/** @returns {{ ok: true, binary: string } | { ok: false, reason: string }} */
export function ensureElectron(env = process.env, platform = process.platform) {
  const first = electronAvailability(env, platform);
  if (first.ok || first.missing !== 'binary') return first;
  if (skipsDownload(env)) {
    return { ok: false, reason: 'no Electron binary is installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
  }
  console.log('Downloading the Electron binary (once)…');
  const install = path.join(path.dirname(require.resolve('electron/package.json')), 'install.js');
  const result = spawnSync(process.execPath, [install], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    timeout: DOWNLOAD_TIMEOUT_MS,
  });
  const second = electronAvailability(env, platform);
  if (second.ok || result.status === 0) return second;
  // The installer prints a stack; its first line says what went wrong.
  const cause = (result.stderr ?? '').split('\n').find((line) => line.trim()) ?? result.error?.message ?? 'no output';
  return { ok: false, reason: `the Electron binary could not be downloaded (${cause.trim()})` };
}

/** @returns {{ ok: true, binary: string } | { ok: false, reason: string, missing?: 'binary' }} */
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
    return { ok: false, missing: 'binary', reason: 'no Electron binary is installed' };
  }
  if (platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY) {
    return { ok: false, reason: 'there is no display to open a window on (DISPLAY and WAYLAND_DISPLAY are unset)' };
  }
  return { ok: true, binary };
}
