/**
 * A synchronous cross-process lock: a lock file created with O_EXCL beside the file it guards.
 * The app, browser mode and every CLI run are separate processes writing one config file, so a
 * read-modify-write must exclude the others, not just other callers in this process.
 *
 * Synchronous on purpose: `McpConfigStore.mutate` is synchronous (callers rely on it never
 * yielding between read and write). Waiting sleeps with `Atomics.wait` and a short backoff; the
 * holder only ever holds it for one read, one edit and one atomic write.
 *
 * A holder that died (`kill -9`) leaves its lock file behind. It is stale when its pid is gone,
 * or when it is older than `staleMs` (a stopped or hung holder, or a pid from another machine on
 * a shared folder). Each lock carries a random token, so a waiter that takes a stale lock away
 * checks it moved the lock it judged stale, and a holder releases only its own lock.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { AppError } from '../../../shared/errors';

export interface FileLockOptions {
  /** Give up after this long with CONFIG_STORE_FAILED naming the lock file. */
  timeoutMs?: number;
  /** A lock older than this is stale even when its pid is alive. */
  staleMs?: number;
}

// Generous: on a machine loaded far past its cores (16 CLI runs at once on 2 shared cores), a
// waiter can queue behind many holders, and a holder can be descheduled for seconds mid-hold;
// taking a live holder's lock too early would let two writers in.
const DEFAULTS = { timeoutMs: 60_000, staleMs: 10_000 };
const MAX_BACKOFF_MS = 25;

interface LockOwner {
  pid: number;
  token: string;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);

/** Runs `fn` while holding `lockPath`; the lock is released however `fn` ends. */
export function withFileLock<T>(lockPath: string, fn: () => T, options: FileLockOptions = {}): T {
  const token = acquire(lockPath, { ...DEFAULTS, ...options });
  try {
    return fn();
  } finally {
    release(lockPath, token);
  }
}

function acquire(lockPath: string, { timeoutMs, staleMs }: Required<FileLockOptions>): string {
  const token = `${process.pid}-${randomBytes(8).toString('hex')}`;
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(lockPath, token)) return token;
    const owner = readOwner(lockPath);
    if (owner !== 'gone' && isStale(lockPath, owner, staleMs)) {
      takeAway(lockPath, owner);
      continue;
    }
    if (Date.now() > deadline) {
      const holder = owner !== 'gone' && owner ? ` (held by pid ${owner.pid})` : '';
      throw new AppError('CONFIG_STORE_FAILED', `Timed out after ${timeoutMs} ms waiting for the lock ${lockPath}${holder}`, {
        path: lockPath,
        ...(owner !== 'gone' && owner ? { pid: owner.pid } : {}),
      });
    }
    // Exponential up to a small cap, with jitter so waiters do not retry in step.
    sleep(Math.min(MAX_BACKOFF_MS, 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()));
  }
}

function tryCreate(lockPath: string, token: string): boolean {
  let fd: number;
  try {
    fd = fs.openSync(lockPath, 'wx', 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new AppError('CONFIG_STORE_FAILED', `Cannot create the lock ${lockPath}: ${(err as Error).message}`, { path: lockPath });
  }
  try {
    fs.writeSync(fd, JSON.stringify({ pid: process.pid, token } satisfies LockOwner));
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

/**
 * The lock's owner; undefined while its holder has created but not yet written it (or wrote
 * something we cannot read), 'gone' when there is no lock file any more.
 */
function readOwner(lockPath: string): LockOwner | undefined | 'gone' {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    return typeof parsed.pid === 'number' && typeof parsed.token === 'string' ? { pid: parsed.pid, token: parsed.token } : undefined;
  } catch {
    return undefined;
  }
}

function isStale(lockPath: string, owner: LockOwner | undefined, staleMs: number): boolean {
  if (owner && owner.pid !== process.pid && !isAlive(owner.pid)) return true;
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs > staleMs;
  } catch {
    return false; // released meanwhile: the next attempt creates it
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes a stale lock. Another waiter may have removed it and taken a fresh lock since we
 * looked, so the lock is first renamed to a name only we use and checked: if it is not the one
 * judged stale, it is put back (link fails rather than overwrite a lock taken meanwhile).
 */
function takeAway(lockPath: string, stale: LockOwner | undefined): void {
  const aside = `${lockPath}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch {
    return; // someone else removed it first
  }
  const moved = readOwner(aside);
  const wasStale = stale === undefined ? moved === undefined : moved !== 'gone' && moved?.token === stale.token;
  if (!wasStale) {
    try {
      fs.linkSync(aside, lockPath);
    } catch {
      // A lock was taken in the instant it was away; its holder and this one's both run.
      // Only reachable when two waiters recover the same crashed holder's lock at once.
    }
  }
  fs.rmSync(aside, { force: true });
}

function release(lockPath: string, token: string): void {
  const owner = readOwner(lockPath);
  // Our lock was judged stale and taken over (we held it past staleMs): it is not ours to delete.
  if (owner === 'gone' || owner?.token !== token) return;
  fs.rmSync(lockPath, { force: true });
}
