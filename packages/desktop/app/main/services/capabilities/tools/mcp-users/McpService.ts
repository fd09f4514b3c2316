/**
 * McpService: the one API the router, the agent tools and the CLI use. It joins the server
 * records (ServerRecords), the connection pool (pool/ConnectionPool) and what is learnt over a
 * connection: the tool cache, tool calls, test and discovery.
 *
 * It emits the contract's mcp.* events under the contract's names and payloads, so they reach
 * the renderer unchanged and unmapped.
 */
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { events, type AppNotice, type EventName, type EventPayload } from '../../../../../shared/contracts/ipc';
import {
  McpServerInputSchema,
  McpServerRecordSchema,
  type MCPTool,
  type McpActionResult,
  type McpCallToolResult,
  type McpDiscoverResult,
  type McpLastSeen,
  type McpTestAllResult,
  type McpServerInput,
  type McpServerJsonInput,
  type McpServerLogLine,
  type McpServerRecord,
  type McpServerStatus,
  type McpAuthStatus,
  type McpServerTool,
  type McpServerRecordUpdate,
  type McpTestInput,
  type McpTestResult,
  type McpToolAnnotations,
  type McpToolIssue,
} from '../../../../../shared/contracts/mcp-types';
import type { DuplicateAction, ImportDecision, McpImportPreview, McpImportResult } from '../../../../../shared/contracts/mcp-import';
import type { ElicitationRequest, ElicitationRespondInput } from '../../../../../shared/contracts/elicitation';
import type { SamplingRequest } from '../../../../../shared/contracts/chat';
import { AppError, toErrorShape } from '../../../../../shared/errors';
import type { McpConfigChange, McpConfigStore } from '../../../config/McpConfigStore';
import { McpServerLog } from './McpServerLog';
import { ElicitationBroker } from './ElicitationBroker';
import { SamplingBroker, type SamplingModel } from './SamplingBroker';
import { ServerRecords } from './ServerRecords';
import { CallCancellation } from './pool/CallCancellation';
import { Coalescer } from './pool/coalesce';
import { ConnectionPool, type ConnectCause, type PoolState } from './pool/ConnectionPool';
import { defaultConnectConcurrency } from './pool/ConnectGate';
import { npxDownloadOf } from './deps/npxCache';
import { memoryLastSeenStore, type LastSeenStore } from './LastSeenStore';
import { connectionEffect } from './pool/connectionEffect';
import { createTransport, type TransportFactory } from './pool/createTransport';
import { listAllPrompts, listAllResources, listAllTools } from './pool/listing';
import { serverIdentity } from './pool/serverIdentity';
import { requestToolCall, withCallDetails } from './pool/toolCall';
import { TestStages } from './pool/testStages';
import { ToolCache } from './pool/ToolCache';
import { assertActiveForImplicitUse, assertToolEnabled, isToolDisabled } from './pool/toolRules';
import type { ProcessRegistry } from './transports';
import { assignToolIds } from './common/toolIds';
import { needsActivationReview } from './common/activationReview';
import { readImportEntries } from './common/importDialects';
import { ServerSignIns, type OAuthOptions } from './auth/ServerSignIns';
import { previewEntries } from './common/importPlan';

/** The contract's events that McpService emits: every `mcp.*` event, with the contract's payload. */
export type McpEventName = Extract<EventName, `mcp.${string}`>;
export type McpServiceEvents = { [E in McpEventName]: [EventPayload<E>] };
export const MCP_EVENT_NAMES = (Object.keys(events) as EventName[]).filter((name): name is McpEventName => name.startsWith('mcp.'));

export interface McpServiceOptions {
  /** Electron's net.fetch in the app; the global fetch elsewhere. */
  fetch?: typeof fetch;
  /** Makes each connection's transport; tests hand in-memory pairs to the pool through it. */
  createTransport?: TransportFactory;
  connectTimeoutMs?: number;
  /** Connects that run at once (default: two per core, at least 4; see ConnectGate); the others wait in line. */
  connectConcurrency?: number;
  /** How long npx may take to download a server's package before its connect timeout starts (default 5 min). */
  downloadTimeoutMs?: number;
  /** Where what was last seen of each server is kept across runs (openLastSeenStore); default in memory only. */
  lastSeen?: LastSeenStore;
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
   * the app's: the list shows its state at once). A one-shot CLI command turns it off. Nothing
   * else connects a server before something needs it: the pool is lazy.
   */
  connectOnAdd?: boolean;
  /** Where stdio server processes are registered (McpProcessTracker), so a crash of ours cannot leak them. */
  processes?: ProcessRegistry;
  /** How long a server's question (elicitation/create) waits for the person before it is declined. */
  elicitationTimeoutMs?: number;
  /** Sign-in to remote servers (OAuth): where sessions are kept and how the browser opens. Absent: a 401 is a plain connect failure. */
  oauth?: OAuthOptions;
  /**
   * A call refused for want of a sign-in (a 401 no refresh cured, or 403 insufficient_scope with
   * the wider scope the server asked for) signs in again through the browser and retries, at most
   * MAX_CALL_SIGN_INS times. On where a person started the call and a browser can come up (the app,
   * browser mode); off for the CLI, which re-runs a command itself at a terminal.
   */
  signInForCalls?: boolean;
  /** The person's model for servers' sampling requests; without it every request is refused (the person is told once). */
  sampling?: SamplingModel;
  /** How long a sampling request waits for the person's review before it is refused. */
  samplingTimeoutMs?: number;
}

