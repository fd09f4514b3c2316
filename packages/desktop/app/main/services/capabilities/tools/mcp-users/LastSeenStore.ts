/**
 * What was last seen of each server, kept across runs in `last-seen.json` beside the config: the
 * tools it listed and when, and how its last connect ended. The pool is lazy (nothing starts when
 * the app opens or the list shows), so this is what the list shows for a server until something
 * needs it live, and what the CLI shows of the app's servers.
 *
 * - Never secrets: tool names, titles, descriptions (clipped) and annotations; an error's code and
 *   first line (server output in it is already redacted by McpServerLog).
 * - Written like the other private files (privateJsonFile.ts: 0600, atomic, under its lock), at
 *   most every WRITE_DELAY_MS: a cold start that lists a hundred servers writes it a few times,
 *   not a hundred. Each write merges what is on disk, newest `at` first, so the app and a CLI run
 *   keep each other's entries.
 * - A cache: an entry or a file that cannot be read is left out, never an error.
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { McpLastSeenSchema, type MCPTool, type McpLastOutcome, type McpLastSeen, type McpSeenTool } from '@shared/contracts/mcp-types';
import { openPrivateJsonFile, type PrivateJsonFile } from '../../../config/privateJsonFile';

export const LAST_SEEN_FILE_NAME = 'last-seen.json';
/** A description is shown as a reminder of what a tool does; the live listing has the whole text. */
const DESCRIPTION_CHARS = 500;
const WRITE_DELAY_MS = 500;

type Entry = Omit<McpLastSeen, 'serverId'>;
const EntrySchema = McpLastSeenSchema.omit({ serverId: true });
const FileSchema = z.object({ servers: z.record(z.string(), z.unknown()) });

export interface LastSeenStore {
  list(): McpLastSeen[];
  get(serverId: string): McpLastSeen | undefined;
  /** A server listed these tools just now (all of them, disabled ones too: the switches are the record's). */
  toolsListed(serverId: string, tools: readonly Pick<MCPTool, 'name' | 'title' | 'description' | 'annotations'>[]): void;
  /** How a connect just ended (or a connection dropped). */
  outcome(serverId: string, outcome: McpLastOutcome): void;
  /** The process that recorded a failure's retry will not make it (it is shutting down). */
  noRetry(serverId: string): void;
  forget(serverId: string): void;
  /** Gives back what `forget` dropped (a removed server restored by "Undo"); a newer entry seen meanwhile wins. */
  restore(seen: McpLastSeen): void;
  /** Writes what is pending now (on dispose). */
  flush(): void;
}

const seenTool = ({ name, title, description, annotations }: Pick<MCPTool, 'name' | 'title' | 'description' | 'annotations'>): McpSeenTool => ({
  name,
  ...(title ? { title } : {}),
  ...(description ? { description: description.length > DESCRIPTION_CHARS ? `${description.slice(0, DESCRIPTION_CHARS - 1)}…` : description } : {}),
  ...(annotations ? { annotations } : {}),
});

/** The newer of two entries' sections, each by its own `at`. */
function merge(a: Entry | undefined, b: Entry | undefined): Entry {
  const newer = <T extends { at: number }>(x: T | undefined, y: T | undefined) => (x && y ? (y.at > x.at ? y : x) : (x ?? y));
  const tools = newer(a?.tools, b?.tools);
  const outcome = newer(a?.outcome, b?.outcome);
  return { ...(tools ? { tools } : {}), ...(outcome ? { outcome } : {}) };
}

/** Only in memory (tests, and services built without a config folder). */
export function memoryLastSeenStore(): LastSeenStore {
  return openLastSeenStore(undefined);
}

export function openLastSeenStore(configDir: string | undefined): LastSeenStore {
  const file: PrivateJsonFile | undefined = configDir === undefined ? undefined : openPrivateJsonFile(path.join(configDir, LAST_SEEN_FILE_NAME));
  const entries = new Map<string, Entry>();
  const forgotten = new Set<string>();
  let dirty = false;
  let timer: NodeJS.Timeout | undefined;
  /** The file's mtime as we last read or wrote it: another process's write changes it. */
  let seenMtime = -1;

  const mtime = () => {
    try {
      return file ? fs.statSync(file.path).mtimeMs : -1;
    } catch {
      return -1;
    }
  };
  const readFile = (): Map<string, Entry> => {
    const read = new Map<string, Entry>();
    let content: unknown;
    try {
      content = file?.read();
    } catch {
      return read; // not JSON: rewritten at the next write
    }
    const parsed = FileSchema.safeParse(content);
    if (!parsed.success) return read;
    for (const [id, raw] of Object.entries(parsed.data.servers)) {
      const entry = EntrySchema.safeParse(raw);
      if (entry.success) read.set(id, entry.data);
    }
    return read;
  };
  /** Folds the file's entries into ours: what another process saw later wins. */
  const absorbFile = () => {
    seenMtime = mtime();
    for (const [id, entry] of readFile()) if (!forgotten.has(id)) entries.set(id, merge(entries.get(id), entry));
  };
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!file || !dirty) return;
    dirty = false;
    try {
      file.locked(() => {
        absorbFile();
        file.write({ servers: Object.fromEntries(entries) });
      });
      forgotten.clear();
      seenMtime = mtime();
    } catch {
      // A cache that cannot be written now is written with the next change.
    }
  };
  const changed = () => {
    dirty = true;
    if (!file || timer) return;
    timer = setTimeout(write, WRITE_DELAY_MS);
    // Never keeps a one-shot CLI process alive; dispose flushes.
    timer.unref();
  };
  const current = () => {
    if (file && mtime() !== seenMtime) absorbFile();
    return entries;
  };
  absorbFile();

  return {
    list() {
      return [...current()].map(([serverId, entry]) => ({ serverId, ...entry }));
    },
    get(serverId) {
      const entry = current().get(serverId);
      return entry && { serverId, ...entry };
    },
    toolsListed(serverId, tools) {
      entries.set(serverId, { ...entries.get(serverId), tools: { at: Date.now(), list: tools.map(seenTool) } });
      changed();
    },
    outcome(serverId, outcome) {
      entries.set(serverId, { ...entries.get(serverId), outcome });
      changed();
    },
    noRetry(serverId) {
      const entry = entries.get(serverId);
      if (entry?.outcome?.ok !== false || entry.outcome.retryAt === undefined) return;
      const { retryAt: _gone, ...outcome } = entry.outcome;
      entries.set(serverId, { ...entry, outcome });
      changed();
    },
    forget(serverId) {
      // Another process may have written it to the file: the next write leaves it out there too.
      entries.delete(serverId);
      forgotten.add(serverId);
      changed();
    },
    restore({ serverId, ...entry }) {
      forgotten.delete(serverId);
      entries.set(serverId, merge(entry, entries.get(serverId)));
      changed();
    },
    flush: write,
  };
}

