/**
 * McpService: the façade the router, the agent tools and the CLI use. It joins the server
 * records (ServerRecords), the connection pool (pool/ConnectionPool) and what is learnt over a
 * connection: the tool cache, tool calls, test and discovery.
 *
 * Its peers are built beside it (createMcp.ts) and handed in: the server log,
 * the last-seen store, the notice board, the brokers that carry a server's questions
 * (ElicitationBroker) and sampling requests (SamplingBroker) to the person, and sign-ins
 * (ServerSignIns). The router reaches the brokers and the notices directly; here they are only
 * wired to the pool.
 *
 * It emits the contract's mcp.* events under the contract's names and payloads, so they reach
 * the renderer unchanged and unmapped.
 */
import { randomUUID } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { McpAppResource } from '@shared/contracts/mcp-apps';
import { events as contractEvents, type EventName, type EventPayload } from '@shared/contracts/ipc';
import type {
  McpCallRecord,
  MCPTool,
  McpActionResult,
  McpAuthStatus,
  McpCallToolResult,
  McpCompleteInput,
  McpCompleteResult,
  McpDiscoverResult,
  McpGetPromptResult,
  McpLastSeen,
  McpServerInput,
  McpServerJsonInput,
  McpServerLogLine,
  McpServerRecord,
  McpServerRecordUpdate,
  McpServerStatus,
  McpReadResourceResult,
  McpTestAllResult,
  McpTestInput,
  McpTestResult,
} from '@shared/contracts/mcp-types';
import type { DuplicateAction, ImportDecision, McpImportPreview, McpImportResult } from '@shared/contracts/mcp-import';
import { AppError } from '@shared/errors';
import { DisposableStore } from '@shared/lifecycle/DisposableStore';
import type { Emitter } from '@shared/lifecycle/Emitter';
import type { McpConfigChange, McpConfigStore } from '../../../config/McpConfigStore';
import type { NoticeBoard } from '../../../NoticeBoard';
import type { McpServerLog } from './McpServerLog';
import type { ElicitationBroker } from './ElicitationBroker';
import type { SamplingBroker } from './SamplingBroker';
import type { LastSeenStore } from './LastSeenStore';
import type { ServerSignIns } from './auth/ServerSignIns';
import { SignInFlow, type SignInKind } from './auth/SignInFlow';
import { DEFAULTS, type CallToolOptions, type ListToolsOptions, type ResolvedOptions, type ServiceSettings } from './McpServiceOptions';
import { ServerRecords } from './ServerRecords';
import { ConnectionPool, type PoolState } from './pool/ConnectionPool';
import { connectionEffect } from './pool/connectionEffect';
import { ServerContent } from './pool/serverContent';
import { ServerTests } from './pool/ServerTests';
import { ServerTools } from './pool/ServerTools';
import { ServerApps, toolFacts, type AppCallApprover } from './pool/ServerApps';
import { logMessageLine } from './logMessageLine';
import { ToolCalls } from './pool/ToolCalls';
import { ToolTasks } from './pool/ToolTasks';
import { RunningCalls } from './pool/RunningCalls';
import { CallRecords } from './pool/CallRecords';
import { assertActiveForImplicitUse, isActiveAndReviewed } from './pool/toolRules';
import { needsActivationReview } from './common/activationReview';
import { readImportEntries } from './common/importDialects';
import { batchResult, previewEntries } from './common/importPlan';

export type { CallToolOptions, ListToolsOptions, McpServiceOptions } from './McpServiceOptions';

/** The contract's events that McpService emits: every `mcp.*` event, with the contract's payload. */
export type McpEventName = Extract<EventName, `mcp.${string}`>;
export type McpServiceEvents = { [E in McpEventName]: EventPayload<E> };
export const MCP_EVENT_NAMES = (Object.keys(contractEvents) as EventName[]).filter((name): name is McpEventName => name.startsWith('mcp.'));

