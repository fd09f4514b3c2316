/**
 * A synchronous cross-process lock: a lock file, created exclusively, beside the file it guards.
 * The app, browser mode and every CLI run are separate processes writing one config file, so a
 * read-modify-write must exclude the others, not just other callers in this process.
 *
 * Synchronous on purpose: `McpConfigStore.mutate` is synchronous (callers rely on it never
 * yielding between read and write). Waiting sleeps with `Atomics.wait` and a short backoff; the
 * holder only ever holds it for one read, one edit and one atomic write.
 *
 * A holder that died (`kill -9`) leaves its lock file behind. It is stale when its pid is gone,
 * or when it is older than `staleMs` (a stopped or hung holder, or a pid from another machine on
 * a shared folder). A lock is created whole (written aside, then linked into place, which fails
 * if the name exists), and each lock's text is unique (a random token). Removing a lock that is
 * not one's own takes a guard: `<lock>.takeover-<hash of that lock's text>`, created the same
 * exclusive way. Only the guard's holder may delete that lock, and only after reading that the
 * lock still has exactly that text; a holder releasing its own lock takes the same guard. So of
 * any number of waiters that judge one lock stale at once, one deletes it, and none can delete
 * the fresh lock that replaces it: the guard names the stale lock's text, which never returns.
 * A guard whose creator died is itself a stale lock, recovered the same way one level down.
 *
 * Nothing is left behind on any exit that runs code: drafts and guards are removed in `finally`
 * (they never outlive one synchronous call), and a lock whose holder calls process.exit inside
 * it is released by an exit hook. A holder killed outright (SIGKILL, a crash) leaves what it had;
 * `removeDeadHoldersLeftovers` clears that at the next start, by the same rules a waiter uses.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AppError } from '../../../shared/errors';
import { isPidAlive } from '../pidAlive';

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
/** link(2) errors of filesystems without hard links. */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'ENOSYS', 'EOPNOTSUPP']);

interface LockOwner {
  pid: number;
  token: string;
}

/** A lock file as read: its exact text, and its owner when the text names one. */
interface LockFile {
  text: string;
  owner: LockOwner | undefined;
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms: number) => Atomics.wait(sleeper, 0, 0, ms);

/** Locks this process holds now, by path, with their tokens, for the exit hook. */
const held = new Map<string, string>();
let exitHooked = false;
/** process.exit inside `fn` skips every `finally`: the locks held then are released here. */
const releaseHeldLocks = () => [...held].reverse().forEach(([lockPath, token]) => release(lockPath, token));

/** Runs `fn` while holding `lockPath`; the lock is released however `fn` ends. */
export function withFileLock<T>(lockPath: string, fn: () => T, options: FileLockOptions = {}): T {
  const token = acquire(lockPath, { ...DEFAULTS, ...options });
  held.set(lockPath, token);
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', releaseHeldLocks);
  }
  try {
    return fn();
  } finally {
    held.delete(lockPath);
    release(lockPath, token);
  }
}

/** Unique per lock file, draft and guard; starts with the pid, which draft names carry. */
const newToken = () => `${process.pid}-${randomBytes(8).toString('hex')}`;
/** `<file>.draft-<pid>-<hex>`: a lock or guard being created (tryCreate). */
const DRAFT_NAME = /\.draft-(\d+)-[0-9a-f]+$/;
/** `<lock>.takeover-<hash>`, one level of guard per suffix. */
const GUARD_NAME = /\.takeover-[0-9a-f]{16}$/;

/**
 * Removes what holders that died left beside `lockPath` (at a start, when a killed writer's files
 * would otherwise stay forever): drafts, named after their creator's pid, and takeover guards at
 * any depth, holding their creator's `{pid, token}`. Files of a live pid are in use and stay (a
 * pid another process took since keeps its predecessor's files until that one ends too: never a
 * wrong removal). A guard is removed through the takeover protocol, as a waiter recovers one, so
 * a guard a live waiter has just created under the same name is never touched. The lock itself
 * is left to `acquire`, which recovers it when it is stale.
 */
