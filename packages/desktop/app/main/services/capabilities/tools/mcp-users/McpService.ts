/**
 * McpService: owns MCP server records and the pool of client connections to them.
 *
 * Invariants:
 * - At most one connect per server is in flight; concurrent first calls share it (`pending`).
 * - A pooled client is either alive (in `clients`) or closed; a dropped client is always closed
 *   first, so no server process outlives its entry.
 * - Liveness comes from the transport (onclose); a connection is pinged only after it has been
 *   idle, so a warm call costs one round trip, not two (ping + call).
 * - `toolsCache` is never wrong: any config change, reconnect or tools/list_changed drops it, and a
 *   listing that raced such a change is not stored (`toolsEpoch`).
 */
import { EventEmitter } from 'node:events';
import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import {
  McpServerInputSchema,
  McpServerRecordSchema,
  type MCPTool,
  type McpActionResult,
  type McpCallToolResult,
  type McpConnectionState,
  type McpDiscoverResult,
  type McpServerInput,
  type McpServerJsonInput,
  type McpServerLogLine,
  type McpServerRecord,
  type McpServerStatus,
  type McpServerUpdateInput,
  type McpServersChanged,
  type McpTestInput,
  type McpTestResult,
  type McpToolCalled,
  type McpToolIssue,
  type McpToolProgress,
} from '../../../../../shared/contracts/mcp-types';
import { AppError, toErrorShape, validationFailure } from '../../../../../shared/errors';
import type { McpConfigChange, McpConfigStore } from '../../../config/McpConfigStore';
import { McpServerLog } from './McpServerLog';
import { readServerJson, type ImportEntry } from './common/importDialects';
import { CLIENT_CAPABILITIES, installClientHandlers } from './pool/clientHandlers';
import { CallCancellation } from './pool/CallCancellation';
import { Coalescer } from './pool/coalesce';
import { requestToolCall, withCallDetails } from './pool/toolCall';
import type { ProcessRegistry } from './transports';
import { createTransport } from './pool/createTransport';
import { isRetryableOnNewConnection, isStaleSocketError, markSendFailures, toConnectError, toRequestError } from './pool/errors';
import { listAllPrompts, listAllResources, listAllTools } from './pool/listing';
import { assertActiveForImplicitUse, assertToolEnabled, isToolDisabled } from './pool/toolRules';
import { assignToolIds } from './common/toolIds';

/** The events McpService emits; payloads are the contract's types, so they reach the renderer unchanged. */
export interface McpServiceEvents {
  'servers:changed': [McpServersChanged];
  'server:connected': [serverId: string];
  'connection:state': [serverId: string, state: McpConnectionState, error: string | undefined];
  'tool:called': [McpToolCalled];
  'tool:progress': [McpToolProgress];
  'tools:changed': [serverId: string];
  'server:log': [McpServerLogLine];
}

export interface McpServiceOptions {
  /** Electron's net.fetch in the app; the global fetch elsewhere. */
  fetch?: typeof fetch;
  connectTimeoutMs?: number;
  /** Default tool-call timeout; a server's `config.timeoutMs` overrides it. */
  callTimeoutMs?: number;
  /** Timeout of list and discovery requests. */
  requestTimeoutMs?: number;
  /** A connection idle this long is pinged before reuse. */
  idlePingMs?: number;
  pingTimeoutMs?: number;
  logLines?: number;
  clientVersion?: string;
  /**
   * Whether add/addJson start connecting an active server right away (the default, and
   * the app's: the list shows its state at once). A one-shot CLI command turns it off.
   */
  connectOnAdd?: boolean;
  /** Where stdio server processes are registered (McpProcessTracker), so a crash of ours cannot leak them. */
  processes?: ProcessRegistry;
}

const DEFAULTS = {
  connectTimeoutMs: 30_000,
  callTimeoutMs: 120_000,
  requestTimeoutMs: 60_000,
  idlePingMs: 60_000,
  pingTimeoutMs: 5_000,
  clientVersion: '0.1.0',
  connectOnAdd: true,
};
/** Fresh connects after a remote restart, each of which may meet another stale pooled socket. */
const STALE_SOCKET_RETRIES = 3;
/** Stderr lines quoted in an error message (the full buffer is one route away). */
const ERROR_TAIL_LINES = 20;
/**
 * tools/list_changed notifications within this window make one `tools:changed` (servers such as
 * server-everything send one per tool they register after initialize). The cache is dropped at
 * once; only the event waits.
 */
