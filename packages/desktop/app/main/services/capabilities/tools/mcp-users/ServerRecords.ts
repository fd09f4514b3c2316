/**
 * The MCP server records: validation, unique names, ids and the store. Every change is announced
 * as `mcp.servers_changed` once it is written; what a change does to a connection is the pool's
 * business (see pool/connectionEffect.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  McpServerInputSchema,
  McpServerRecordSchema,
  type McpLastSeen,
  type McpServerInput,
  type McpServerRecord,
  type McpServerRecordUpdate,
  type McpServersChanged,
} from '@shared/contracts/mcp-types';
import { AppError, validationFailure } from '@shared/errors';
import type { McpConfigStore } from '../../../config/McpConfigStore';
import type { NoticeBoard } from '../../../NoticeBoard';
import { needsActivationReview } from './common/activationReview';
import type { DuplicateAction, ImportDecision, McpImportResult } from '@shared/contracts/mcp-import';
import type { ImportEntry } from './common/importDialects';
import { nameKey, planImport, RenameTakenError, type PlannedEntry } from './common/importPlan';

function newServerId(now = Date.now()): string {
  return `mcp_${now}_${randomBytes(4).toString('hex')}`;
}

/** Names are unique regardless of case and surrounding space. */
const sameName = (a: string, b: string) => nameKey(a) === nameKey(b);

const notFound = (id: string) => new AppError('NOT_FOUND', `No MCP server with id ${id}`, { id });

/** How long a removed server can be restored exactly (the list's "Undo"), and how many are kept. */
export const RESTORE_WINDOW_MS = 5 * 60_000;
const RESTORE_KEPT = 20;

export interface ImportOutcome {
  added: McpServerRecord[];
  replaced: { before: McpServerRecord; server: McpServerRecord }[];
  /** One entry per server in the text, good or bad, in its order. */
  results: McpImportResult['results'];
}

export class ServerRecords {
  /**
   * Servers removed by this process, with their real secrets and place in the list, so "Undo"
   * brings back the same record (same id, secrets, disabled tools…) without the secrets ever
   * leaving the process, and what was last seen of it (its tools), which the list shows until the
   * server next connects. Memory only: a restart ends every undo.
   */
  private readonly removed = new Map<string, { record: McpServerRecord; index: number; at: number; lastSeen: McpLastSeen | undefined }>();

  constructor(
    private readonly store: McpConfigStore,
    private readonly announce: (change: McpServersChanged) => void,
  ) {}

  list(): McpServerRecord[] {
    return this.store.readServers();
  }

  get(id: string): McpServerRecord {
    const server = this.store.readServers().find((s) => s.id === id);
    if (!server) throw notFound(id);
    return server;
  }

  add(input: McpServerInput): McpServerRecord {
    const server = this.insert(input);
    this.announce({ reason: 'added', id: server.id });
    return server;
  }

  /**
   * Carries out an import in one locked write: every entry added, replaced, renamed or skipped
   * as `planImport` decides on the records as they are now, or (a chosen name is taken) nothing.
   */
  importEntries(entries: readonly ImportEntry[], decisions?: readonly ImportDecision[], onDuplicate?: DuplicateAction): ImportOutcome {
    const outcome = this.store.mutate((servers) => {
      let plan: PlannedEntry[];
      try {
        plan = planImport(entries, servers, decisions, onDuplicate);
      } catch (err) {
        if (err instanceof RenameTakenError) throw new AppError('IMPORT_RENAME_TAKEN', err.message, { key: err.key, name: err.newName });
        throw err;
      }
      let next = [...servers];
      const result: ImportOutcome = { added: [], replaced: [], results: [] };
      for (const step of plan) {
        if (step.kind === 'invalid') {
          result.results.push({ key: step.key, outcome: 'invalid', message: step.message, issues: step.issues });
        } else if (step.kind === 'skip') {
          result.results.push({ key: step.key, outcome: 'skipped', name: step.name, message: step.message });
        } else {
          const parsed = McpServerInputSchema.safeParse(step.input);
          // A rename the person typed can still be malformed; that, too, writes nothing.
          if (!parsed.success) throw validationFailure(parsed.error.issues, 'mcp.import');
          const ignored = step.ignoredKeys.length ? { ignoredKeys: step.ignoredKeys } : {};
          if (step.kind === 'replace') {
            const index = next.findIndex((s) => s.id === step.id);
            const before = next[index]!;
            const server = McpServerRecordSchema.parse({ ...parsed.data, id: before.id, createdAt: before.createdAt, updatedAt: Date.now() });
            next = next.map((s, i) => (i === index ? server : s));
            result.replaced.push({ before, server });
            result.results.push({ key: step.key, outcome: 'replaced', name: server.name, id: server.id, ...ignored });
          } else {
            const server = McpServerRecordSchema.parse({ ...parsed.data, id: newServerId(), createdAt: Date.now() });
            next.push(server);
            result.added.push(server);
            result.results.push({ key: step.key, outcome: step.renamed ? 'renamed' : 'added', name: server.name, id: server.id, ...ignored });
          }
        }
      }
      return { servers: next, result };
    });
    if (outcome.added.length || outcome.replaced.length) this.announce({ reason: 'imported' });
    return outcome;
  }

