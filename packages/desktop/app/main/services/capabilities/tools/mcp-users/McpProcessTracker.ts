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
 *     of the app, (3) never runs; the next start reads the file and reaps the survivors (on
 *     Linux and macOS, where a pid's start time proves it was not recycled meanwhile).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  groupAlive,
  killProcessGroup,
  processStartTime,
  terminateGroup,
  type ProcessRegistry,
  type TrackedProcess,
} from './transports/processGroup';

export type { TrackedProcess };

/** One line of the pid file. `startTime` guards against killing a pid the OS has reused. */
export interface PidRecord {
  pid: number;
  startTime?: string;
  ownerPid: number;
  ownerStartTime?: string;
  label: string;
}

export interface ReapReport {
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
    const report = reapSurvivors(this.pidFile);
    this.persist();
    return report;
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
    if (this.exitHook) process.off('exit', this.exitHook);
    this.exitHook = undefined;
  }

  /** Rewrites our own entries; entries of other live owners (the CLI next to the app) are kept. */
  private persist(): void {
    if (!this.pidFile) return;
    const others = readPidFile(this.pidFile).filter((r) => r.ownerPid !== process.pid);
    const ours: PidRecord[] = [...this.tracked].flatMap((conn) =>
      conn.pid === undefined
        ? []
        : [{ pid: conn.pid, startTime: processStartTime(conn.pid), ownerPid: process.pid, ownerStartTime: this.ownerStartTime, label: conn.label }],
    );
    writePidFile(this.pidFile, [...others, ...ours]);
  }
}

/**
 * Kills the process groups recorded by owners that are no longer running, and drops their
 * entries. A pid whose start time differs from the recorded one is someone else's now: skipped.
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
    if (isSameProcess(record.pid, record.startTime) && groupAlive(record.pid)) {
      killProcessGroup(record.pid, 'SIGKILL');
      report.reaped.push(record);
    } else {
      report.gone.push(record);
    }
  }
  writePidFile(pidFile, keep);
  return report;
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
