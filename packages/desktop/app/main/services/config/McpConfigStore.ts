/**
 * Persistence of MCP server records. The backend is electron-store in Electron and `conf` in
 * browser mode, tests and the CLI (electron-store is built on conf): it creates the file with
 * defaults and writes it atomically (temp file + rename, mode 0600). This module never imports
 * either: the composition root hands it a backend.
 *
 * The app, browser mode and every CLI run are separate processes sharing one file, so every
 * write is a read-modify-write under a lock file (`mcp-config.json.lock`, see fileLock.ts).
 * Reads go to the file directly rather than through the backend: the store must tell a missing
 * file, a file that is not JSON and a record it cannot read apart, and recover from each without
 * losing what the person had (what cannot be used is set aside, never deleted).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { McpServerRecord } from '../../../shared/contracts/mcp-types';
import type { AppNotice } from '../../../shared/contracts/ipc';
import { AppError } from '../../../shared/errors';
import { Emitter } from '../../../shared/lifecycle/Emitter';
import { NoticeBoard } from '../NoticeBoard';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tidyAtStart } from './configFileHygiene';
import { inspectConfigText, type ConfigSnapshot, type RejectedRecord } from './configSnapshot';
import { withFileLock, type FileLockOptions } from './fileLock';
import { readTextIfChanged, type FileVersion } from './fileVersion';

export const MCP_CONFIG_DEFAULTS = { mcpServers: [] };
export const MCP_CONFIG_NAME = 'mcp-config';

/** The slice of conf / electron-store this module uses: writes, and creating the file at open. */
export interface ConfigBackend {
  readonly path: string;
  store: Record<string, unknown>;
}

/** Records before and after a change this process did not make (the CLI, another app window). */
export interface McpConfigChange {
  before: McpServerRecord[];
  after: McpServerRecord[];
}

export interface McpConfigStore {
  readonly path: string;
  /** Notices raised while opening and since (a file or records set aside, the file removed). */
  readonly notices: readonly AppNotice[];
  readServers(): McpServerRecord[];
  /**
   * Read-modify-write in one synchronous step under the file lock, so neither another caller
   * in this process nor another process can write between our read and our write.
   */
  mutate<T>(fn: (servers: McpServerRecord[]) => { servers: McpServerRecord[]; result: T }): T;
  /** Reads the file again (the watcher calls it when the file changed). */
  refresh(): void;
  /** Notices raised after opening. Returns the unsubscribe function. */
  onNotice(listener: (notice: AppNotice) => void): () => void;
  /** Changes another process made, seen on any read. Returns the unsubscribe function. */
  onExternalChange(listener: (change: McpConfigChange) => void): () => void;
}