  /**
   * `precondition` sees the record this write replaces, read under the config lock: whatever the
   * caller checked before (a review token) and must still hold is checked here again, and a throw
   * writes nothing. Checked only before the write, it could hold for a record another process has
   * replaced since.
   */
  update({ id, updates }: McpServerRecordUpdate, precondition?: (current: McpServerRecord) => void): { before: McpServerRecord; server: McpServerRecord } {
    const change = this.store.mutate((servers) => {
      const index = servers.findIndex((s) => s.id === id);
      const current = servers[index];
      if (!current) throw notFound(id);
      precondition?.(current);
      if (updates.name !== undefined && servers.some((s) => s.id !== id && sameName(s.name, updates.name!))) {
        throw new AppError('DUPLICATE_NAME', `An MCP server named "${updates.name}" already exists`, { name: updates.name });
      }
      const { id: _id, createdAt, updatedAt: _updatedAt, reviewedAt, appPermissions, ...fields } = { ...current, ...updates };
      // The merge must still describe a usable server (e.g. switching to sse needs a url) within the limits;
      // the review mark is the host's and the app permissions are the person's answers to apps, never part
      // of adding a server, so the input schema has no place for either (the record schema checks them).
      const check = McpServerInputSchema.safeParse(fields);
      if (!check.success) throw validationFailure(check.error.issues, 'mcp.update');
      const next = McpServerRecordSchema.parse({
        ...fields,
        ...(reviewedAt !== undefined ? { reviewedAt } : {}),
        ...(appPermissions !== undefined ? { appPermissions } : {}),
        id: current.id,
        createdAt,
        updatedAt: Date.now(),
      });
      return { servers: servers.map((s, i) => (i === index ? next : s)), result: { before: current, server: next } };
    });
    this.announce({ reason: 'updated', id });
    return change;
  }

  /**
   * A server that came from an install link runs only after a person confirmed its review
   * (mcp.activate). When another program's edit turns one on anyway, this turns it off again in
   * one locked write, in the file too so that every reader sees it off, and tells the person.
   * Returns the records turned off: none when the write failed (the lock timed out; until the
   * next change retries, implicit use treats them as inactive and the pool refuses them).
   */
  keepUnreviewedOff(notices: Pick<NoticeBoard, 'raise'>): McpServerRecord[] {
    let off: McpServerRecord[];
    try {
      off = this.store.mutate((servers) => {
        const turnedOff: McpServerRecord[] = [];
        const next = servers.map((s) => {
          if (!s.isActive || !needsActivationReview(s)) return s;
          const record = { ...s, isActive: false, updatedAt: Date.now() };
          turnedOff.push(record);
          return record;
        });
        return { servers: next, result: turnedOff };
      });
    } catch {
      return [];
    }
    const { path } = this.store;
    for (const { id, name } of off) {
      notices.raise({
        code: 'LINKED_SERVER_KEPT_INACTIVE',
        message: `"${name}" was added from an install link and has not been reviewed; a change to ${path} turned it on, so it was turned off again. Review it to turn it on.`,
        data: { id, name, path },
      });
    }
    return off;
  }

  /** `lastSeen` is what the last-seen store held of it: "Undo" gives it back with the record. */
  remove(id: string, lastSeen?: McpLastSeen, now = Date.now()): void {
    const removed = this.store.mutate((servers) => {
      const index = servers.findIndex((s) => s.id === id);
      const record = servers[index];
      if (!record) throw notFound(id);
      return { servers: servers.filter((s) => s.id !== id), result: { record, index } };
    });
    this.forgetExpired(now);
    this.removed.set(id, { ...removed, at: now, lastSeen });
    if (this.removed.size > RESTORE_KEPT) this.removed.delete(this.removed.keys().next().value!);
    this.announce({ reason: 'removed', id });
  }

  /** Puts back a server this process removed within RESTORE_WINDOW_MS, exactly as it was, where it was; answers what was last seen of it too. */
  restore(id: string, now = Date.now()): { record: McpServerRecord; lastSeen: McpLastSeen | undefined } {
    this.forgetExpired(now);
    const removed = this.removed.get(id);
    if (!removed) throw new AppError('NOT_FOUND', `No recently removed MCP server with id ${id} to restore`, { id });
    const { record, index, lastSeen } = removed;
    this.store.mutate((servers) => {
      if (servers.some((s) => s.id === id)) throw new AppError('DUPLICATE_NAME', `An MCP server with id ${id} exists again`, { name: record.name });
      if (servers.some((s) => sameName(s.name, record.name))) {
        throw new AppError('DUPLICATE_NAME', `An MCP server named "${record.name}" already exists`, { name: record.name });
      }
      const at = Math.min(index, servers.length);
      return { servers: [...servers.slice(0, at), record, ...servers.slice(at)], result: undefined };
    });
    this.removed.delete(id);
    this.announce({ reason: 'added', id });
    return { record, lastSeen };
  }

  /** Forgets every removed server (dispose: their secrets should not outlive the service). */
  clearRemoved(): void {
    this.removed.clear();
  }

  private forgetExpired(now: number): void {
    for (const [id, { at }] of this.removed) if (now - at > RESTORE_WINDOW_MS) this.removed.delete(id);
  }

  private insert(input: McpServerInput): McpServerRecord {
    const parsed = McpServerInputSchema.safeParse(input);
    if (!parsed.success) throw validationFailure(parsed.error.issues, 'mcp.add');
    return this.store.mutate((servers) => {
      if (servers.some((s) => sameName(s.name, parsed.data.name))) {
        throw new AppError('DUPLICATE_NAME', `An MCP server named "${parsed.data.name}" already exists`, { name: parsed.data.name });
      }
      const record = McpServerRecordSchema.parse({ ...parsed.data, id: newServerId(), createdAt: Date.now() });
      return { servers: [...servers, record], result: record };
    });
  }
}
