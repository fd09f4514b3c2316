/**
 * McpProcessTracker: the record of stdio MCP server processes that this process spawned, so
 * that none outlives it. Each entry point (the app, browser mode, the CLI) builds one through
 * `startProcessTracking` and disposes it last, after the services that spawn through it.
 *
 * Safety layers, in the order they act:
 *  1. closeConnection(): graceful close (3 s), then force-kill the whole process group.
 *  2. closeAll(): the same for everything tracked, at shutdown.
 *  3. process.on('exit') (installed by `killOnExit`, removed by `dispose`): synchronous SIGKILL
 *     of every tracked group, for exits that skip (2).
 *  4. Pid file: every tracked pid is also written to a pid file. After a crash or a SIGKILL
 *     of the app, (3) never runs; the next start reads the file and reaps the survivors: SIGTERM
 *     at once, SIGKILL REAP_GRACE_MS later (or when this process exits, if sooner), without
 *     making the start wait. Only groups proven to be the ones recorded: the leader is still the
 *     recorded process (its start time, on Linux and macOS), or, the leader gone (an npx-like
 *     wrapper that exited with its stdin), a process left in the group carries the group's
 *     mark (GROUP_MARK_ENV, Linux). A reused pid or group id proves neither.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  carriesGroupMark,
  groupAlive,
  groupMembers,
  killProcessGroup,
  processStartTime,
  terminateGroup,
  type ProcessRegistry,
  type TrackedProcess,
} from './transports/processGroup';
import { isPidAlive } from '../../../pidAlive';

export type { TrackedProcess };

/** One line of the pid file. `startTime` guards against killing a pid the OS has reused. */
export interface PidRecord {
  pid: number;
  startTime?: string | undefined;
  ownerPid: number;
  ownerStartTime?: string | undefined;
  label: string;
  /** GROUP_MARK_ENV of the group (stdio servers we spawn), so it is recognised without its leader. */
  groupMark?: string;
}

export interface ReapReport {
  /** Sent SIGTERM; whatever of them is left gets SIGKILL after REAP_GRACE_MS. */
  reaped: PidRecord[];
  /** Recorded processes that were already gone, or whose pid now belongs to someone else. */
  gone: PidRecord[];
}

export const PID_FILE_NAME = 'mcp-processes.json';
const GRACEFUL_MS = 3_000;
/** How long a reaped group has between SIGTERM and SIGKILL. */
export const REAP_GRACE_MS = 3_000;
const FORCE_WAIT_MS = 2_000;

export class McpProcessTracker implements ProcessRegistry {
  private readonly tracked = new Set<TrackedProcess>();
  /** Groups reaped at start, between their SIGTERM and their SIGKILL; recorded as ours meanwhile. */
  private readonly reaping = new Set<PidRecord>();
  private reapTimer: NodeJS.Timeout | undefined;
  private pidFile: string | undefined;
  private exitHook: (() => void) | undefined;
  private readonly ownerStartTime = processStartTime(process.pid);

  /**
   * Where to record pids (the app's data folder). Reaps what a previous run of any owner that
   * has since died left in the file, and returns what it found.
   */
  useStateDir(dir: string): ReapReport {
    if (this.pidFile === path.join(dir, PID_FILE_NAME)) return { reaped: [], gone: [] };
    this.pidFile = path.join(dir, PID_FILE_NAME);
    removeDeadWritersTempFiles(this.pidFile);
    const report = reapSurvivors(this.pidFile);
    for (const record of report.reaped) this.reaping.add(record);
    if (this.reaping.size > 0) this.reapTimer ??= setTimeout(() => this.finishReaping(), REAP_GRACE_MS).unref();
    this.persist();
    return report;
  }

  /** SIGKILL for what is left of the groups reaped at start (still theirs), which are then forgotten. */
  private finishReaping(): void {
    clearTimeout(this.reapTimer);
    this.reapTimer = undefined;
    if (this.reaping.size === 0) return;
    for (const record of this.reaping) if (isRecordedGroup(record)) killProcessGroup(record.pid, 'SIGKILL');
    this.reaping.clear();
    this.persist();
  }

  track(conn: TrackedProcess): void {
    this.tracked.add(conn);
    this.persist();
  }

  untrack(conn: TrackedProcess): void {
    if (this.tracked.delete(conn)) this.persist();
  }

  get size(): number {
    return this.tracked.size;
  }