const DEFAULTS = {
  connectTimeoutMs: 30_000,
  connectConcurrency: defaultConnectConcurrency(),
  downloadTimeoutMs: 5 * 60_000,
  pendingDownload: npxDownloadOf,
  callTimeoutMs: 120_000,
  requestTimeoutMs: 60_000,
  idlePingMs: 60_000,
  pingTimeoutMs: 5_000,
  clientVersion: '0.1.0',
  connectOnAdd: true,
  signInForCalls: false,
  createTransport,
};
/**
 * tools/list_changed notifications within this window make one `mcp.tools_changed` (servers such
 * as server-everything send one per tool they register after initialize). The cache is dropped
 * at once; only the event waits.
 */
const TOOLS_CHANGED_WINDOW_MS = 200;
/** Stderr lines a failed test carries (the whole log is one route away for a saved server). */
const TEST_STDERR_LINES = 20;

interface ToolsListing {
  /** Every tool the server offers, each marked disabled or not (the server detail's view). */
  all: McpServerTool[];
  /** The tools a model may be offered, without the mark. */
  enabled: MCPTool[];
  issues: McpToolIssue[];
}

export interface ListToolsOptions {
  /** Skip the cache (the UI's refresh button); the fresh list is cached again. */
  refresh?: boolean;
  /** An implicit user (agent loading, a provider request): an inactive server fails with MCP_SERVER_INACTIVE. */
  requireActive?: boolean;
  /** false: only a server connected now is listed (MCP_NOT_CONNECTED otherwise); nothing starts. */
  connect?: boolean;
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
  /**
   * An implicit caller (an agent): an inactive server fails with MCP_SERVER_INACTIVE instead of
   * connecting, and a failing server's pending retry is waited for (its last failure answers).
   * Without it the call is a person's (the playground, `elftia-mcp call`) and goes at once.
   */
  requireActive?: boolean;
}

/** How often one tool call may send the person to sign in again (a server that keeps asking for more scope). */
const MAX_CALL_SIGN_INS = 2;

export class McpService extends EventEmitter<McpServiceEvents> {
  readonly CACHE_TTL = 5 * 60 * 1000;
  private readonly records: ServerRecords;
  private readonly pool: ConnectionPool;
  private readonly tools = new ToolCache(this.CACHE_TTL);
  private readonly activeCalls = new Map<string, { controller: CallCancellation; serverId: string; toolName: string; deadline: number }>();
  private readonly log: McpServerLog;
  private readonly toolsChanged = new Coalescer(TOOLS_CHANGED_WINDOW_MS, (serverId) => this.emit('mcp.tools_changed', { serverId }));
  private readonly opts: typeof DEFAULTS & { fetch: typeof fetch; processes?: ProcessRegistry };
  private disposing: Promise<void> | undefined;
  private readonly raised: AppNotice[] = [];
  private readonly noticeListeners = new Set<(notice: AppNotice) => void>();
  private readonly elicitation: ElicitationBroker;
  private readonly sampling: SamplingBroker;
  /** Servers the person was told asked for sampling: once per server per run is enough. */
  private readonly samplingNoticed = new Set<string>();
  private readonly signIns: ServerSignIns | undefined;
  private readonly lastSeen: LastSeenStore;

