/**
 * McpService (seed 004): owns MCP server records and, later, the connection pool.
 * This first cut serves the configuration routes; connections arrive with the pool issue.
 */
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import {
  McpServerInputSchema,
  McpServerRecordSchema,
  type McpActionResult,
  type McpServerInput,
  type McpServerRecord,
  type McpServerUpdateInput,
} from '../../../../../shared/contracts/mcp-types';
import { AppError, validationFailure } from '../../../../../shared/errors';
import type { McpConfigStore } from '../../../config/McpConfigStore';

export type ServersChangedReason = 'added' | 'updated' | 'removed' | 'imported';

export interface McpServiceEvents {
  'servers:changed': [{ reason: ServersChangedReason; id?: string }];
}

export function newServerId(now = Date.now()): string {
  return `mcp_${now}_${randomBytes(4).toString('hex')}`;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export class McpService extends EventEmitter<McpServiceEvents> {
  constructor(private readonly store: McpConfigStore) {
    super();
  }

  async list(): Promise<McpServerRecord[]> {
    return this.store.readServers();
  }

  async get(id: string): Promise<McpServerRecord> {
    const server = this.store.readServers().find((s) => s.id === id);
    if (!server) throw new AppError('NOT_FOUND', `No MCP server with id ${id}`, { id });
    return server;
  }

  async add(input: McpServerInput): Promise<McpActionResult> {
    const parsed = McpServerInputSchema.safeParse(input);
    if (!parsed.success) throw validationFailure(parsed.error.issues, 'mcp.add');
    const server = this.store.mutate((servers) => {
      if (servers.some((s) => sameName(s.name, parsed.data.name))) {
        throw new AppError('DUPLICATE_NAME', `An MCP server named "${parsed.data.name}" already exists`, {
          name: parsed.data.name,
        });
      }
      const record = McpServerRecordSchema.parse({ ...parsed.data, id: newServerId(), createdAt: Date.now() });
      return { servers: [...servers, record], result: record };
    });
    this.emit('servers:changed', { reason: 'added', id: server.id });
    return { success: true, server };
  }

  async update({ id, updates }: McpServerUpdateInput): Promise<McpActionResult> {
    const server = this.store.mutate((servers) => {
      const index = servers.findIndex((s) => s.id === id);
      const current = servers[index];
      if (!current) throw new AppError('NOT_FOUND', `No MCP server with id ${id}`, { id });
      if (updates.name !== undefined && servers.some((s) => s.id !== id && sameName(s.name, updates.name!))) {
        throw new AppError('DUPLICATE_NAME', `An MCP server named "${updates.name}" already exists`, { name: updates.name });
      }
      const merged = { ...current, ...updates, id: current.id, createdAt: current.createdAt, updatedAt: Date.now() };
      // The merge must still describe a usable server (e.g. switching to sse needs a url).
      const check = McpServerInputSchema.safeParse(merged);
      if (!check.success) throw validationFailure(check.error.issues, 'mcp.update');
      const next = McpServerRecordSchema.parse(merged);
      return { servers: servers.map((s, i) => (i === index ? next : s)), result: next };
    });
    this.emit('servers:changed', { reason: 'updated', id });
    return { success: true, server };
  }

  async remove(id: string): Promise<McpActionResult> {
    this.store.mutate((servers) => {
      if (!servers.some((s) => s.id === id)) throw new AppError('NOT_FOUND', `No MCP server with id ${id}`, { id });
      return { servers: servers.filter((s) => s.id !== id), result: undefined };
    });
    this.emit('servers:changed', { reason: 'removed', id });
    return { success: true };
  }

  /** Idempotent; the pool issue closes clients here. */
  async dispose(): Promise<void> {
    this.removeAllListeners();
  }
}
