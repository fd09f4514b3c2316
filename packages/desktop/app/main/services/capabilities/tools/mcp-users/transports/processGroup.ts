/**
 * Process-group primitives shared by the stdio transport and McpProcessTracker. Stdio MCP
 * servers lead their own process group (POSIX), so every kill goes to the whole group and
 * `npx`/`uvx` wrappers' grandchildren die with them.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { findCommand, isExplicitPath } from '../deps/findCommand';

export const IS_WINDOWS = process.platform === 'win32';

/** A process group we started and must not leak: its leader's pid and a graceful close. */
export interface TrackedProcess {
  readonly pid: number | undefined;
  /** For log lines only (never includes env values, headers or arguments). */
  readonly label: string;
  /** The value of GROUP_MARK_ENV the group was started with, if it was. */
  readonly groupMark?: string;
  close(): Promise<void>;
}

/**
 * Set in a stdio server's environment, a random value per spawn, and inherited by everything it
 * starts. It is how a later run recognises what is left of a group after the app was killed and
 * the group's leader (an npx-like wrapper) has exited too: by then the leader's pid, which is
 * also the group's id, may belong to someone else, but a process that carries a value only we
 * chose is ours. An opaque token, no secret: it tells the server nothing about the person.
 */
export const GROUP_MARK_ENV = 'ELFTIA_MCP_GROUP';

/**
 * Where spawned processes are registered for the app's lifetime (McpProcessTracker): it kills
 * them at exit and, after a crash, at the next start.
 */
export interface ProcessRegistry {
  track(process: TrackedProcess): void;
  untrack(process: TrackedProcess): void;
}
const HAS_PROC = process.platform === 'linux' && existsSync('/proc/self/stat');

/** What to hand to spawn so that the program leads a new process group. */
export interface GroupLeaderSpawn {
  command: string;
  args: string[];
  detached: boolean;
}

/**
 * Sets the process group, then becomes the program (same pid, so the group id is its pid).
 * `exec {name} list` runs `name` looked up in the PATH of the environment it was given, as spawn does.
 */
const PERL_GROUP_LAUNCHER = 'setpgrp(0, 0); exec { $ARGV[0] } @ARGV; print STDERR "cannot start $ARGV[0]: $!\n"; exit 127;';

let perlPath: string | null | undefined;
function perl(): string | undefined {
  perlPath ??= findCommand('perl', { pathValue: process.env.PATH ?? '' }) ?? null;
  return perlPath ?? undefined;
}

/**
 * How to spawn `command` as the leader of its own process group (POSIX), so every kill reaches
 * what it starts. Node's only way is `detached`, which is setsid(): a new session too, and on
 * Linux with CFS autogroups (the default on desktop distributions) a new session is a new
 * scheduling group, which tripled each request/response round trip with a stdio server
 * (`npm run bench`: about 100 µs against 31 µs for a child in our session). Perl's setpgrp makes
 * the group without the session, so where Perl is installed (the base of Debian, Ubuntu and
 * macOS) the program is started through a one-line Perl launcher that becomes it. With no Perl,
 * or a command that is not there (so spawn reports it exactly as before), it is `detached`.
 * Windows has no process groups: the tree is ended with taskkill instead.
 *
 * For the first moment, until the launcher's setpgrp, the group does not exist yet, and a group
 * kill then reaches nobody: a close that early gets through at its SIGKILL step, seconds later.
 */
export function groupLeaderSpawn(command: string, args: string[], { cwd, env }: { cwd?: string | undefined; env?: Record<string, string | undefined> | undefined }): GroupLeaderSpawn {
  if (IS_WINDOWS) return { command, args, detached: false };
  const launcher = perl();
  const lookup = cwd && isExplicitPath(command) ? path.resolve(cwd, command) : command;
  if (!launcher || !findCommand(lookup, { pathValue: (env ?? process.env).PATH ?? '' })) return { command, args, detached: true };
  return { command: launcher, args: ['-e', PERL_GROUP_LAUNCHER, '--', command, ...args], detached: false };
}

/**
 * Sends `signal` to the process group led by `pid` (POSIX). Windows has no process groups and
 * no signals: there `taskkill /T /F` ends the process and its whole tree, so an `npx` wrapper's
 * server goes too. A group that no longer exists (ESRCH) is not an error.
 */
export function killProcessGroup(pid: number, signal: NodeJS.Signals): void {
  if (IS_WINDOWS) {
    spawnSync('taskkill', ['/pid', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
    return;
  }
  try {
    process.kill(-pid, signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ESRCH') throw err;
  }
}

/** `/proc/<pid>/stat` fields after the parenthesised command name: state ppid pgrp … starttime is [19]. */
function procStatFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // gone, or exited while we were scanning
  }
}

/**
 * The non-zombie processes in group `pgid` (Linux; elsewhere none are listed). From /proc
 * because `kill(-pgid, 0)` also succeeds for zombies, and orphaned zombies linger wherever PID 1
 * does not reap them (containers); waiting on those would only burn the timeout.
 */
export function groupMembers(pgid: number): number[] {
  if (!HAS_PROC) return [];
  return readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    const fields = procStatFields(entry);
    return fields !== undefined && Number(fields[2]) === pgid && fields[0] !== 'Z';
  }).map(Number);
}

/** Whether any non-zombie process is still in group `pgid`. */
export function groupAlive(pgid: number): boolean {
  if (HAS_PROC) return groupMembers(pgid).length > 0;
  try {
    process.kill(IS_WINDOWS ? pgid : -pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether `pid` started with GROUP_MARK_ENV=`mark` in its environment (Linux, where another
 * process's environment can be read; elsewhere never, so nothing is claimed without proof).
 */
export function carriesGroupMark(pid: number, mark: string): boolean {
  if (!HAS_PROC) return false;
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${GROUP_MARK_ENV}=${mark}`);
  } catch {
    return false; // gone, or not ours to read
  }
}

/**
 * When the process started (Linux: clock ticks since boot; macOS: `ps` lstart), or undefined
 * where that cannot be read (Windows). Recorded next to a pid so that a later run never kills a
 * recycled pid.
 */
export function processStartTime(pid: number): string | undefined {
  if (HAS_PROC) return procStatFields(pid)?.[19];
  if (process.platform === 'darwin') {
    const ps = spawnSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8' });
    return ps.status === 0 && ps.stdout.trim() ? ps.stdout.trim() : undefined;
  }
  return undefined;
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitUntil(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() >= deadline) return false;
    await delay(25);
  }
  return true;
}

/** SIGTERM the group, wait, then SIGKILL whatever is left, and wait for it to be gone. */
export async function terminateGroup(pgid: number, waitMs: number): Promise<void> {
  if (!groupAlive(pgid)) return;
  killProcessGroup(pgid, 'SIGTERM');
  if (await waitUntil(() => !groupAlive(pgid), waitMs)) return;
  killProcessGroup(pgid, 'SIGKILL');
  await waitUntil(() => !groupAlive(pgid), waitMs);
}