  constructor(
    private readonly store: McpConfigStore,
    options: McpServiceOptions = {},
  ) {
    super();
    this.opts = { ...DEFAULTS, fetch: globalThis.fetch, ...options };
    this.lastSeen = options.lastSeen ?? memoryLastSeenStore();
    this.log = new McpServerLog((line) => this.emit('mcp.server_log', line), options.logLines);
    this.records = new ServerRecords(store, (change) => this.emit('mcp.servers_changed', change));
    this.elicitation = new ElicitationBroker(
      {
        hasAsker: () => this.listenerCount('mcp.elicitation_request') > 0,
        request: (request) => this.emit('mcp.elicitation_request', request),
        closed: (closed) => this.emit('mcp.elicitation_closed', closed),
        note: (serverId, line) => this.pool.note(serverId, line),
        runningCall: (serverId) => this.onlyRunningCall(serverId),
      },
      options.elicitationTimeoutMs,
    );
    this.sampling = new SamplingBroker(
      {
        hasAsker: () => this.listenerCount('mcp.sampling_request') > 0,
        request: (request) => this.emit('mcp.sampling_request', request),
        closed: (closed) => this.emit('mcp.sampling_closed', closed),
        note: (serverId, line) => this.pool.note(serverId, line),
        refusedForNoModel: (server) => this.noticeSamplingRefused(server),
        runningCall: (serverId) => this.onlyRunningCall(serverId),
      },
      options.sampling,
      options.samplingTimeoutMs,
    );
    this.signIns =
      options.oauth &&
      new ServerSignIns(options.oauth, {
        fetch: this.opts.fetch,
        onChange: (serverId, auth) => this.emit('mcp.auth_state', { serverId, auth }),
        onSignedIn: (serverId) => void this.connectAfterSignIn(serverId),
      });
    const signIns = this.signIns;
    this.pool = new ConnectionPool(this.log, { ...this.opts, authFor: signIns && ((server) => signIns.authFor(server)) }, {
      onState: (serverId, state) => this.onPoolState(serverId, state),
      onAuthFailure: (server, failure) => signIns?.noteOutcome(server, { failure }),
      onConnectionChange: (serverId) => this.tools.invalidate(serverId),
      onToolsChanged: (serverId) => {
        this.tools.invalidate(serverId);
        this.toolsChanged.poke(serverId);
      },
      onElicit: (server, params, signal) => this.elicitation.ask(server, params, signal),
      onSample: (server, params, signal) => this.sampling.ask(server, params, signal),
    });
  }

  private onPoolState(serverId: string, { failure, ...live }: PoolState): void {
    this.emit('mcp.connection_state', { serverId, ...live, ...(failure ? { error: failure.message, failure } : {}) });
    const server = this.findRecord(serverId);
    if (server && (failure || live.state === 'connected')) this.signIns?.noteOutcome(server, failure ? { failure } : { connected: true });
    if (!server) return;
    if (live.state === 'connected') this.lastSeen.outcome(serverId, { ok: true, at: Date.now() });
    else if (failure) {
      const message = failure.message.split('\n')[0] ?? '';
      const attempts = Math.max(1, this.pool.failuresInARow(serverId));
      this.lastSeen.outcome(serverId, { ok: false, at: Date.now(), code: failure.code, message, attempts, ...(live.retry && { retryAt: live.retry.at }) });
    }
  }

  /* ---------- records ---------- */

  async list(): Promise<McpServerRecord[]> {
    return this.records.list();
  }

  async get(id: string): Promise<McpServerRecord> {
    return this.records.get(id);
  }

  async add(input: McpServerInput): Promise<McpActionResult> {
    const server = this.records.add(input);
    if (server.isActive && this.opts.connectOnAdd) this.pool.connectInBackground(server, 'person');
    return { success: true, server };
  }

  /** Each entry of a text to import (any dialect, see importDialects) as the import would treat it now. */
  previewImport(json: string): McpImportPreview {
    return { entries: previewEntries(readImportEntries(json), this.records.list()) };
  }

  /**
   * Imports a text in one write (see ServerRecords.importEntries): new servers connect as added
   * ones do, replaced ones as updated ones do.
   */
  async importJson(json: string, decisions?: readonly ImportDecision[], onDuplicate?: DuplicateAction): Promise<McpImportResult> {
    const { added, replaced, results } = this.records.importEntries(readImportEntries(json), decisions, onDuplicate);
    for (const { before, server } of replaced) await this.applyRecordChange(before, server, 'connect');
    if (this.opts.connectOnAdd) for (const server of added) if (server.isActive) this.pool.connectInBackground(server, 'person');
    return { results };
  }

  /** An import with duplicates skipped, reported as a batch result (mcp.add_json). */
  async addJson({ json }: McpServerJsonInput): Promise<McpActionResult> {
    const { results } = await this.importJson(json);
    const added = results.filter((r) => r.outcome === 'added');
    return {
      success: added.length === results.length,
      message: `Added ${added.length} of ${results.length} servers`,
      results: results.map((r) => {
        const message = r.outcome === 'added' ? (r.ignoredKeys ? `Ignored unknown keys: ${r.ignoredKeys.join(', ')}` : undefined) : r.message;
        return { name: r.key, success: r.outcome === 'added', ...(r.id ? { id: r.id } : {}), ...(message ? { message } : {}) };
      }),
    };
  }

