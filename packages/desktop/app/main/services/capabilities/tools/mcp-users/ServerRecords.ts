/**
 * The MCP server records: validation, unique names, ids and the store. Every change is announced
 * as `mcp.servers_changed` once it is written; what a change does to a connection is the pool's
 * business (see pool/connectionEffect.ts).
 */
import { randomBytes } from 'node:crypto';
import {
  McpServerInputSchema,
  McpServerRecordSchema,
  type McpActionResult,
  type McpServerInput,
  type McpServerJsonInput,
  type McpServerRecord,
  type McpServerUpdateInput,
  type McpServersChanged,
} from '../../../../../shared/contracts/mcp-types';
import { AppError, toErrorShape, validationFailure } from '../../../../../shared/errors';
import type { McpConfigStore } from '../../../config/McpConfigStore';
import { needsActivationReview } from './common/activationReview';
import { readServerJson, type ImportEntry } from './common/importDialects';

function newServerId(now = Date.now()): string {
  return `mcp_${now}_${randomBytes(4).toString('hex')}`;
}

/** Names are unique regardless of case and surrounding space. */
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const notFound = (id: string) => new AppError('NOT_FOUND', `No MCP server with id ${id}`, { id });

export interface ImportOutcome {
  added: McpServerRecord[];
  /** One entry per server in the pasted JSON, good or bad, for the form to report by name. */
  results: NonNullable<McpActionResult['results']>;
}

export class ServerRecords {
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

  /** Adds every good entry of a pasted config (any dialect, see importDialects); bad ones are reported by name. */
  addJson({ json }: McpServerJsonInput): ImportOutcome {
    let entries: ImportEntry[];
    try {
      entries = readServerJson(json);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      throw new AppError('VALIDATION_FAILED', `Not a JSON server list: ${message}`, { route: 'mcp.add_json', issues: [{ path: 'json', message }] });
    }
    if (entries.length === 0) {
      throw new AppError('VALIDATION_FAILED', 'The JSON contains no servers', { route: 'mcp.add_json', issues: [{ path: 'json', message: 'No servers' }] });
    }
    const added: McpServerRecord[] = [];
    const results = entries.map((entry) => {
      if (!entry.ok) return { name: entry.name, success: false, message: entry.message };
      try {
        const server = this.insert(entry.input);
        added.push(server);
        const ignored = entry.ignoredKeys.length ? `Ignored unknown keys: ${entry.ignoredKeys.join(', ')}` : undefined;
        return { name: entry.name, success: true, id: server.id, ...(ignored ? { message: ignored } : {}) };
      } catch (err) {
        return { name: entry.name, success: false, message: toErrorShape(err).message };
      }
    });
    if (added.length) this.announce({ reason: 'imported' });
    return { added, results };
  }

  /**
   * `precondition` sees the record this write replaces, read under the config lock: whatever the
   * caller checked before (a review token) and must still hold is checked here again, and a throw
   * writes nothing. Checked only before the write, it could hold for a record another process has
   * replaced since.
   */
  update({ id, updates }: McpServerUpdateInput, precondition?: (current: McpServerRecord) => void): { before: McpServerRecord; server: McpServerRecord } {
    const change = this.store.mutate((servers) => {
      const index = servers.findIndex((s) => s.id === id);
      const current = servers[index];
      if (!current) throw notFound(id);
      precondition?.(current);
      if (updates.name !== undefined && servers.some((s) => s.id !== id && sameName(s.name, updates.name!))) {
        throw new AppError('DUPLICATE_NAME', `An MCP server named "${updates.name}" already exists`, { name: updates.name });
      }
      const merged = { ...current, ...updates, id: current.id, createdAt: current.createdAt, updatedAt: Date.now() };
      // The merge must still describe a usable server (e.g. switching to sse needs a url).
      const check = McpServerInputSchema.safeParse(merged);
      if (!check.success) throw validationFailure(check.error.issues, 'mcp.update');
      const next = McpServerRecordSchema.parse(merged);
      return { servers: servers.map((s, i) => (i === index ? next : s)), result: { before: current, server: next } };
    });
    this.announce({ reason: 'updated', id });
    return change;
  }

  /**
   * Turns off, in one locked write, every server that is on although it still needs its
   * activation review (another program edited the file). Returns the records turned off.
   */
  deactivateUnreviewed(): McpServerRecord[] {
    return this.store.mutate((servers) => {
      const off: McpServerRecord[] = [];
      const next = servers.map((s) => {
        if (!s.isActive || !needsActivationReview(s)) return s;
        const record = { ...s, isActive: false, updatedAt: Date.now() };
        off.push(record);
        return record;
      });
      return { servers: next, result: off };
    });
  }

  remove(id: string): void {
    this.store.mutate((servers) => {
      if (!servers.some((s) => s.id === id)) throw notFound(id);
      return { servers: servers.filter((s) => s.id !== id), result: undefined };
    });
    this.announce({ reason: 'removed', id });
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