/** What McpService is built from; createMcp makes each one. */
export interface McpPeers {
  /** Where the mcp.* events go (the app's one emitter, which createServices forwards). */
  events: Emitter<McpServiceEvents>;
  log: McpServerLog;
  lastSeen: LastSeenStore;
  notices: NoticeBoard;
  elicitation: ElicitationBroker;
  sampling: SamplingBroker;
  /** Absent where nothing can keep a sign-in (no secret store): a 401 is then a plain connect failure. */
  signIns?: ServerSignIns;
}

export class McpService {
  private readonly records: ServerRecords;
  private readonly pool: ConnectionPool;
  private readonly tools: ServerTools;
  private readonly calls = new RunningCalls();
  private readonly callRecords = new CallRecords();
  private readonly toolCalls: ToolCalls;
  private readonly tests: ServerTests;
  private readonly content: ServerContent;
  private readonly apps: ServerApps;
  private readonly opts: ResolvedOptions;
  private readonly signInFlow: SignInFlow;
  /** What the service owns, let go in reverse on dispose: calls are cancelled before their connections close. */
  private readonly disposables = new DisposableStore();

  constructor(
    store: McpConfigStore,
    private readonly peers: McpPeers,
    options: ServiceSettings = {},
  ) {
    this.opts = { ...DEFAULTS, fetch: globalThis.fetch, ...options };
    const { events, signIns, elicitation, sampling } = peers;
    this.records = new ServerRecords(store, (change) => events.emit('mcp.servers_changed', change));
    this.pool = new ConnectionPool(peers.log, { ...this.opts, authFor: signIns && ((server) => signIns.authFor(server)) }, {
      onState: (serverId, state) => this.onPoolState(serverId, state),
      onAuthFailure: (server, failure) => signIns?.noteOutcome(server, { failure }),
      onConnectionChange: (serverId) => this.tools.invalidate(serverId),
      onToolsChanged: (serverId) => this.tools.changedOnServer(serverId),
      // A server's request most likely belongs to the one call running on it, if one is.
      onElicit: (server, params, signal) => elicitation.ask(server, params, signal, this.calls.onlyOn(server.id)),
      onSample: (server, params, signal) => sampling.ask(server, params, signal, this.calls.onlyOn(server.id)),
    });
    this.toolCalls = new ToolCalls({
      pool: this.pool,
      calls: this.calls,
      events,
      records: this.callRecords,
      tasks: new ToolTasks({
        events,
        tools: (server) => this.tools.callable(server, { refresh: false, by: 'use' }),
        cachedTools: (serverId) => this.tools.cached(serverId),
        optionalTaskAboveMs: this.opts.optionalTaskAboveMs,
      }),
      currentRecord: (serverId) => this.currentRecord(serverId),
      storedRecord: (serverId) => this.records.get(serverId),
      ended: (callId) => elicitation.withdrawCall(callId),
      callTimeoutMs: this.opts.callTimeoutMs,
    });
    const { requestTimeoutMs } = this.opts;
    this.tools = new ServerTools({ pool: this.pool, lastSeen: peers.lastSeen, events, record: (id) => this.records.get(id), requestTimeoutMs });
    this.apps = new ServerApps({ tools: this.tools, record: (id) => this.records.get(id), requestTimeoutMs });
    this.tests = new ServerTests({ pool: this.pool, log: peers.log, records: this.records, tools: this.tools, requestTimeoutMs });
    this.content = new ServerContent({ tools: this.tools, record: (id) => this.records.get(id), requestTimeoutMs });
    this.disposables.add(() => this.records.clearRemoved());
    this.disposables.add(() => this.tools.clear());
    this.disposables.add(() => this.pool.shutDown());
    // The waits this process keeps end with it: what it leaves on record must not claim them.
    this.disposables.add(() => this.status().forEach(({ id, retry }) => retry && peers.lastSeen.noRetry(id)));
    this.disposables.add(this.calls);
    this.signInFlow = new SignInFlow(signIns, { pool: this.pool, record: (id) => this.records.get(id), findRecord: (id) => this.findRecord(id) });
    this.disposables.add(this.signInFlow.connectAfterSignIns());
  }