  /** Graceful close within `gracefulMs`, then the whole process group is killed. */
  async closeConnection(conn: TrackedProcess, gracefulMs = GRACEFUL_MS): Promise<void> {
    const pid = conn.pid;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), gracefulMs)));
    await Promise.race([conn.close().catch(() => undefined), timedOut]);
    clearTimeout(timer);
    if (pid !== undefined) await terminateGroup(pid, FORCE_WAIT_MS);
    this.untrack(conn);
  }

  async closeAll(gracefulMs = GRACEFUL_MS): Promise<void> {
    await Promise.all([...this.tracked].map((conn) => this.closeConnection(conn, gracefulMs)));
  }

  /** The exit-time safety net: synchronous, so it works inside process.on('exit'). */
  killAllSync(): void {
    for (const conn of this.tracked) {
      if (conn.pid !== undefined) killProcessGroup(conn.pid, 'SIGKILL');
    }
    this.tracked.clear();
    this.persist();
    this.finishReaping();
  }

  /** Kills every tracked group when this process exits, even on a path that skips `closeAll`. */
  killOnExit(): void {
    if (this.exitHook) return;
    this.exitHook = () => this.killAllSync();
    process.on('exit', this.exitHook);
  }

  /** Closes what is still tracked and removes the exit hook. Idempotent. */
  async dispose(): Promise<void> {
    await this.closeAll();
    this.finishReaping();
    if (this.exitHook) process.off('exit', this.exitHook);
    this.exitHook = undefined;
  }

  /** Rewrites our own entries; entries of other live owners (the CLI next to the app) are kept. */
  private persist(): void {
    if (!this.pidFile) return;
    const others = readPidFile(this.pidFile).filter((r) => r.ownerPid !== process.pid);
    const owner = { ownerPid: process.pid, ownerStartTime: this.ownerStartTime };
    const ours: PidRecord[] = [...this.tracked].flatMap((conn) =>
      conn.pid === undefined
        ? []
        : [{ pid: conn.pid, startTime: processStartTime(conn.pid), ...owner, label: conn.label, ...(conn.groupMark && { groupMark: conn.groupMark }) }],
    );
    // Until their SIGKILL, so that a crash of ours meanwhile leaves them to the next start again.
    const reaping = [...this.reaping].map((record) => ({ ...record, ...owner }));
    writePidFile(this.pidFile, [...others, ...ours, ...reaping]);
  }
}

/**
 * Sends SIGTERM to the process groups recorded by owners that are no longer running, and drops
 * their entries (the caller escalates; McpProcessTracker does, after REAP_GRACE_MS). A group
 * that cannot be proven to be the recorded one (isRecordedGroup) is someone else's now: skipped.
 */
export function reapSurvivors(pidFile: string): ReapReport {
  const report: ReapReport = { reaped: [], gone: [] };
  const keep: PidRecord[] = [];
  for (const record of readPidFile(pidFile)) {
    if (record.ownerPid !== process.pid && isSameProcess(record.ownerPid, record.ownerStartTime)) {
      keep.push(record); // its owner is alive and still responsible for it
      continue;
    }
    if (record.ownerPid === process.pid) continue; // a stale line of ours, rewritten on persist
    if (isRecordedGroup(record)) {
      killProcessGroup(record.pid, 'SIGTERM');
      report.reaped.push(record);
    } else {
      report.gone.push(record);
    }
  }
  writePidFile(pidFile, keep);
  return report;
}

/**
 * Whether the group `record` names still runs and is the one recorded: its leader is still the
 * recorded process (a zombie leader counts: its pid, the group's id, cannot be reused while it
 * is one), or, the leader gone, a process left in the group carries the group's mark.
 */
function isRecordedGroup(record: PidRecord): boolean {
  if (isSameProcess(record.pid, record.startTime)) return groupAlive(record.pid);
  const mark = record.groupMark;
  return mark !== undefined && groupMembers(record.pid).some((pid) => carriesGroupMark(pid, mark));
}

/**
 * Whether `pid` is still the process that was recorded. Without a recorded start time (Windows)
 * we cannot tell a survivor from a recycled pid, so we never claim it is the same: those
 * survivors are left alone rather than risk killing a stranger.
 */
function isSameProcess(pid: number, startTime: string | undefined): boolean {
  return startTime !== undefined && processStartTime(pid) === startTime;
}

function readPidFile(file: string): PidRecord[] {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    return Array.isArray(parsed) ? parsed.filter(isPidRecord) : [];
  } catch {
    return []; // absent or unreadable: nothing to reap
  }
}

function isPidRecord(value: unknown): value is PidRecord {
  const r = value as Partial<PidRecord> | null;
  return typeof r?.pid === 'number' && typeof r.ownerPid === 'number' && typeof r.label === 'string';
}

/** Removes the temp files (`<file>.<pid>.tmp`, see writePidFile) of writers killed while writing the pid file; a live pid's stays. */
function removeDeadWritersTempFiles(file: string): void {
  const dir = path.dirname(file);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return; // no folder yet: nothing left behind
  }
  const prefix = `${path.basename(file)}.`;
  for (const name of names) {
    const pid = name.startsWith(prefix) && name.endsWith('.tmp') ? Number(name.slice(prefix.length, -'.tmp'.length)) : NaN;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isPidAlive(pid)) fs.rmSync(path.join(dir, name), { force: true });
  }
}

/**
 * Write-then-rename, so a crash mid-write never leaves half a file. Owner-only (0600, folder
 * 0700) like the config beside it; the rename also replaces a looser file an older build left.
 */
function writePidFile(file: string, records: PidRecord[]): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(records, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, file);
}