export interface OpenMcpConfigStoreOptions {
  lock?: FileLockOptions;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/**
 * Opens the store. Under the lock: leftover temp files go, loose modes are tightened, a file
 * that is not JSON is moved aside before the backend sees it (it would throw, or keep a file we
 * cannot use), then the backend creates the file if it is missing.
 */
export function openMcpConfigStore(
  filePath: string,
  openBackend: () => ConfigBackend,
  options: OpenMcpConfigStoreOptions = {},
): McpConfigStore {
  const dir = path.dirname(filePath);
  const locked = <T>(fn: () => T): T => {
    ensurePrivateDir(dir); // the lock lives in it, and the folder may have been removed while we ran
    return withFileLock(`${filePath}.lock`, fn, options.lock);
  };
  // Listeners run after the lock is released and the caller has its answer.
  const board = new NoticeBoard({ deliver: queueMicrotask });
  const external = new Emitter<{ change: McpConfigChange }>();
  let backend: ConfigBackend | undefined;
  /** The records as this process last read or wrote them; a read that differs saw someone else's write. */
  let known: McpServerRecord[] | undefined;
  /** Whether this process has seen the file, so its disappearance is worth a notice (a first run's is not). */
  let sawFile = false;

  const observe = (servers: McpServerRecord[]) => {
    if (known && !sameJson(known, servers)) {
      const change = { before: known, after: servers };
      queueMicrotask(() => external.emit('change', change));
    }
    known = servers;
  };

  const readText = (): string | undefined => {
    try {
      return fs.readFileSync(filePath, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new AppError('CONFIG_STORE_FAILED', `Cannot read ${filePath}: ${(err as Error).message}`, { path: filePath });
    }
  };

  const write = (content: Record<string, unknown>) => {
    if (!backend) throw new Error('McpConfigStore: write before the backend was opened');
    backend.store = content;
    sawFile = true;
  };

  /** A name beside the file that nothing has used yet (two recoveries in one millisecond must not collide). */
  const asidePath = (kind: 'corrupt' | 'rejected') => {
    const base = `${filePath}.${kind}-${stamp()}`;
    let candidate = base;
    for (let n = 2; fs.existsSync(candidate); n++) candidate = `${base}-${n}`;
    return candidate;
  };

  /** Under the lock: makes any snapshot usable, setting aside what cannot be used. */
  const recover = (snapshot: ConfigSnapshot): { frame: Record<string, unknown>; servers: McpServerRecord[] } => {
    switch (snapshot.kind) {
      case 'missing':
        if (sawFile) board.raise(removedNotice(filePath));
        sawFile = false;
        return { frame: {}, servers: [] };
      case 'unreadable': {
        const movedTo = asidePath('corrupt');
        fs.renameSync(filePath, movedTo);
        board.raise(recoveredNotice(filePath, movedTo, snapshot.reason));
        sawFile = false;
        return { frame: {}, servers: [] };
      }
      case 'read':
        sawFile = true;
        if (snapshot.rejected.length > 0) {
          // The set-aside copy is written before the file loses those records.
          const movedTo = asidePath('rejected');
          fs.writeFileSync(movedTo, `${JSON.stringify({ from: filePath, rejected: snapshot.rejected }, null, 2)}\n`, {
            mode: PRIVATE_FILE_MODE,
            flag: 'wx',
          });
          write({ ...snapshot.frame, mcpServers: snapshot.goodRaw });
          board.raise(recordsSetAsideNotice(filePath, movedTo, snapshot.rejected));
        }
        return { frame: snapshot.frame, servers: snapshot.servers };
    }
  };

  /**
   * The records of the version last read whole, handed out again while the file stays that
   * version (fileVersion.ts): a config of tens of thousands of values takes a hundred
   * milliseconds to parse, and lists, lookups and the watcher read it all the time. Shared by
   * every caller, so frozen: a caller that changes one gets an error, not a corrupted cache.
   */
  let lastRead: { version: FileVersion; servers: McpServerRecord[] } | undefined;

  const readServers = (): McpServerRecord[] => {
    const read = readTextIfChanged(filePath, lastRead?.version);
    if (!read.changed) return lastRead!.servers;
    lastRead = undefined;
    const snapshot = inspectConfigText(read.text);
    // The common case needs no lock: the file is only ever replaced whole (rename).
    if (snapshot.kind === 'read' && snapshot.rejected.length === 0) {
      sawFile = true;
      observe(snapshot.servers);
      lastRead = { version: read.version, servers: deepFreeze(snapshot.servers) };
      return snapshot.servers;
    }
    if (snapshot.kind === 'missing' && !sawFile) {
      observe([]);
      return [];
    }
    // Recovery writes, so it happens under the lock, on what the file holds by then.
    return locked(() => {
      const { servers } = recover(inspectConfigText(readText()));
      observe(servers);
      return servers;
    });
  };

  locked(() => {
    tidyAtStart(filePath);
    const first = inspectConfigText(readText());
    if (first.kind === 'unreadable') recover(first);
    backend = openBackend();
    const read = readTextIfChanged(filePath, undefined);
    const snapshot = inspectConfigText(read.changed ? read.text : undefined);
    const { servers } = recover(snapshot);
    observe(servers);
    // What the first readServers would parse again, unless recovery has just rewritten the file.
    if (snapshot.kind === 'read' && snapshot.rejected.length === 0) lastRead = { version: read.version, servers: deepFreeze(servers) };
  });

  return {
    path: filePath,
    notices: board.notices,
    readServers,
    mutate(fn) {
      return locked(() => {
        const current = recover(inspectConfigText(readText()));
        observe(current.servers);
        const { servers, result } = fn(current.servers);
        write({ ...current.frame, mcpServers: servers });
        known = servers;
        return result;
      });
    },
    refresh: () => void readServers(),
    onNotice: (listener) => board.onNotice(listener),
    onExternalChange: (listener) => external.on('change', listener),
  };
}

function recoveredNotice(filePath: string, movedTo: string, reason: string): AppNotice {
  return {
    code: 'CONFIG_RECOVERED',
    message: `The MCP configuration at ${filePath} could not be read (${reason}). It was kept as ${movedTo} and the app continues with an empty configuration.`,
    data: { path: filePath, movedTo, reason },
  };
}

function recordsSetAsideNotice(filePath: string, movedTo: string, rejected: RejectedRecord[]): AppNotice {
  const details = rejected.map((r) => `#${r.index}${r.name === undefined ? '' : ` "${r.name}"`} (${r.reason})`).join('; ');
  return {
    code: 'CONFIG_RECORDS_SET_ASIDE',
    message: `${rejected.length} server record(s) in ${filePath} could not be read and were kept in ${movedTo}: ${details}. The other servers are unaffected.`,
    data: {
      path: filePath,
      movedTo,
      count: rejected.length,
      details,
      records: rejected.map(({ index, name, reason }) => ({ index, ...(name === undefined ? {} : { name }), reason })),
    },
  };
}

function removedNotice(filePath: string): AppNotice {
  return {
    code: 'CONFIG_REMOVED',
    message: `The MCP configuration at ${filePath} was removed while the app was running; the server list is empty now.`,
    data: { path: filePath },
  };
}