const TOOLS_CHANGED_WINDOW_MS = 200;

export function newServerId(now = Date.now()): string {
  return `mcp_${now}_${randomBytes(4).toString('hex')}`;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface PooledClient {
  /** The record as of the latest update (config changes replace the whole entry). */
  server: McpServerRecord;
  client: Client;
  transport: Transport;
  alive: boolean;
  lastActivity: number;
}

interface ConnectAttempt {
  /** Set once the transport exists, so a disconnect can close it mid-connect. */
  transport?: Transport;
  cancelled: boolean;
  /** Log position at the start, so an error quotes only this attempt's stderr. */
  mark: number;
}

interface PendingConnect extends ConnectAttempt {
  promise: Promise<PooledClient>;
}

interface ToolsListing {
  all: MCPTool[];
  enabled: MCPTool[];
  issues: McpToolIssue[];
}

export interface ListToolsOptions {
  /** Skip the cache (the UI's refresh button); the fresh list is cached again. */
  refresh?: boolean;
  /** An implicit user (agent loading, a provider request): an inactive server fails with MCP_SERVER_INACTIVE. */
  requireActive?: boolean;
}

/**
 * The call's one deadline is the SDK request timeout set here (it sends notifications/cancelled
 * when it fires): timeoutMs ?? the server's config.timeoutMs ?? defaultTimeoutMs ?? the service's.
 */
export interface CallToolOptions {
  /** Overrides the server's `config.timeoutMs` and the service default for this call. */
  timeoutMs?: number;
  /** The caller's default, used when the server sets no `config.timeoutMs` (it replaces the service's). */
  defaultTimeoutMs?: number;
  /** The caller's abort: the call is cancelled on the server and fails with MCP_CANCELLED. */
  signal?: AbortSignal;
  /** An implicit caller (an agent): an inactive server fails with MCP_SERVER_INACTIVE instead of connecting. */
  requireActive?: boolean;
}

export class McpService extends EventEmitter<McpServiceEvents> {
  readonly CACHE_TTL = 5 * 60 * 1000;
  private readonly clients = new Map<string, PooledClient>();
  private readonly connectionStates = new Map<string, { state: McpConnectionState; error?: string }>();
  private readonly toolsCache = new Map<string, { tools: MCPTool[]; timestamp: number }>();
  private readonly toolsEpoch = new Map<string, number>();
  private readonly pending = new Map<string, PendingConnect>();
  private readonly activeCalls = new Map<string, { controller: CallCancellation; serverId: string }>();
  /** Closes started outside a caller's await (unexpected exits); dispose waits for them. */
  private readonly closing = new Set<Promise<unknown>>();
  private readonly log: McpServerLog;
  private readonly toolsChanged = new Coalescer(TOOLS_CHANGED_WINDOW_MS, (serverId) => this.emit('tools:changed', serverId));
  private readonly opts: typeof DEFAULTS & { fetch: typeof fetch; processes?: ProcessRegistry };
  private disposing: Promise<void> | undefined;

  constructor(
    private readonly store: McpConfigStore,
    options: McpServiceOptions = {},
  ) {
    super();
    this.opts = { ...DEFAULTS, fetch: globalThis.fetch, ...options };
    this.log = new McpServerLog((line) => this.emit('server:log', line), options.logLines);
  }

  /* ---------- records ---------- */

  async list(): Promise<McpServerRecord[]> {
    return this.store.readServers();
  }

  async get(id: string): Promise<McpServerRecord> {
    return this.record(id);
  }

  async add(input: McpServerInput): Promise<McpActionResult> {
    const server = this.insert(input);
    this.emit('servers:changed', { reason: 'added', id: server.id });
    if (server.isActive && this.opts.connectOnAdd) this.connectInBackground(server);
    return { success: true, server };
  }

  /** Adds every good entry of a pasted config (any dialect, see importDialects); bad ones are reported by name. */
  async addJson({ json }: McpServerJsonInput): Promise<McpActionResult> {
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
    if (added.length) this.emit('servers:changed', { reason: 'imported' });
    if (this.opts.connectOnAdd) for (const server of added) if (server.isActive) this.connectInBackground(server);
    return {
      success: added.length === results.length,
      message: `Added ${added.length} of ${results.length} servers`,
      results,
    };
  }

  async update({ id, updates }: McpServerUpdateInput): Promise<McpActionResult> {
    const { before, server } = this.store.mutate((servers) => {
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
      return { servers: servers.map((s, i) => (i === index ? next : s)), result: { before: current, server: next } };
    });
    // Names, disabled tools and the config all shape the cached list; any update drops it.
    this.invalidateTools(id);
    const pooled = this.clients.get(id);
    if (pooled) pooled.server = server;
    const reconnect = !sameJson(before.config, server.config) || before.type !== server.type;
    if (before.isActive && !server.isActive) await this.disconnect(id);
    else if (server.isActive && (reconnect || !before.isActive)) await this.reconnectInBackground(id);
    // An inactive server connects only when asked to; a stale connection to it must still go.
    else if (reconnect) await this.disconnect(id);
    else if (pooled && (before.scope !== server.scope || before.projectPath !== server.projectPath)) {
      await pooled.client.sendRootsListChanged().catch((err: unknown) => this.note(id, `Could not announce roots change: ${String(err)}`));
    }
    this.emit('servers:changed', { reason: 'updated', id });
    return { success: true, server };
  }

  async remove(id: string): Promise<McpActionResult> {
    this.store.mutate((servers) => {
      if (!servers.some((s) => s.id === id)) throw new AppError('NOT_FOUND', `No MCP server with id ${id}`, { id });
      return { servers: servers.filter((s) => s.id !== id), result: undefined };
    });
    await this.disconnect(id);
    this.connectionStates.delete(id);
    this.toolsChanged.cancel(id);
    this.toolsEpoch.delete(id);
    this.log.forget(id);
    this.emit('servers:changed', { reason: 'removed', id });
    return { success: true };
  }

  /**
   * Another process changed the records (the store saw it on a read; the watcher makes it read).
   * Connections to removed servers close; a server whose connection settings changed is
   * disconnected and reconnects on its next use; cached tools of every changed server go.
   */
  async applyExternalChange({ before, after }: McpConfigChange): Promise<void> {
    const now = new Map(after.map((s) => [s.id, s]));
    await Promise.allSettled(
      before.map(async (old) => {
        const next = now.get(old.id);
        if (!next) {
          await this.disconnect(old.id);
          this.connectionStates.delete(old.id);
          this.toolsEpoch.delete(old.id);
          this.log.forget(old.id);
          return;
        }
        if (sameJson(old, next)) return;
        this.invalidateTools(old.id);
        const pooled = this.clients.get(old.id);
        if (pooled) pooled.server = next;
        if (!sameJson(old.config, next.config) || old.type !== next.type || old.isActive !== next.isActive) await this.disconnect(old.id);
      }),
    );
    if (!this.disposing) this.emit('servers:changed', { reason: 'external' });
  }

  /* ---------- connections ---------- */

  /** Public API: a connected client for the server, reusing a healthy pooled one. */
  async initClient(server: McpServerRecord): Promise<Client> {
    return (await this.acquire(server)).client;
  }

  async disconnect(serverId: string): Promise<void> {
    const pending = this.pending.get(serverId);
    if (pending) {
      pending.cancelled = true;
      await pending.transport?.close().catch(() => undefined);
      await pending.promise.catch(() => undefined);
    }
    const pooled = this.clients.get(serverId);
    if (pooled) await this.drop(serverId, pooled);
    this.invalidateTools(serverId);
    if (this.connectionStates.has(serverId)) this.setState(serverId, 'disconnected');
  }

  /** Disconnect, then connect again if the server is active. */
  async reconnect(serverId: string): Promise<void> {
    await this.disconnect(serverId);
    const server = this.record(serverId);
    if (server.isActive) await this.initClient(server);
  }

  status(): McpServerStatus[] {
    return this.store.readServers().map((s) => this.statusOf(s.id));
  }

  statusOf(serverId: string): McpServerStatus {
    const entry = this.connectionStates.get(serverId);
    return { id: serverId, state: entry?.state ?? 'disconnected', ...(entry?.error ? { error: entry.error } : {}) };
  }

  /** Closes every connection and clears the maps; the service stays usable. */
  async cleanup(): Promise<void> {
    const ids = new Set([...this.clients.keys(), ...this.pending.keys()]);
    await Promise.allSettled([...ids].map((id) => this.disconnect(id)));
    await Promise.allSettled([...this.closing]);
    this.clients.clear();
    this.connectionStates.clear();
    this.toolsCache.clear();
  }

  /** Idempotent. Shutdown order: cancel calls → close clients → processes gone. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      for (const { controller } of this.activeCalls.values()) {
        controller.abort(new AppError('MCP_CANCELLED', 'The app is shutting down'));
      }
      await this.cleanup();
      this.toolsChanged.clear();
      this.removeAllListeners();
    })();
    return this.disposing;
  }

  /* ---------- tools ---------- */

  /** A server's enabled tools (see toolRules). */
  async listServerTools(serverId: string, { refresh = false, requireActive }: ListToolsOptions = {}): Promise<MCPTool[]> {
    if (requireActive) assertActiveForImplicitUse(this.liveRecord(serverId) ?? this.record(serverId), requireActive);
    const cached = refresh ? undefined : this.toolsCache.get(serverId);
    if (cached && Date.now() - cached.timestamp < this.CACHE_TTL) return cached.tools.slice();
    return (await this.fetchTools(this.record(serverId))).enabled;
  }

  /** Every active server's enabled tools; servers connect in parallel, and one that fails costs only its own tools. */
  async listAllActiveServerTools(): Promise<MCPTool[]> {
    const active = this.store.readServers().filter((s) => s.isActive);
    const lists = await Promise.allSettled(active.map((s) => this.listServerTools(s.id)));
    return lists.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
  }

  async callTool(
    serverId: string,
    toolName: string,
    args: Record<string, unknown> = {},
    callId: string = randomUUID(),
    { timeoutMs, defaultTimeoutMs, signal, requireActive }: CallToolOptions = {},
  ): Promise<McpCallToolResult> {
    if (signal?.aborted) throw new AppError('MCP_CANCELLED', `Call ${callId} was cancelled by the caller before it started`, { callId, serverId, toolName });
    if (this.activeCalls.has(callId)) {
      throw new AppError('VALIDATION_FAILED', `A call with id ${callId} is already running`, { callId });
    }
    // A live pooled entry carries the current record, which spares the store read on the hot path.
    const server = this.liveRecord(serverId) ?? this.record(serverId);
    assertActiveForImplicitUse(server, requireActive);
    assertToolEnabled(server, toolName);
    const controller = new CallCancellation();
    this.activeCalls.set(callId, { controller, serverId });
    const onAbort = () => controller.abort(new AppError('MCP_CANCELLED', `Call ${callId} was cancelled by the caller`, { callId, serverId, toolName }));
    signal?.addEventListener('abort', onAbort, { once: true });
    const timeout = timeoutMs ?? server.config.timeoutMs ?? defaultTimeoutMs ?? this.opts.callTimeoutMs;
    const started = performance.now();
    let success = false;
    try {
      const result = await this.request(server, 'tools/call', false, (client) =>
        requestToolCall(client, toolName, args, {
          signal: controller.signal,
          timeout,
          // A progress token makes the server do extra work on every call; ask only when someone listens.
          ...(this.listenerCount('tool:progress') > 0 && {
            onprogress: ({ progress, total, message }) =>
              this.emit('tool:progress', { serverId, toolName, callId, progress, total, message }),
          }),
        }),
      );
      success = result.isError !== true;
      return {
        callId,
        isError: result.isError === true,
        content: result.content,
        ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
        durationMs: performance.now() - started,
      };
    } catch (err) {
      // The SDK reports every abort as a RequestTimeout; the signal knows it was a cancel.
      if (controller.aborted && controller.reason instanceof AppError) throw controller.reason;
      throw withCallDetails(err, { toolName, callId, timeoutMs: timeout });
    } finally {
      signal?.removeEventListener('abort', onAbort);
      this.activeCalls.delete(callId);
      this.emit('tool:called', { serverId, toolName, callId, duration: performance.now() - started, success });
    }
  }

  /** Cancels a running call: the server gets notifications/cancelled, the caller MCP_CANCELLED. */
  cancelCall(callId: string): boolean {
    const call = this.activeCalls.get(callId);
    if (!call) return false;
    call.controller.abort(new AppError('MCP_CANCELLED', `Call ${callId} was cancelled`, { callId, serverId: call.serverId }));
    return true;
  }

  /* ---------- test, discover, log ---------- */

  /** Connect and list tools. A saved server uses its pooled connection; an unsaved one a throwaway. */
  async test(input: McpTestInput): Promise<McpTestResult> {
    const started = performance.now();
    const saved = 'id' in input;
    const server = saved ? this.record(input.id) : McpServerRecordSchema.parse({ ...McpServerInputSchema.parse(input.server), id: `test_${randomUUID()}` });
    let transient: PooledClient | undefined;
    try {
      let listing: ToolsListing;
      let client: Client;
      if (saved) {
        listing = await this.fetchTools(server);
        client = (await this.acquire(server)).client;
      } else {
        transient = await this.openClient(server, { cancelled: false, mark: 0 });
        client = transient.client;
        listing = toListing(server, await listAllTools(client, { timeout: this.opts.requestTimeoutMs }));
      }
      const serverInfo = client.getServerVersion();
      return {
        success: true,
        tools: listing.enabled.map((t) => t.name),
        disabledTools: listing.all.filter((t) => isToolDisabled(server, t.name)).map((t) => t.name),
        invalidTools: listing.issues,
        durationMs: performance.now() - started,
        ...(serverInfo ? { serverInfo: { name: serverInfo.name, version: serverInfo.version } } : {}),
      };
    } catch (err) {
      const error = transient || !saved ? toErrorShape(toConnectError(err, this.context(server))) : toErrorShape(err);
      return { success: false, tools: [], disabledTools: [], invalidTools: [], durationMs: performance.now() - started, error };
    } finally {
      if (transient) await transient.client.close().catch(() => undefined);
      if (!saved) this.log.forget(server.id);
    }
  }

  /** Tools, prompts and resources. Prompts and resources may fail without failing the whole. */
  async discover(serverId: string): Promise<McpDiscoverResult> {
    const server = this.record(serverId);
    const tools = await this.fetchTools(server);
    const { client } = await this.acquire(server);
    const caps = client.getServerCapabilities() ?? {};
    const options = { timeout: this.opts.requestTimeoutMs };
    const [prompts, resources] = await Promise.allSettled([
      caps.prompts ? this.request(server, 'prompts/list', true, (c) => listAllPrompts(c, options)) : undefined,
      caps.resources ? this.request(server, 'resources/list', true, (c) => listAllResources(c, options)) : undefined,
    ]);
    const serverInfo = client.getServerVersion();
    const instructions = client.getInstructions();
    return {
      ...(serverInfo ? { serverInfo: { name: serverInfo.name, version: serverInfo.version } } : {}),
      ...(instructions ? { instructions } : {}),
      tools: tools.all,
      invalidTools: tools.issues,
      prompts: prompts.status === 'fulfilled' ? (prompts.value?.items ?? []) : [],
      resources: resources.status === 'fulfilled' ? (resources.value?.items ?? []) : [],
      errors: {
        ...(prompts.status === 'rejected' ? { prompts: toErrorShape(prompts.reason).message } : {}),
        ...(resources.status === 'rejected' ? { resources: toErrorShape(resources.reason).message } : {}),
      },
    };
  }

  serverLog(serverId: string, limit?: number): McpServerLogLine[] {
    this.record(serverId);
    return this.log.read(serverId, limit);
  }

  /* ---------- internals ---------- */

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

  private record(id: string): McpServerRecord {
    const server = this.store.readServers().find((s) => s.id === id);
    if (!server) throw new AppError('NOT_FOUND', `No MCP server with id ${id}`, { id });
    return server;
  }

  private liveRecord(id: string): McpServerRecord | undefined {
    const pooled = this.clients.get(id);
    return pooled?.alive ? pooled.server : undefined;
  }

  private connectInBackground(server: McpServerRecord): void {
    // The outcome lands in the connection state (and its event); nobody awaits it here.
    this.acquire(server).catch(() => undefined);
  }

  private async reconnectInBackground(serverId: string): Promise<void> {
    await this.disconnect(serverId);
    this.connectInBackground(this.record(serverId));
  }

  private acquire(server: McpServerRecord): Promise<PooledClient> {
    if (this.disposing) return Promise.reject(new AppError('MCP_CONNECTION_CLOSED', 'The MCP service is shutting down'));
    const pooled = this.clients.get(server.id);
    if (pooled?.alive && Date.now() - pooled.lastActivity < this.opts.idlePingMs) return Promise.resolve(pooled);
    const inFlight = this.pending.get(server.id);
    if (inFlight) return inFlight.promise;
    const attempt: ConnectAttempt = { cancelled: false, mark: 0 };
    const pending: PendingConnect = Object.assign(attempt, {
      promise: (async () => {
        try {
          if (pooled && (await this.isClientHealthy(pooled))) {
            if (attempt.cancelled) throw new AppError('MCP_CONNECTION_CLOSED', `"${server.name}" was disconnected`);
            return pooled;
          }
          if (pooled) await this.drop(server.id, pooled);
          return await this.connect(server, attempt);
        } finally {
          if (this.pending.get(server.id) === attempt) this.pending.delete(server.id);
        }
      })(),
    });
    this.pending.set(server.id, pending);
    return pending.promise;
  }

  /** Liveness check before reusing a pooled client: a ping (only ever sent to an idle connection). */
  private async isClientHealthy(pooled: PooledClient): Promise<boolean> {
    if (!pooled.alive) return false;
    try {
      await pooled.client.ping({ timeout: this.opts.pingTimeoutMs });
      pooled.lastActivity = Date.now();
      return true;
    } catch {
      this.note(pooled.server.id, 'An idle connection did not answer ping; reconnecting');
      return false;
    }
  }

  private async connect(server: McpServerRecord, pending: ConnectAttempt): Promise<PooledClient> {
    this.setState(server.id, 'connecting');
    try {
      const pooled = await this.openClientPastStaleSockets(server, pending);
      pooled.client.onclose = () => this.onUnexpectedClose(pooled);
      this.clients.set(server.id, pooled);
      this.invalidateTools(server.id);
      this.setState(server.id, 'connected');
      this.emit('server:connected', server.id);
      return pooled;
    } catch (err) {
      const error = toConnectError(err, this.context(server, pending.mark));
      this.setState(server.id, pending.cancelled ? 'disconnected' : 'error', pending.cancelled ? undefined : error.message);
      throw error;
    }
  }

  /** openClient, tried again while it fails on sockets a restarted server left in fetch's pool. */
  private async openClientPastStaleSockets(server: McpServerRecord, pending: ConnectAttempt): Promise<PooledClient> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.openClient(server, pending);
      } catch (err) {
        if (attempt >= STALE_SOCKET_RETRIES || pending.cancelled || !isStaleSocketError(err)) throw err;
        this.note(server.id, 'A kept-alive connection to the server was stale; connecting again');
      }
    }
  }

  /**
   * Transport + client + initialize under the connect timeout, with no pool bookkeeping (the
   * form's test of an unsaved server uses it too). On failure the transport is closed, so a
   * spawned process never outlives a failed connect.
   */
  private async openClient(server: McpServerRecord, pending: ConnectAttempt): Promise<PooledClient> {
    if (pending.cancelled) throw new AppError('MCP_CONNECTION_CLOSED', `"${server.name}" was disconnected`);
    this.log.configure(server.id, server.config);
    pending.mark = this.log.mark(server.id);
    let transport: Transport | undefined;
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    try {
      transport = markSendFailures(
        createTransport(server, {
          fetch: this.opts.fetch,
          onStderr: (line) => this.log.append(server.id, 'stderr', line),
          processes: this.opts.processes,
        }),
      );
      pending.transport = transport;
      const client = new Client({ name: 'elftia', version: this.opts.clientVersion }, { capabilities: CLIENT_CAPABILITIES });
      installClientHandlers(client, {
        currentServer: () => this.clients.get(server.id)?.server ?? server,
        onToolsChanged: () => {
          if (this.clients.get(server.id)?.client !== client) return;
          this.invalidateTools(server.id);
          this.toolsChanged.poke(server.id);
        },
        note: (line) => this.note(server.id, line),
      });
      client.onerror = (err) => this.note(server.id, `Transport error: ${err.message.split('\n')[0] ?? ''}`);
      const connecting = client.connect(transport);
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          timedOut = true;
          reject(new Error('connect timeout'));
        }, this.opts.connectTimeoutMs);
      });
      // When the deadline wins, the connect still rejects later (we close its transport).
      connecting.catch(() => undefined);
      await Promise.race([connecting, deadline]);
      if (pending.cancelled) throw new AppError('MCP_CONNECTION_CLOSED', `"${server.name}" was disconnected while connecting`);
      return { server, client, transport, alive: true, lastActivity: Date.now() };
    } catch (err) {
      // Close first: the stderr of a process that died is complete only once it is gone.
      await transport?.close().catch(() => undefined);
      if (timedOut) {
        throw new AppError('MCP_TIMEOUT', `"${server.name}" did not finish connecting within ${this.opts.connectTimeoutMs} ms`, {
          ...this.context(server, pending.mark),
          timeoutMs: this.opts.connectTimeoutMs,
        });
      }
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs a request on a pooled connection; reconnects once and retries when that is safe. */
  private async request<T>(server: McpServerRecord, method: string, idempotent: boolean, run: (client: Client) => Promise<T>): Promise<T> {
    let pooled = await this.acquire(server);
    const attempt = async () => {
      const mark = this.log.mark(server.id);
      try {
        const result = await run(pooled.client);
        pooled.lastActivity = Date.now();
        return { result };
      } catch (err) {
        return { err, mark };
      }
    };
    let outcome = await attempt();
    if ('err' in outcome && !this.disposing && isRetryableOnNewConnection(outcome.err, idempotent)) {
      this.note(server.id, `The connection was lost before ${method} reached the server; reconnecting once`);
      await this.drop(server.id, pooled);
      pooled = await this.acquire(this.record(server.id));
      outcome = await attempt();
    }
    if ('err' in outcome) throw toRequestError(outcome.err, { ...this.context(server, outcome.mark), method });
    return outcome.result;
  }

  private async fetchTools(server: McpServerRecord): Promise<ToolsListing> {
    let epoch = 0;
    const listed = await this.request(server, 'tools/list', true, (client) => {
      // Read here, after any connect: a connect invalidates too, and must not void this listing.
      epoch = this.toolsEpoch.get(server.id) ?? 0;
      return listAllTools(client, { timeout: this.opts.requestTimeoutMs });
    });
    for (const issue of listed.issues) this.note(server.id, `Skipped tool "${issue.name}": ${issue.message}`);
    const listing = toListing(server, listed);
    if ((this.toolsEpoch.get(server.id) ?? 0) === epoch) {
      this.toolsCache.set(server.id, { tools: listing.enabled, timestamp: Date.now() });
    }
    return { ...listing, enabled: listing.enabled.slice() };
  }

  private invalidateTools(serverId: string): void {
    this.toolsCache.delete(serverId);
    this.toolsEpoch.set(serverId, (this.toolsEpoch.get(serverId) ?? 0) + 1);
  }

  /** Closes a pooled client and forgets it; the entry is removed first so its onclose is not "unexpected". */
  private async drop(serverId: string, pooled: PooledClient): Promise<void> {
    if (this.clients.get(serverId) === pooled) this.clients.delete(serverId);
    pooled.alive = false;
    await pooled.client.close().catch(() => undefined);
  }

  private onUnexpectedClose(pooled: PooledClient): void {
    const { id } = pooled.server;
    if (this.clients.get(id) !== pooled) return;
    pooled.alive = false;
    this.clients.delete(id);
    this.invalidateTools(id);
    this.note(id, 'The connection closed unexpectedly');
    this.setState(id, 'error', `The connection to "${pooled.server.name}" closed unexpectedly`);
    // The transport reports its own end; closing again makes sure any process group is gone.
    const closing = pooled.transport.close().catch(() => undefined);
    this.closing.add(closing);
    void closing.finally(() => this.closing.delete(closing));
  }

  private setState(serverId: string, state: McpConnectionState, error?: string): void {
    this.connectionStates.set(serverId, error ? { state, error } : { state });
    this.emit('connection:state', serverId, state, error);
  }

  private note(serverId: string, line: string): void {
    this.log.append(serverId, 'host', line);
  }

  private context(server: McpServerRecord, mark = 0) {
    return {
      serverId: server.id,
      serverName: server.name,
      stderrTail: this.log.since(server.id, mark, 'stderr', ERROR_TAIL_LINES),
    };
  }
}

function toMcpTool(server: McpServerRecord, tool: Tool): MCPTool {
  return {
    id: '', // assigned over the whole listing, so two tools that clean alike still differ
    name: tool.name,
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
    serverId: server.id,
    serverName: server.name,
  };
}

function toListing(server: McpServerRecord, listed: { items: Tool[]; issues: McpToolIssue[] }): ToolsListing {
  const { tools: all } = assignToolIds(listed.items.map((t) => toMcpTool(server, t)));
  return { all, enabled: all.filter((t) => !isToolDisabled(server, t.name)), issues: listed.issues };
}
