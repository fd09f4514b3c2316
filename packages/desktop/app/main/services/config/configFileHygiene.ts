/**
 * The config folder holds secrets (env values, auth headers), so it is the owner's alone: the
 * folder is created 0700 and our files 0600, and files an older build left readable by others
 * are tightened at start. Temp files an interrupted write (`kill -9`) left behind are full
 * copies of the config, so they go too, with the lock drafts and guards of writers that died.
 */
import fs from 'node:fs';
import path from 'node:path';
import { removeDeadHoldersLeftovers } from './fileLock';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates the folder private. An existing folder keeps its mode: it may be one the person chose
 * (`--config-dir`) and shares on purpose; the files in it are what hold the secrets.
 */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Our files in `dir`: the config itself and everything named after it (set-aside copies, the lock). */
const isOurs = (name: string, baseName: string) => name === baseName || name.startsWith(`${baseName}.`);

/** Drops group and other permissions from our files; returns the names it tightened. */
function tightenFileModes(dir: string, baseName: string): string[] {
  if (process.platform === 'win32') return []; // modes do not express Windows ACLs
  const tightened: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !isOurs(entry.name, baseName)) continue;
    const file = path.join(dir, entry.name);
    try {
      const mode = fs.statSync(file).mode & 0o777;
      if ((mode & 0o077) === 0) continue;
      fs.chmodSync(file, mode & ~0o077);
      tightened.push(entry.name);
    } catch (err) {
      // A waiter's lock draft or takeover guard comes and goes outside the lock we hold.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return tightened;
}

/**
 * Removes `<baseName>.tmp-*`, the temp files of conf's atomic write (`atomically` names them so).
 * Call it only while holding the config lock: every write of ours happens under that lock, so
 * no temp file present then belongs to a write still in flight.
 */
function removeLeftoverTempFiles(dir: string, baseName: string): string[] {
  const removed: string[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(`${baseName}.tmp-`)) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * What opening a locked file does first, holding its lock: removes what interrupted writers of
 * it left (temp copies, dead holders' lock drafts and guards) and tightens loose modes.
 */
export function tidyAtStart(filePath: string): void {
  const dir = path.dirname(filePath);
  const baseName = path.basename(filePath);
  removeLeftoverTempFiles(dir, baseName);
  removeDeadHoldersLeftovers(`${filePath}.lock`);
  tightenFileModes(dir, baseName);
}