  /** `precondition` is checked on the record being replaced, in the same locked step as the write (see ServerRecords.update). */
  async update(input: McpServerRecordUpdate, { precondition }: { precondition?: (current: McpServerRecord) => void } = {}): Promise<McpActionResult> {
    const { before, server } = this.records.update(input, precondition);
    await this.applyRecordChange(before, server, 'connect');
    return { success: true, server };
  }

  async remove(id: string): Promise<McpActionResult> {
    this.records.remove(id);
    await this.forgetServer(id);
    return { success: true };
  }

  /** Undoes a recent remove: the same record comes back (see ServerRecords.restore) and connects if active. */
  async restore(id: string): Promise<McpActionResult> {
    const server = this.records.restore(id);
    if (server.isActive && this.opts.connectOnAdd) this.pool.connectInBackground(server, 'person');
    return { success: true, server };
  }

  /**
   * Another process changed the records (the store saw it on a read; the watcher makes it read).
   * The same rules as an update apply, except that a server that should reconnect only
   * disconnects here and connects again on its next use: the other process did not ask us to
   * connect anything.
   */
  async applyExternalChange({ before, after }: McpConfigChange): Promise<void> {
    const now = new Map(after.map((s) => [s.id, s]));
    if (after.some(isOnUnreviewed)) for (const off of this.keepUnreviewedOff()) now.set(off.id, off);
    await Promise.allSettled(
      before.map(async (old) => {
        const next = now.get(old.id);
        if (!next) return this.forgetServer(old.id);
        if (JSON.stringify(old) !== JSON.stringify(next)) await this.applyRecordChange(old, next, 'on-next-use');
      }),
    );
    if (this.disposing) return;
    // A server another program added (the CLI) connects as one added here does, or the app
    // would show it "Not connected" until something happened to ask for its tools.
    const known = new Set(before.map((s) => s.id));
    if (this.opts.connectOnAdd) {
      for (const server of now.values()) if (!known.has(server.id) && server.isActive && !isOnUnreviewed(server)) this.pool.connectInBackground(server);
    }
    this.emit('mcp.servers_changed', { reason: 'external' });
    // An install link the CLI took (`servers install-link`) is announced as one the app took is,
    // so the window says that servers arrived and wait for a review.
    const linked = [...now.values()].filter((server) => !known.has(server.id) && needsActivationReview(server)).map((server) => server.id);
    if (linked.length) this.emit('mcp.link_installed', { ids: linked });
  }

  /** Notices the service raised since it started; `app.notices` lists them after the store's. */
  get notices(): readonly AppNotice[] {
    return this.raised;
  }

  /** Notices raised from now on. Returns the unsubscribe function. */
  onNotice(listener: (notice: AppNotice) => void): () => void {
    this.noticeListeners.add(listener);
    return () => this.noticeListeners.delete(listener);
  }

  /**
   * A server that came from an install link runs only after a person confirmed its review
   * (mcp.activate); an edit of the file by another program that turns it on anyway is undone,
   * in the file too so that every reader sees it off, and the person is told.
   */
  private keepUnreviewedOff(): McpServerRecord[] {
    let off: McpServerRecord[];
    try {
      off = this.records.deactivateUnreviewed();
    } catch {
      // The write failed (the lock timed out): implicit use still refuses these servers (isOnUnreviewed), and the next change retries.
      return [];
    }
    for (const server of off) {
      this.raise({
        code: 'LINKED_SERVER_KEPT_INACTIVE',
        message: `"${server.name}" was added from an install link and has not been reviewed; a change to ${this.store.path} turned it on, so it was turned off again. Review it to turn it on.`,
        data: { id: server.id, name: server.name, path: this.store.path },
      });
    }
    return off;
  }

  /** The tool call running on the server, when exactly one is: a server request is most likely its. */
  private onlyRunningCall(serverId: string): { callId: string; toolName: string; deadline: number } | undefined {
    const calls = [...this.activeCalls].filter(([, call]) => call.serverId === serverId);
    const [only] = calls;
    return calls.length === 1 && only ? { callId: only[0], toolName: only[1].toolName, deadline: only[1].deadline } : undefined;
  }

  /** The person learns a server wanted a model answer, which no configured model could give. */
  private noticeSamplingRefused(server: Pick<McpServerRecord, 'id' | 'name'>): void {
    if (this.samplingNoticed.has(server.id)) return;
    this.samplingNoticed.add(server.id);
    this.raise({
      code: 'MCP_SAMPLING_REFUSED',
      message: `"${server.name}" asked for a model answer (sampling); it was refused because no model is configured (add a key under Provider keys)`,
      data: { serverId: server.id, serverName: server.name },
    });
  }

  private raise(notice: AppNotice): void {
    this.raised.push(notice);
    for (const listener of this.noticeListeners) listener(notice);
  }

