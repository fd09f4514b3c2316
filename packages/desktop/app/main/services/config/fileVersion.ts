/**
 * Reading a config file again only when it changed. The app, browser mode and CLI runs share the
 * config folder, so a process that keeps a file's parsed content must ask the file, at every use,
 * whether another process replaced it. Asking costs one open and one fstat; reading and parsing a
 * config of tens of thousands of values costs a hundred milliseconds of blocked event loop.
 *
 * A version is the file's device, inode, size, and change and modification times in nanoseconds.
 * Our writes replace the file (a new inode) and a hand edit changes the times, so a different
 * version has a different key. Except within a timestamp's granularity: two writes in one tick
 * (a jiffy on Linux, 2 s on FAT) can leave equal times, and a freed inode number is reused. So a
 * version seen less than SETTLE_MS after it was written is not `settled`, and proves nothing: the
 * file is read again (the "racily clean" rule Git applies to its index).
 */
import fs from 'node:fs';
import { AppError } from '../../../shared/errors';

export interface FileVersion {
  readonly key: string;
  readonly settled: boolean;
}

/** The coarsest timestamp granularity of the filesystems a config folder may live on (FAT's 2 s). */
const SETTLE_MS = 2_000;
const ABSENT: FileVersion = { key: 'absent', settled: true };

/** `text` undefined: the file does not exist. */
export type TextRead = { changed: false; version: FileVersion } | { changed: true; version: FileVersion; text: string | undefined };

function versionOf(stat: fs.BigIntStats): FileVersion {
  const key = [stat.dev, stat.ino, stat.size, stat.mtimeNs, stat.ctimeNs].join(':');
  // Compared with this clock, so a file stamped in the future is never settled.
  return { key, settled: Date.now() - Number(stat.mtimeMs) > SETTLE_MS };
}

/** The version of the file at `filePath` now (a stat: for a file this process has just written, under its lock). */
export function currentVersion(filePath: string): FileVersion {
  try {
    return versionOf(fs.statSync(filePath, { bigint: true }));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return ABSENT;
    throw cannotRead(filePath, err);
  }
}

/** The file's version, and its text unless the file is certainly still the version `known`. */
export function readTextIfChanged(filePath: string, known: FileVersion | undefined): TextRead {
  let fd: number;
  try {
    // An open, not a stat of the path: on NFS an open revalidates what the client cached.
    fd = fs.openSync(filePath, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw cannotRead(filePath, err);
    return known?.key === ABSENT.key ? { changed: false, version: ABSENT } : { changed: true, version: ABSENT, text: undefined };
  }
  try {
    // The version of exactly the text read below: the fd holds this inode whatever replaces the path meanwhile.
    const version = versionOf(fs.fstatSync(fd, { bigint: true }));
    if (known?.settled && known.key === version.key) return { changed: false, version };
    return { changed: true, version, text: fs.readFileSync(fd, 'utf8') };
  } catch (err) {
    throw cannotRead(filePath, err);
  } finally {
    fs.closeSync(fd);
  }
}

const cannotRead = (filePath: string, err: unknown) =>
  new AppError('CONFIG_STORE_FAILED', `Cannot read ${filePath}: ${(err as Error).message}`, { path: filePath });
