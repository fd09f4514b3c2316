/**
 * What each server's tools/list said, for as long as it holds: listed over the pool, converted
 * (toolListing), cached (ToolCache, 5 min), remembered as last seen, and dropped when the config,
 * the connection or the server's own tools/list_changed says it no longer holds. A burst of
 * tools/list_changed makes one `mcp.tools_changed`.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { EventPayload } from '@shared/contracts/ipc';
import type { MCPTool, McpServerRecord } from '@shared/contracts/mcp-types';
import type { Emitter } from '@shared/lifecycle/Emitter';
import type { LastSeenStore } from '../LastSeenStore';
import { Coalescer } from './coalesce';
import type { ConnectCause, ConnectionPool } from './ConnectionPool';
import { listAllTools } from './listing';
import { ToolCache } from './ToolCache';
import { forModel, toListing, type ToolsListing } from './toolListing';
import { hostNote } from '@shared/hostNotes';

/** How long listed tools are reused; config changes, reconnects and tools/list_changed drop them sooner. */
const CACHE_TTL_MS = 5 * 60 * 1000;
/**
 * tools/list_changed notifications within this window make one `mcp.tools_changed` (servers such
 * as server-everything send one per tool they register after initialize). The cache is dropped
 * at once; only the event waits.
 */
const TOOLS_CHANGED_WINDOW_MS = 200;

export interface ServerToolsParts {
  pool: ConnectionPool;
  lastSeen: LastSeenStore;
  events: Emitter<{ 'mcp.tools_changed': EventPayload<'mcp.tools_changed'> }>;
  /** The saved record, read again for a request retried on a new connection. */
  record(serverId: string): McpServerRecord;
  requestTimeoutMs: number;
}

export class ServerTools {
  private readonly cache = new ToolCache(CACHE_TTL_MS);
  private readonly changed: Coalescer;

  constructor(private readonly parts: ServerToolsParts) {
    this.changed = new Coalescer(TOOLS_CHANGED_WINDOW_MS, (serverId) => parts.events.emit('mcp.tools_changed', { serverId }));
  }

  /** The tools a model may be offered (toolListing's forModel), from the cache unless `refresh`; `by: 'none'` lists only a server connected now. */
  async enabled(server: McpServerRecord, options: { refresh: boolean; by: ConnectCause }): Promise<MCPTool[]> {
    return forModel(await this.callable(server, options));
  }

  /** The tools that are not disabled, app-only ones included, from the cache unless `refresh`. */
  async callable(server: McpServerRecord, { refresh, by }: { refresh: boolean; by: ConnectCause }): Promise<MCPTool[]> {
    const cached = refresh ? undefined : this.cache.get(server.id);
    return cached ?? (await this.list(server, by)).callable;
  }

  /** The callable tools as cached, if a fresh listing is (nothing is sent). */
  cached(serverId: string): MCPTool[] | undefined {
    return this.cache.get(serverId);
  }

  /** Lists the server's tools now, and keeps what it said. */
  async list(server: McpServerRecord, by: ConnectCause = 'use'): Promise<ToolsListing> {
    let epoch = 0;
    const listTools = (client: Client) => {
      // Read here, after any connect: a connect invalidates too, and must not void this listing.
      epoch = this.cache.epoch(server.id);
      return listAllTools(client, { timeout: this.parts.requestTimeoutMs });
    };
    const listed = await this.request(server, 'tools/list', listTools, by);
    for (const issue of listed.issues) this.parts.pool.note(server.id, hostNote('TOOL_SKIPPED', { tool: issue.name, reason: issue.message }));
    const listing = toListing(server, listed);
    this.cache.set(server.id, epoch, listing.callable);
    this.parts.lastSeen.toolsListed(server.id, listing.all);
    return listing;
  }

  /** An idempotent request (a listing): it is retried once on a fresh connection if the old one dropped. */
  request<T>(server: McpServerRecord, method: string, run: (client: Client) => Promise<T>, by: ConnectCause = 'use'): Promise<T> {
    return this.parts.pool.request(server, method, true, run, () => this.parts.record(server.id), by);
  }

  /** The config or the connection changed: what was listed no longer holds. */
  invalidate(serverId: string): void {
    this.cache.invalidate(serverId);
  }

  /** The server said its tools changed (notifications/tools/list_changed). */
  changedOnServer(serverId: string): void {
    this.cache.invalidate(serverId);
    this.changed.poke(serverId);
  }

  forget(serverId: string): void {
    this.cache.invalidate(serverId);
    this.changed.cancel(serverId);
  }

  clear(): void {
    this.cache.clear();
    this.changed.clear();
  }
}