  /* ---------- connections ---------- */

  /** A connected client for the server, reusing a healthy pooled one. */
  async initClient(server: McpServerRecord): Promise<Client> {
    return (await this.pool.acquire(server, { by: 'person' })).client;
  }

  disconnect(serverId: string): Promise<void> {
    return this.pool.disconnect(serverId);
  }

  /** Disconnect, then connect again if the server is active. */
  async reconnect(serverId: string): Promise<void> {
    await this.pool.disconnect(serverId);
    const server = this.records.get(serverId);
    if (server.isActive) await this.initClient(server);
  }

  status(): McpServerStatus[] {
    return this.records.list().map((s) => this.statusOf(s.id));
  }

  /** What was last seen of each saved server, kept across runs (LastSeenStore); never connects. */
  lastSeenServers(): McpLastSeen[] {
    const saved = new Set(this.records.list().map((s) => s.id));
    return this.lastSeen.list().filter((entry) => saved.has(entry.serverId));
  }

  /** "Check all": each active server's test, as a person's action; the connect line caps how many start together. */
  testAll(): Promise<McpTestAllResult> {
    const active = this.records.list().filter((s) => s.isActive && !isOnUnreviewed(s));
    return Promise.all(active.map(async (s) => ({ id: s.id, name: s.name, result: await this.test({ id: s.id }) })));
  }

  statusOf(serverId: string): McpServerStatus {
    const auth = this.signIns?.statusOf(serverId);
    return { ...this.pool.statusOf(serverId), ...(auth && { auth }) };
  }

  /* ---------- sign-in (OAuth) ---------- */

  /** Starts signing in to a remote server; answers once the browser was sent (see ServerSignIns.start). */
  startSignIn(serverId: string): Promise<McpAuthStatus> {
    return this.requireSignIns().start(this.records.get(serverId));
  }

  /** Resolves once the sign-in in progress for the server ended and, when it succeeded, the connect it started did. */
  async signInSettled(serverId: string): Promise<void> {
    await this.requireSignIns().settled(serverId);
    await this.afterSignIn.get(serverId);
  }

  cancelSignIn(serverId: string): McpServerStatus {
    this.requireSignIns().cancel(serverId);
    return this.statusOf(serverId);
  }

  async signOut(serverId: string): Promise<McpServerStatus> {
    const server = this.records.get(serverId);
    await this.pool.disconnect(serverId);
    this.requireSignIns().signOut(server);
    return this.statusOf(serverId);
  }

  /** The record, or undefined when it was removed meanwhile (a state change can outlive it). */
  private findRecord(serverId: string): McpServerRecord | undefined {
    try {
      return this.records.get(serverId);
    } catch {
      return undefined;
    }
  }

  private requireSignIns(): ServerSignIns {
    if (!this.signIns) throw new AppError('AUTH_NOT_SUPPORTED', 'Sign-in is not available in this process', { serverName: '', transport: '' });
    return this.signIns;
  }

  private readonly afterSignIn = new Map<string, Promise<void>>();
  /** New tokens: the old connection (refused, or narrower in scope) is replaced; an inactive server stays off. */
  private connectAfterSignIn(serverId: string): Promise<void> {
    const run = (async () => {
      await this.pool.disconnect(serverId);
      const server = this.findRecord(serverId);
      if (server?.isActive) await this.pool.acquire(server, { by: 'person' }).catch(() => undefined);
    })();
    this.afterSignIn.set(serverId, run);
    return run;
  }

  /** Closes every connection and clears the maps; the service stays usable. */
  async cleanup(): Promise<void> {
    await this.pool.closeAll();
    this.tools.clear();
  }

  /* ---------- server requests ---------- */

  /** The person's answer to a server's elicitation/create (see ElicitationBroker.respond). */
  respondToElicitation(input: ElicitationRespondInput): void {
    this.elicitation.respond(input);
  }

  /** The server questions waiting for the person, oldest first. */
  pendingElicitations(): ElicitationRequest[] {
    return this.elicitation.list();
  }

  /** The sampling requests waiting for the person's review, oldest first. */
  pendingSamplings(): SamplingRequest[] {
    return this.sampling.list();
  }

  /** Runs a sampling request on the person's model (see SamplingBroker.generate); the draft goes back to the person only. */
  generateSampling(input: Parameters<SamplingBroker['generate']>[0]): ReturnType<SamplingBroker['generate']> {
    return this.sampling.generate(input);
  }

  /** Sends the reviewed answer to the server, or declines (see SamplingBroker.respond). */
  respondToSampling(input: Parameters<SamplingBroker['respond']>[0]): void {
    this.sampling.respond(input);
  }

