/**
 * Whether an Electron binary can run here. Since Electron 45 the npm package downloads its
 * binary on first use rather than at install; `electronAvailability` only reads the package's
 * path file (no side effects, for tests), and `ensureElectron` also makes that first download
 * unless ELECTRON_SKIP_BINARY_DOWNLOAD says not to (machines that cannot reach the download host)
 * or a recent attempt failed (see electronDownloadMemory.mjs).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describeFailure, downloadFailureReason, forgetFailure, rememberedFailure, rememberFailure } from './electronDownloadMemory.mjs';

const require = createRequire(import.meta.url);
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;
/** Under node_modules: a fresh install of the packages starts with no memory, as it should. */
const DOWNLOAD_MEMORY_FILE = fileURLToPath(new URL('../node_modules/.cache/elftia/electron-download.json', import.meta.url));

const skipsDownload = (env) => ['1', 'true'].includes(String(env.ELECTRON_SKIP_BINARY_DOWNLOAD ?? '').toLowerCase());

/** @returns {{ ok: true, binary: string } | { ok: false, reason: string }} */
export function ensureElectron(env = process.env, platform = process.platform) {
  const first = electronAvailability(env, platform);
  if (first.ok || first.missing !== 'binary') return first;
  if (skipsDownload(env)) {
    return { ok: false, reason: 'no Electron binary is installed and ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
  }
  const electronDir = path.dirname(require.resolve('electron/package.json'));
  const { version } = JSON.parse(fs.readFileSync(path.join(electronDir, 'package.json'), 'utf8'));
  const remembered = rememberedFailure(DOWNLOAD_MEMORY_FILE, version);
  if (remembered) return { ok: false, reason: describeFailure(remembered) };
  console.log(`Downloading the Electron ${version} binary…`);
  const result = spawnSync(process.execPath, [path.join(electronDir, 'install.js')], {
    stdio: ['ignore', 'inherit', 'pipe'],
    encoding: 'utf8',
    timeout: DOWNLOAD_TIMEOUT_MS,
  });
  const second = electronAvailability(env, platform);
  if (second.ok || result.status === 0) {
    forgetFailure(DOWNLOAD_MEMORY_FILE);
    return second;
  }
  // The installer prints a stack; its first line says what went wrong, as an exception.
  const firstLine = (result.stderr ?? '').split('\n').find((line) => line.trim()) ?? '';
  const reason = downloadFailureReason(firstLine, result.error?.code === 'ETIMEDOUT');
  return { ok: false, reason: describeFailure(rememberFailure(DOWNLOAD_MEMORY_FILE, version, reason)) };
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
    return { ok: false, reason: 'there is no display for Electron to open a window on (DISPLAY and WAYLAND_DISPLAY are unset)' };
  }
  return { ok: true, binary };
}