export function removeDeadHoldersLeftovers(lockPath: string): void {
  const dir = path.dirname(lockPath);
  const prefix = `${path.basename(lockPath)}.`;
  const isDead = (pid: number) => pid !== process.pid && !isPidAlive(pid);
  const token = newToken();
  // Deepest first: a guard whose own guard was left too can only be taken over once that one is gone.
  const names = fs
    .readdirSync(dir)
    .filter((name) => name.startsWith(prefix))
    .sort((a, b) => b.length - a.length);
  for (const name of names) {
    const file = path.join(dir, name);
    const draftOf = DRAFT_NAME.exec(name)?.[1];
    if (draftOf !== undefined) {
      // Only its creator ever uses a draft; it may be a second link to a lock or guard, which stays.
      if (isDead(Number(draftOf))) fs.rmSync(file, { force: true });
    } else if (GUARD_NAME.test(name)) {
      const guard = readLock(file);
      // A guard without a readable owner is one being written on a filesystem without hard links: in use.
      if (guard?.owner && isDead(guard.owner.pid)) removeIfStill(file, guard, token);
    }
  }
}

function acquire(lockPath: string, { timeoutMs, staleMs }: Required<FileLockOptions>): string {
  const token = newToken();
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    if (tryCreate(lockPath, token)) return token;
    const lock = readLock(lockPath);
    if (lock && isStale(lockPath, lock, staleMs)) {
      removeIfStill(lockPath, lock, token);
      continue;
    }
    if (Date.now() > deadline) {
      const owner = lock?.owner;
      const holder = owner ? ` (held by pid ${owner.pid})` : '';
      throw new AppError('CONFIG_STORE_FAILED', `Timed out after ${timeoutMs} ms waiting for the lock ${lockPath}${holder}`, {
        path: lockPath,
        ...(owner ? { pid: owner.pid } : {}),
      });
    }
    // Exponential up to a small cap, with jitter so waiters do not retry in step.
    sleep(Math.min(MAX_BACKOFF_MS, 2 ** Math.min(attempt, 5)) * (0.5 + Math.random()));
  }
}

/** Creates `lockPath` holding `token`, whole or not at all; false when it exists. */
function tryCreate(lockPath: string, token: string): boolean {
  const draft = `${lockPath}.draft-${token}`;
  try {
    const text = JSON.stringify({ pid: process.pid, token } satisfies LockOwner);
    fs.writeFileSync(draft, text, { mode: 0o600, flag: 'wx' });
    try {
      fs.linkSync(draft, lockPath);
    } catch (err) {
      if (!NO_HARD_LINKS.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
      // FAT and some network filesystems have no hard links: create the lock directly. For a
      // moment it may be empty, which readLock judges by age, and a fresh lock is never stale.
      fs.writeFileSync(lockPath, text, { mode: 0o600, flag: 'wx' });
    }
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw new AppError('CONFIG_STORE_FAILED', `Cannot create the lock ${lockPath}: ${(err as Error).message}`, { path: lockPath });
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/** The lock file's text and owner; undefined when there is none (or it cannot be read now). */
function readLock(lockPath: string): LockFile | undefined {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    const owner = typeof parsed.pid === 'number' && typeof parsed.token === 'string' ? { pid: parsed.pid, token: parsed.token } : undefined;
    return { text, owner };
  } catch {
    return { text, owner: undefined }; // not ours to read (a foreign or damaged file): judged by age
  }
}

function isStale(lockPath: string, { owner }: LockFile, staleMs: number): boolean {
  if (owner && owner.pid !== process.pid && !isPidAlive(owner.pid)) return true;
  try {
    return Date.now() - fs.statSync(lockPath).mtimeMs > staleMs;
  } catch {
    return false; // released meanwhile: the next attempt creates it
  }
}

/**
 * Deletes `lockPath` if it is still exactly `lock`, under that lock's guard (see the top of
 * this file). When another process holds the guard, it is doing the same, so this one only
 * returns. A guard is held for one read and one delete, so only its holder's death makes it
 * stale, never its age: a guard holder that is merely slow is never overtaken.
 */
function removeIfStill(lockPath: string, lock: LockFile, token: string): void {
  const guardPath = `${lockPath}.takeover-${createHash('sha256').update(lock.text).digest('hex').slice(0, 16)}`;
  if (!tryCreate(guardPath, token)) {
    const guard = readLock(guardPath);
    if (guard?.owner && !isPidAlive(guard.owner.pid)) removeIfStill(guardPath, guard, token);
    return;
  }
  try {
    if (readLock(lockPath)?.text === lock.text) fs.rmSync(lockPath, { force: true });
  } finally {
    fs.rmSync(guardPath, { force: true });
  }
}

function release(lockPath: string, token: string): void {
  const lock = readLock(lockPath);
  // Our lock was judged stale and taken over (we held it past staleMs): it is not ours to delete.
  if (lock?.owner?.token !== token) return;
  removeIfStill(lockPath, lock, token);
}
