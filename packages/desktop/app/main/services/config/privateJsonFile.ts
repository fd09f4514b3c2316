/**
 * A small JSON file that holds secrets or what points at them (`secrets.json`, `providers.json`):
 * the owner's alone, replaced whole, and changed only under its cross-process lock.
 *
 * - Created 0600 from the start: the temp file is opened `wx` with that mode and renamed over
 *   the target, so no moment exists in which the content is readable by others.
 * - Atomic: readers see the old file or the new one, never half of one (rename).
 * - Locked: the app, browser mode and each CLI run are separate processes; every
 *   read-modify-write holds `<file>.lock` (fileLock.ts).
 * - A file that is not JSON is an error naming it, never silently replaced: it may hold keys the
 *   person has no other copy of.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../shared/errors';
import { ensurePrivateDir, PRIVATE_FILE_MODE, removeLeftoverTempFiles, tightenFileModes } from './configFileHygiene';
import { withFileLock, type FileLockOptions } from './fileLock';

export interface PrivateJsonFile {
  readonly path: string;
  /** The parsed content, or undefined when the file does not exist. */
  read(): unknown;
  /** Runs `fn` under the file's lock; `write` inside it replaces the file atomically. */
  locked<T>(fn: () => T): T;
  /** Only while holding the lock (inside `locked`). Returns whether the file was created. */
  write(content: unknown): boolean;
}

export function openPrivateJsonFile(filePath: string, lock?: FileLockOptions): PrivateJsonFile {
  const dir = path.dirname(filePath);
  const baseName = path.basename(filePath);
  const locked = <T>(fn: () => T): T => {
    ensurePrivateDir(dir);
    return withFileLock(`${filePath}.lock`, fn, lock);
  };
  // Leftovers of an interrupted write are full copies of the file; loose modes from a hand copy go.
  locked(() => {
    removeLeftoverTempFiles(dir, baseName);
    tightenFileModes(dir, baseName);
  });

  return {
    path: filePath,
    read() {
      let text: string;
      try {
        text = fs.readFileSync(filePath, 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw new AppError('CONFIG_STORE_FAILED', `Cannot read ${filePath}: ${(err as Error).message}`, { path: filePath });
      }
      try {
        return JSON.parse(text) as unknown;
      } catch (err) {
        throw new AppError('CONFIG_STORE_FAILED', `${filePath} is not JSON (${(err as Error).message}); fix or move it away`, { path: filePath });
      }
    },
    locked,
    write(content) {
      const existed = fs.existsSync(filePath);
      const temp = `${filePath}.tmp-${process.pid}-${randomBytes(6).toString('hex')}`;
      const fd = fs.openSync(temp, 'wx', PRIVATE_FILE_MODE);
      try {
        fs.writeFileSync(fd, `${JSON.stringify(content, null, 2)}\n`);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      try {
        fs.renameSync(temp, filePath);
      } catch (err) {
        fs.rmSync(temp, { force: true });
        throw new AppError('CONFIG_STORE_FAILED', `Cannot write ${filePath}: ${(err as Error).message}`, { path: filePath });
      }
      return !existed;
    },
  };
}
