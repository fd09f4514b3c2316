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
 * - Versioned: a reader that keeps the parsed content (the secret store) asks `readIfChanged`
 *   (fileVersion.ts) instead of reading and parsing the whole file for every lookup.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../shared/errors';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tidyAtStart } from './configFileHygiene';
import { currentVersion, readTextIfChanged, type FileVersion } from './fileVersion';
import { withFileLock, type FileLockOptions } from './fileLock';

export type VersionedRead = { changed: false; version: FileVersion } | { changed: true; version: FileVersion; json: unknown };

export interface PrivateJsonFile {
  readonly path: string;
  /** The parsed content, or undefined when the file does not exist. */
  read(): unknown;
  /**
   * The file's version, and its parsed content (undefined when the file does not exist) unless
   * it is certainly still `known` (fileVersion.ts).
   */
  readIfChanged(known: FileVersion | undefined): VersionedRead;
  /** Runs `fn` under the file's lock; `write` inside it replaces the file atomically. */
  locked<T>(fn: () => T): T;
  /** Only while holding the lock (inside `locked`). Returns whether the file was created, and its new version. */
  write(content: unknown): { created: boolean; version: FileVersion };
}

export function openPrivateJsonFile(filePath: string, lock?: FileLockOptions): PrivateJsonFile {
  const dir = path.dirname(filePath);
  const locked = <T>(fn: () => T): T => {
    ensurePrivateDir(dir);
    return withFileLock(`${filePath}.lock`, fn, lock);
  };
  // Leftovers of an interrupted write are full copies of the file; loose modes from a hand copy go.
  locked(() => tidyAtStart(filePath));

  const parse = (text: string): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch (err) {
      throw new AppError('CONFIG_STORE_FAILED', `${filePath} is not JSON (${(err as Error).message}); fix or move it away`, { path: filePath });
    }
  };
  const readIfChanged = (known: FileVersion | undefined): VersionedRead => {
    const read = readTextIfChanged(filePath, known);
    if (!read.changed) return read;
    return { changed: true, version: read.version, json: read.text === undefined ? undefined : parse(read.text) };
  };

  return {
    path: filePath,
    read() {
      const read = readIfChanged(undefined); // nothing known: always read
      return read.changed ? read.json : undefined;
    },
    readIfChanged,
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
      // Under the lock, so the file at the path is the one just written.
      return { created: !existed, version: currentVersion(filePath) };
    },
  };
}