  private onPoolState(serverId: string, { failure, ...live }: PoolState): void {
    this.peers.events.emit('mcp.connection_state', { serverId, ...live, ...(failure ? { error: failure.message, failure } : {}) });
    const server = this.findRecord(serverId);
    if (!server) return;
    if (failure || live.state === 'connected') this.peers.signIns?.noteOutcome(server, failure ? { failure } : { connected: true });
    if (live.state === 'connected') this.peers.lastSeen.outcome(serverId, { ok: true, at: Date.now() });
    else if (failure) {
      const message = failure.message.split('\n')[0] ?? '';
      const attempts = Math.max(1, this.pool.failuresInARow(serverId));
      this.peers.lastSeen.outcome(serverId, { ok: false, at: Date.now(), code: failure.code, message, attempts, ...(live.retry && { retryAt: live.retry.at }) });
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

  /** Imports a text in one write (see ServerRecords.importEntries): new servers connect as added ones do, replaced ones as updated ones do. */
  async importJson(json: string, decisions?: readonly ImportDecision[], onDuplicate?: DuplicateAction): Promise<McpImportResult> {
    const { added, replaced, results } = this.records.importEntries(readImportEntries(json), decisions, onDuplicate);
    for (const { before, server } of replaced) await this.applyRecordChange(before, server, 'connect');
    if (this.opts.connectOnAdd) for (const server of added) if (server.isActive) this.pool.connectInBackground(server, 'person');
    return { results };
  }

  /** An import with duplicates skipped, reported as a batch result (mcp.add_json). */
  async addJson({ json }: McpServerJsonInput): Promise<McpActionResult> {
    return batchResult((await this.importJson(json)).results);
  }

  /** `precondition` is checked on the record being replaced, in the same locked step as the write (see ServerRecords.update). */
  async update(input: McpServerRecordUpdate, { precondition }: { precondition?: (current: McpServerRecord) => void } = {}): Promise<McpActionResult> {
    const { before, server } = this.records.update(input, precondition);
    await this.applyRecordChange(before, server, 'connect');
    return { success: true, server };
  }

  async remove(id: string): Promise<McpActionResult> {
    this.records.remove(id, this.peers.lastSeen.get(id));
    await this.forgetServer(id);
    return { success: true };
  }

  /** Undoes a recent remove: the same record comes back (see ServerRecords.restore) with its last seen tools, and connects if active. */
  async restore(id: string): Promise<McpActionResult> {
    const { record: server, lastSeen } = this.records.restore(id);
    // In the same turn as the record's "added" announcement, so the list's refetch of mcp.last_seen finds it.
    if (lastSeen) this.peers.lastSeen.restore(lastSeen);
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
    if (after.some((s) => s.isActive && needsActivationReview(s))) for (const off of this.records.keepUnreviewedOff(this.peers.notices)) now.set(off.id, off);
    await Promise.allSettled(
      before.map(async (old) => {
        const next = now.get(old.id);
        if (!next) return this.forgetServer(old.id);
        if (JSON.stringify(old) !== JSON.stringify(next)) await this.applyRecordChange(old, next, 'on-next-use');
      }),
    );
    if (this.disposables.isDisposed) return;
    // A server another program added (the CLI) connects as one added here does, or the app
    // would show it "Not connected" until something happened to ask for its tools.
    const known = new Set(before.map((s) => s.id));
    const added = [...now.values()].filter((server) => !known.has(server.id));
    if (this.opts.connectOnAdd) for (const server of added) if (isActiveAndReviewed(server)) this.pool.connectInBackground(server);
    this.peers.events.emit('mcp.servers_changed', { reason: 'external' });
    // An install link the CLI took (`servers install-link`) is announced as one the app took is,
    // so the window says that servers arrived and wait for a review.
    const linked = added.filter(needsActivationReview).map((server) => server.id);
    if (linked.length) this.peers.events.emit('mcp.link_installed', { ids: linked });
  }

  /* ---------- connections ---------- */

  /** A connected client for the server, reusing a healthy pooled one. */
  async initClient(server: McpServerRecord): Promise<Client> {
    return (await this.pool.acquire(server, { by: 'person' })).client;
  }

  disconnect(serverId: string): Promise<void> {
    return this.pool.disconnect(serverId);
  }

  /** Disconnect, then connect again if the server is active; a failed connect is reported as its state (see ConnectionPool.reconnect). */
  async reconnect(serverId: string): Promise<void> {
    await this.pool.reconnect(this.records.get(serverId));
  }

  status(): McpServerStatus[] {
    return this.records.list().map((s) => this.statusOf(s.id));
  }

  statusOf(serverId: string): McpServerStatus {
    const auth = this.peers.signIns?.statusOf(serverId);
    return { ...this.pool.statusOf(serverId), ...(auth && { auth }) };
  }

  /** What was last seen of each saved server, kept across runs (LastSeenStore); never connects. */
  lastSeenServers(): McpLastSeen[] {
    const saved = new Set(this.records.list().map((s) => s.id));
    return this.peers.lastSeen.list().filter((entry) => saved.has(entry.serverId));
  }

  /** Closes every connection and clears the maps; the service stays usable. */
  async cleanup(): Promise<void> {
    await this.pool.closeAll();
    this.tools.clear();
  }

  /* ---------- sign-in (OAuth): see SignInFlow ---------- */

  startSignIn(serverId: string): Promise<McpAuthStatus> {
    return this.signInFlow.start(serverId);
  }

  signInSettled(serverId: string): Promise<void> {
    return this.signInFlow.settled(serverId);
  }

  cancelSignIn(serverId: string): McpServerStatus {
    this.signInFlow.cancel(serverId);
    return this.statusOf(serverId);
  }

  async signOut(serverId: string): Promise<McpServerStatus> {
    await this.signInFlow.signOut(serverId);
    return this.statusOf(serverId);
  }

  /** Idempotent. Shutdown order: calls cancelled → connections closed (their processes end with them). */
  dispose(): Promise<void> {
    return this.disposables.dispose();
  }

  /* ---------- tools ---------- */

  /** A server's enabled tools (see toolRules). */
  async listServerTools(serverId: string, { refresh = false, requireActive, connect = true }: ListToolsOptions = {}): Promise<MCPTool[]> {
    if (requireActive) assertActiveForImplicitUse(this.currentRecord(serverId), requireActive);
    return this.tools.enabled(this.records.get(serverId), { refresh, by: connect ? 'use' : 'none' });
  }

  /** Every active server's enabled tools; servers connect in parallel, and one that fails costs only its own tools. */
  async listAllActiveServerTools(): Promise<MCPTool[]> {
    const lists = await Promise.allSettled(this.records.list().filter(isActiveAndReviewed).map((s) => this.listServerTools(s.id)));
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
    if (!this.opts.signInForCalls || !this.peers.signIns) return this.toolCalls.call(serverId, toolName, args, callId, options);
    const signIns = new Set<SignInKind>();
    for (;;) {
      try {
        return await this.toolCalls.call(serverId, toolName, args, callId, options);
      } catch (err) {
        if (!(await this.signInFlow.signedInAgainForCall(serverId, err, signIns, options.signal))) throw err;
      }
    }
  }

  /** A recent call's arguments and result or error (CallRecords); CALL_RECORD_GONE once let go. */
  callRecord(callId: string): McpCallRecord {
    return this.callRecords.get(callId);
  }

  /** Cancels a running call: the server gets notifications/cancelled, the caller MCP_CANCELLED. */
  cancelCall(callId: string): boolean {
    return this.calls.cancel(callId);
  }

  /* ---------- MCP Apps (issue 32): what an app asks, of its own server only ---------- */

  /** A tool's app: its HTML and `_meta.ui` (see ServerApps.resource). */
  appResource(serverId: string, uri: string): Promise<McpAppResource> {
    return this.apps.resource(serverId, uri);
  }

  /**
   * An app's call: only to a tool whose visibility names "app" (APP_TOOL_NOT_ALLOWED), then only
   * as `approve` decides (the approval policy for apps; APP_TOOL_DENIED when the person said no),
   * then as any call with the arguments approved, recorded with origin `app`. `approve` is required
   * so that no way into an app's call skips the policy.
   */
  async appCallTool(serverId: string, toolName: string, args: Record<string, unknown>, approve: AppCallApprover, callId?: string): Promise<McpCallToolResult> {
    const tool = await this.apps.toolForApp(serverId, toolName);
    const decision = await approve({ callId: callId ?? randomUUID(), serverId, serverName: tool.serverName, toolName, ...toolFacts(tool), arguments: args });
    if (!decision.allowed) {
      throw new AppError('APP_TOOL_DENIED', `The app of "${tool.serverName}" was not allowed to run "${toolName}" (${decision.reason})`, { serverName: tool.serverName, toolName, reason: decision.reason });
    }
    return this.callTool(serverId, toolName, decision.arguments, callId, { origin: 'app' });
  }

  /** An app's log message, into its server's log as the server's own are (stream `log`, logger `app`). */
  appLog(serverId: string, level: LoggingLevel, data: unknown): void {
    this.records.get(serverId);
    this.peers.log.append(serverId, 'log', logMessageLine({ level, logger: 'app', data }));
  }

  /* ---------- test, discover, log ---------- */

  /** Connect and list tools, stage by stage (see ServerTests.test). */
  test(input: McpTestInput): Promise<McpTestResult> {
    return this.tests.test(input);
  }

  /** "Check all" (see ServerTests.testAll). */
  testAll(): Promise<McpTestAllResult> {
    return this.tests.testAll();
  }

  /** Every tool, prompt and resource of the server (see ServerTests.discover). */
  discover(serverId: string): Promise<McpDiscoverResult> {
    return this.tests.discover(serverId);
  }

  /** A prompt filled in by the server (see ServerContent). */
  getPrompt(serverId: string, name: string, args?: Record<string, string>): Promise<McpGetPromptResult> {
    return this.content.getPrompt(serverId, name, args);
  }

  /** A resource's contents (see ServerContent). */
  readResource(serverId: string, uri: string): Promise<McpReadResourceResult> {
    return this.content.readResource(serverId, uri);
  }

  /** Suggested values for a prompt's or resource template's argument (see ServerContent). */
  complete(input: McpCompleteInput): Promise<McpCompleteResult> {
    return this.content.complete(input);
  }

  serverLog(serverId: string, limit?: number): McpServerLogLine[] {
    this.records.get(serverId);
    return this.peers.log.read(serverId, limit);
  }

  /* ---------- internals ---------- */

  /** A live connection carries the current record, which spares the store read on the hot path. */
  private currentRecord(serverId: string): McpServerRecord {
    return this.pool.liveRecord(serverId) ?? this.records.get(serverId);
  }

  /** The record, or undefined when it was removed meanwhile (a state change can outlive it). */
  private findRecord(serverId: string): McpServerRecord | undefined {
    try {
      return this.records.get(serverId);
    } catch {
      return undefined;
    }
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
    this.peers.signIns?.forget(serverId);
    await this.pool.forget(serverId);
    this.peers.lastSeen.forget(serverId);
    this.tools.forget(serverId);
    this.peers.log.forget(serverId);
  }
}