  /** Idempotent. Shutdown order: cancel calls and questions → close clients → processes gone. */
  dispose(): Promise<void> {
    this.disposing ??= (async () => {
      this.elicitation.dispose();
      this.signIns?.dispose();
      this.sampling.dispose();
      for (const { controller } of this.activeCalls.values()) {
        controller.abort(new AppError('MCP_CANCELLED', 'The app is shutting down'));
      }
      // The waits this process keeps end with it: what it leaves on record must not claim them.
      for (const { id, retry } of this.status()) if (retry) this.lastSeen.noRetry(id);
      await this.pool.shutDown();
      this.records.clearRemoved();
      this.lastSeen.flush();
      this.tools.clear();
      this.toolsChanged.clear();
      this.noticeListeners.clear();
      this.removeAllListeners();
    })();
    return this.disposing;
  }

  /* ---------- tools ---------- */

  /** A server's enabled tools (see toolRules). */
  async listServerTools(serverId: string, { refresh = false, requireActive, connect = true }: ListToolsOptions = {}): Promise<MCPTool[]> {
    if (requireActive) assertActiveForImplicitUse(this.currentRecord(serverId), requireActive);
    const cached = refresh ? undefined : this.tools.get(serverId);
    if (cached) return cached;
    return (await this.fetchTools(this.records.get(serverId), connect ? 'use' : 'none')).enabled;
  }

  /** Every active server's enabled tools; servers connect in parallel, and one that fails costs only its own tools. */
  async listAllActiveServerTools(): Promise<MCPTool[]> {
    // Until the watcher has turned it off again, a linked server turned on by a hand edit is not active.
    const active = this.records.list().filter((s) => s.isActive && !isOnUnreviewed(s));
    const lists = await Promise.allSettled(active.map((s) => this.listServerTools(s.id)));
    return lists.flatMap((r) => (r.status === 'fulfilled' ? r.value : []));
  }

  async callTool(
    serverId: string,
    toolName: string,
    args: Record<string, unknown> = {},
    callId: string = randomUUID(),
    options: CallToolOptions = {},
  ): Promise<McpCallToolResult> {
    // Without sign-in for calls nothing can be retried: the call itself, no wrapper around it (a
    // call is ~90 µs; each async layer costs one).
    if (!this.opts.signInForCalls || !this.signIns) return this.callToolOnce(serverId, toolName, args, callId, options);
    for (let signIns = 0; ; signIns++) {
      try {
        return await this.callToolOnce(serverId, toolName, args, callId, options);
      } catch (err) {
        if (!(await this.signedInAgainForCall(serverId, err, signIns, options.signal))) throw err;
      }
    }
  }

  /** Whether a call refused for want of a sign-in may go again: the person signed in (again, with the scope asked for). */
  private async signedInAgainForCall(serverId: string, err: unknown, signInsSoFar: number, signal: AbortSignal | undefined): Promise<boolean> {
    if (!this.opts.signInForCalls || !this.signIns || signInsSoFar >= MAX_CALL_SIGN_INS || signal?.aborted) return false;
    if (!(err instanceof AppError) || err.code !== 'AUTH_REQUIRED') return false;
    await this.startSignIn(serverId);
    await this.signInSettled(serverId);
    return this.signIns.statusOf(serverId)?.state === 'signed_in';
  }

