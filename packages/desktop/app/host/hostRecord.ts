/**
 * Where a host serving a config folder runs: `host.json` beside the config, written by the
 * browser-mode host and by `elftia-mcp daemon` once they listen, removed when they stop. CLI
 * commands read it to send their routes to that host (warm connections) instead of starting
 * servers of their own. It holds the host's token, so it is private like the config (0600, written
 * whole by rename). A record whose process is gone (a SIGKILL, a crash) or was replaced by another
 * with the same pid (its start time differs) is stale: whoever finds it removes it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isPidAlive } from '../main/services/pidAlive';
import { processStartTime } from '../main/services/capabilities/tools/mcp-users/transports/processGroup';

export const HOST_RECORD_FILE = 'host.json';

export const HostRecordSchema = z.object({
  /** `daemon`: started by `elftia-mcp daemon`; `browser`: the browser-mode host (a page may be using it). */
  kind: z.enum(['daemon', 'browser']),
  pid: z.number().int().positive(),
  /** The process's start time (processStartTime): a recycled pid is not taken for the host. */
  startTime: z.string().optional(),
  port: z.number().int().min(1).max(65535),
  token: z.string().min(16),
  /** Epoch milliseconds. */
  startedAt: z.number(),
});
export type HostRecord = z.infer<typeof HostRecordSchema>;

export const hostRecordPath = (configDir: string) => path.join(configDir, HOST_RECORD_FILE);

export function readHostRecord(configDir: string): HostRecord | undefined {
  let text: string;
  try {
    text = fs.readFileSync(hostRecordPath(configDir), 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = HostRecordSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the recorded process still runs and is the one that wrote the record. */
export function hostProcessAlive(record: Pick<HostRecord, 'pid' | 'startTime'>): boolean {
  if (!isPidAlive(record.pid)) return false;
  return record.startTime === undefined || processStartTime(record.pid) === record.startTime;
}

/**
 * Writes this process's record, unless another live host already serves the folder: the CLI then
 * keeps using that one (the first host wins; a second browser-mode host still works for its page).
 * Returns whether the record is ours.
 */
export function claimHostRecord(configDir: string, record: Omit<HostRecord, 'pid' | 'startTime'>): boolean {
  const existing = readHostRecord(configDir);
  if (existing && existing.pid !== process.pid && hostProcessAlive(existing)) return false;
  const file = hostRecordPath(configDir);
  fs.mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  const startTime = processStartTime(process.pid);
  const full: HostRecord = { ...record, pid: process.pid, ...(startTime !== undefined && { startTime }) };
  fs.writeFileSync(tmp, JSON.stringify(full, null, 2), { mode: 0o600 });
  fs.renameSync(tmp, file);
  return true;
}

/**
 * Removes the record if it is still the one `expected` names (by pid and token): a host that
 * started since and wrote its own must keep it.
 */
export function removeHostRecord(configDir: string, expected: Pick<HostRecord, 'pid' | 'token'>): void {
  const current = readHostRecord(configDir);
  const file = hostRecordPath(configDir);
  // An unreadable record (half a hand edit) names nobody: it goes too.
  if (current && (current.pid !== expected.pid || current.token !== expected.token)) return;
  fs.rmSync(file, { force: true });
}