  private async callToolOnce(
    serverId: string,
    toolName: string,
    args: Record<string, unknown>,
    callId: string,
    { timeoutMs, defaultTimeoutMs, signal, requireActive }: CallToolOptions,
  ): Promise<McpCallToolResult> {
    if (signal?.aborted) throw new AppError('MCP_CANCELLED', `Call ${callId} was cancelled by the caller before it started`, { callId, serverId, toolName });
    if (this.activeCalls.has(callId)) {
      throw new AppError('VALIDATION_FAILED', `A call with id ${callId} is already running`, { callId });
    }
    const server = this.currentRecord(serverId);
    assertActiveForImplicitUse(server, requireActive);
    assertToolEnabled(server, toolName);
    const controller = new CallCancellation();
    const timeout = timeoutMs ?? server.config.timeoutMs ?? defaultTimeoutMs ?? this.opts.callTimeoutMs;
    this.activeCalls.set(callId, { controller, serverId, toolName, deadline: Date.now() + timeout });
    const onAbort = signal && (() => controller.abort(new AppError('MCP_CANCELLED', `Call ${callId} was cancelled by the caller`, { callId, serverId, toolName })));
    if (onAbort) signal.addEventListener('abort', onAbort, { once: true });
    const started = performance.now();
    let success = false;
    try {
      const options: RequestOptions = { signal: controller.signal, timeout };
      // A progress token makes the server do extra work on every call; ask only when someone listens.
      if (this.listenerCount('mcp.tool_progress') > 0) {
        options.onprogress = ({ progress, total, message }) => this.emit('mcp.tool_progress', { serverId, toolName, callId, progress, total, message });
      }
      const result = await this.pool.request(
        server,
        'tools/call',
        false,
        (client) => requestToolCall(client, toolName, args, options),
        () => this.records.get(serverId),
        requireActive ? 'use' : 'person',
        controller,
      );
      success = result.isError !== true;
      const answer: McpCallToolResult = { callId, isError: !success, content: result.content, durationMs: performance.now() - started };
      if (result.structuredContent) answer.structuredContent = result.structuredContent;
      return answer;
    } catch (err) {
      // The SDK reports every abort as a RequestTimeout; the signal knows it was a cancel.
      if (controller.aborted && controller.reason instanceof AppError) throw controller.reason;
      throw withCallDetails(err, { toolName, callId, timeoutMs: timeout });
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
      this.activeCalls.delete(callId);
      this.elicitation.withdrawCall(callId);
      this.emit('mcp.tool_called', { serverId, toolName, callId, duration: performance.now() - started, success });
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

  /**
   * Connect and list tools, stage by stage (see TestStages). A saved server uses its pooled
   * connection; an unsaved one a throwaway. A failure says which stage stopped the test and
   * carries the stderr the server wrote meanwhile.
   */
  async test(input: McpTestInput): Promise<McpTestResult> {
    const started = performance.now();
    const saved = 'id' in input;
    const server = saved ? this.records.get(input.id) : McpServerRecordSchema.parse({ ...McpServerInputSchema.parse(input.server), id: `test_${randomUUID()}` });
    const stages = new TestStages();
    const mark = this.log.mark(server.id);
    try {
      const { listing, client, reusedConnection } = saved ? await this.testSaved(server, stages) : await this.testUnsaved(server, stages);
      stages.listed();
      const { serverInfo } = serverIdentity(client);
      return {
        success: true,
        ...stages.report(false),
        ...(reusedConnection ? { reusedConnection } : {}),
        tools: listing.enabled.map((t) => t.name),
        disabledTools: listing.all.filter((t) => t.disabled).map((t) => t.name),
        invalidTools: listing.issues,
        durationMs: performance.now() - started,
        ...(serverInfo ? { serverInfo } : {}),
      };
    } catch (err) {
      const stderrTail = this.log.since(server.id, mark, 'stderr', TEST_STDERR_LINES);
      return {
        success: false,
        ...stages.report(true),
        ...(stderrTail.length ? { stderrTail } : {}),
        tools: [],
        disabledTools: [],
        invalidTools: [],
        durationMs: performance.now() - started,
        error: toErrorShape(err),
      };
    } finally {
      if (!saved) this.log.forget(server.id);
    }
  }

  /**
   * Every tool (disabled ones marked), prompts and resources. Prompts and resources may fail
   * without failing the whole; a kind the server did not announce is MCP_NOT_SUPPORTED, not an
   * empty list, so "none" and "cannot have any" read differently.
   */
  async discover(serverId: string): Promise<McpDiscoverResult> {
    const server = this.records.get(serverId);
    const tools = await this.fetchTools(server);
    const { client } = await this.pool.acquire(server);
    const caps = client.getServerCapabilities() ?? {};
    const options = { timeout: this.opts.requestTimeoutMs };
    const unsupported = (capability: 'prompts' | 'resources') =>
      Promise.reject(
        new AppError('MCP_NOT_SUPPORTED', `"${server.name}" did not announce the ${capability} capability`, { serverId, serverName: server.name, capability }),
      );
    const [prompts, resources] = await Promise.allSettled([
      caps.prompts ? this.request(server, 'prompts/list', (c) => listAllPrompts(c, options)) : unsupported('prompts'),
      caps.resources ? this.request(server, 'resources/list', (c) => listAllResources(c, options)) : unsupported('resources'),
    ]);
    return {
      ...serverIdentity(client),
      tools: tools.all,
      invalidTools: tools.issues,
      prompts: prompts.status === 'fulfilled' ? prompts.value.items : [],
      resources: resources.status === 'fulfilled' ? resources.value.items : [],
      errors: {
        ...(prompts.status === 'rejected' ? { prompts: toErrorShape(prompts.reason) } : {}),
        ...(resources.status === 'rejected' ? { resources: toErrorShape(resources.reason) } : {}),
      },
    };
  }

  serverLog(serverId: string, limit?: number): McpServerLogLine[] {
    this.records.get(serverId);
    return this.log.read(serverId, limit);
  }

  /* ---------- internals ---------- */

  private async testSaved(server: McpServerRecord, stages: TestStages): Promise<{ listing: ToolsListing; client: Client; reusedConnection: boolean }> {
    const { client } = await this.pool.acquire(server, { probe: stages, by: 'person' });
    const reusedConnection = stages.reused();
    return { listing: await this.fetchTools(server), client, reusedConnection };
  }

  private testUnsaved(server: McpServerRecord, stages: TestStages): Promise<{ listing: ToolsListing; client: Client; reusedConnection: false }> {
    return this.pool.withUnpooled(
      server,
      async (client) => {
        const listed = await listAllTools(client, { timeout: this.opts.requestTimeoutMs });
        // Before the throwaway connection closes, which for a process can take seconds.
        stages.listed();
        return { listing: toListing(server, listed), client, reusedConnection: false };
      },
      stages,
    );
  }

  /** A live connection carries the current record, which spares the store read on the hot path. */
  private currentRecord(serverId: string): McpServerRecord {
    return this.pool.liveRecord(serverId) ?? this.records.get(serverId);
  }

  /**
   * Carries out what a record change does to the server's connection (see connectionEffect).
   * Names, disabled tools and the config all shape the cached list, so any change drops it.
   */
  private async applyRecordChange(before: McpServerRecord, after: McpServerRecord, reconnect: 'connect' | 'on-next-use'): Promise<void> {
    this.tools.invalidate(after.id);
    this.pool.updateRecord(after);
    const effect = connectionEffect(before, after, this.pool.isConnected(after.id));
    if (effect === 'announce-roots') await this.pool.announceRoots(after.id);
    if (effect === 'disconnect' || effect === 'reconnect') await this.pool.disconnect(after.id);
    if (effect === 'reconnect' && reconnect === 'connect') this.pool.connectInBackground(this.records.get(after.id), 'person');
  }

  private async forgetServer(serverId: string): Promise<void> {
    this.signIns?.forget(serverId);
    await this.pool.forget(serverId);
    this.lastSeen.forget(serverId);
    this.tools.invalidate(serverId);
    this.toolsChanged.cancel(serverId);
    this.log.forget(serverId);
  }

  /** An idempotent request (a listing): it is retried once on a fresh connection if the old one dropped. */
  private request<T>(server: McpServerRecord, method: string, run: (client: Client) => Promise<T>, by: ConnectCause = 'use'): Promise<T> {
    return this.pool.request(server, method, true, run, () => this.records.get(server.id), by);
  }

  private async fetchTools(server: McpServerRecord, by: ConnectCause = 'use'): Promise<ToolsListing> {
    let epoch = 0;
    const listed = await this.request(server, 'tools/list', (client) => {
      // Read here, after any connect: a connect invalidates too, and must not void this listing.
      epoch = this.tools.epoch(server.id);
      return listAllTools(client, { timeout: this.opts.requestTimeoutMs });
    }, by);
    for (const issue of listed.issues) this.pool.note(server.id, `Skipped tool "${issue.name}": ${issue.message}`);
    const listing = toListing(server, listed);
    this.tools.set(server.id, epoch, listing.enabled);
    this.lastSeen.toolsListed(server.id, listing.all);
    return listing;
  }
}

/** On, although it still needs the activation review that turning it on requires (see keepUnreviewedOff). */
const isOnUnreviewed = (server: McpServerRecord) => server.isActive && needsActivationReview(server);

function toMcpTool(server: McpServerRecord, tool: Tool): MCPTool {
  const title = tool.title ?? tool.annotations?.title;
  const annotations = tool.annotations && pickAnnotations(tool.annotations);
  return {
    id: '', // assigned over the whole listing, so two tools that clean alike still differ
    name: tool.name,
    ...(title ? { title } : {}),
    description: tool.description ?? '',
    inputSchema: tool.inputSchema,
    ...(annotations ? { annotations } : {}),
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    serverId: server.id,
    serverName: server.name,
  };
}

/** The spec's annotation fields only: a server's extra keys are not ours to pass on. */
function pickAnnotations(raw: NonNullable<Tool['annotations']>): McpToolAnnotations | undefined {
  const picked: McpToolAnnotations = {};
  if (typeof raw.title === 'string') picked.title = raw.title;
  for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
    if (typeof raw[hint] === 'boolean') picked[hint] = raw[hint];
  }
  return Object.keys(picked).length > 0 ? picked : undefined;
}

function toListing(server: McpServerRecord, listed: { items: Tool[]; issues: McpToolIssue[] }): ToolsListing {
  const { tools } = assignToolIds(listed.items.map((t) => toMcpTool(server, t)));
  return {
    all: tools.map((t) => ({ ...t, disabled: isToolDisabled(server, t.name) })),
    enabled: tools.filter((t) => !isToolDisabled(server, t.name)),
    issues: listed.issues,
  };
}
