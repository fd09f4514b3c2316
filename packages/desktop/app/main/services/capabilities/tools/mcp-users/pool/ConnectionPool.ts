/**
 * The pool of client connections, one per server, with their connection states.
 *
 * Invariants:
 * - At most one connect per server is in flight; concurrent first calls share it (`pending`).
 * - At most `connectConcurrency` connects run at once (ConnectGate); the others wait in line
 *   holding no process and no timer, and each connect's timeout starts when it leaves the line.
 * - A server that failed is not started again by implicit use before its retry time
 *   (RetrySchedule: 1 s doubling to 5 min); a person's action never waits for it.
 * - A pooled client is either alive (in `clients`) or closed; a dropped client is always closed
 *   first, so no server process outlives its entry.
 * - Liveness comes from the transport (onclose); a connection is pinged only after it has been
 *   idle, so a warm call costs one round trip, not two (ping + call).
 * - A server from an install link that nobody has reviewed is never connected (connecting a
 *   stdio server runs its command): every saved server's connect starts in `acquire` or
 *   `reconnect`, which refuse it with ACTIVATION_NEEDS_REVIEW before anything else happens.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CreateMessageRequest, CreateMessageResult, ElicitRequest, ElicitResult, LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { McpConnectionDetails, McpConnectionState, McpServerRecord, McpServerStatus } from '@shared/contracts/mcp-types';
import { AppError, type AppErrorShape } from '@shared/errors';
import type { McpServerLog } from '../McpServerLog';
import { processEndOf, type ProcessRegistry, type StdioStopTimings } from '../transports';
import { TRANSPORTS } from '@shared/transports';
import { CLIENT_CAPABILITIES, installClientHandlers } from './clientHandlers';
import { ClientTaskStore } from './clientTasks';
import { watchReach, type ConnectProbe } from './connectProbe';
import type { TransportFactory } from './createTransport';
import type { ServerAuth } from '../auth/ServerSignIns';
import { activationNeedsReview, needsActivationReview } from '../common/activationReview';
import { brokenNpxCacheIn, type PendingDownload } from '../deps/npxCache';
import { ConnectGate } from './ConnectGate';
import { RetrySchedule, type PendingRetry } from './RetrySchedule';
import { ConnectDeadline, type DeadlinePhase } from './ConnectDeadline';
import type { CallCancellation } from './CallCancellation';
import {
  droppedConnectionData,
  isRetryableOnNewConnection,
  isStaleSocketError,
  markSendFailures,
  toConnectError,
  toRequestError,
  type ConnectContext,
  type ErrorContext,
} from './errors';
import { hostNote, type HostNote } from '@shared/hostNotes';
import { deliverProgressBeforeResults } from './progressOrder';
import { logMessageLine } from '../logMessageLine';

/** Fresh connects after a remote restart, each of which may meet another stale pooled socket. */
const STALE_SOCKET_RETRIES = 3;
/** Stderr lines quoted in an error message (the full buffer is one route away). */
const ERROR_TAIL_LINES = 20;
/** Non-JSON stdout lines kept as evidence that a program is not an MCP server. */
const STDOUT_NOISE_LINES = 3;
/** How often a connect in its download phase looks whether npx has finished. */
const DOWNLOAD_POLL_MS = 250;

export interface PoolOptions {
  createTransport: TransportFactory;
  fetch: typeof fetch;
  processes?: ProcessRegistry | undefined;
  stdioStop?: StdioStopTimings | undefined;
  connectTimeoutMs: number;
  /** Connects that run at once; the others wait in line (ConnectGate). */
  connectConcurrency: number;
  /** The limit of a connect's download phase (npx fetching the package); the connect timeout starts after it. */
  downloadTimeoutMs: number;
  /** The package a server's start downloads first, if any (deps/npxCache.ts). */
  pendingDownload?: (server: McpServerRecord) => PendingDownload | undefined;
  /** A connection idle this long is pinged before reuse. */
  idlePingMs: number;
  pingTimeoutMs: number;
  clientVersion: string;
  /** The least severe log message a server that declares `logging` is asked to send (logging/setLevel, right after connect). */
  logLevel: LoggingLevel;
  /** The OAuth provider (and its scope-watching fetch) for a remote server; absent: no sign-in. */
  authFor?: ((server: McpServerRecord) => ServerAuth | undefined) | undefined;
}

/** A server's state in the pool: `failure` explains an `error` (its data says why, in codes: see common/connectFailure.ts). */
export type PoolState = { state: McpConnectionState; failure?: AppErrorShape } & McpConnectionDetails;

/**
 * Who asks for a connection: implicit use waits for a failing server's retry time; a person does
 * not, and goes first in line; `none` takes a connection there is (or one on its way) and starts nothing.
 */
export type ConnectCause = 'use' | 'person' | 'none';

export interface AcquireOptions {
  /** Hears the steps of a new connect this call starts; nothing when a connection is reused or shared. */
  probe?: ConnectProbe;
  by?: ConnectCause;
}

export interface PoolHooks {
  onState(serverId: string, state: PoolState): void;
  /** A connection opened or went away: whatever was learnt over the old one is stale. */
  onConnectionChange(serverId: string): void;
  /** The server sent notifications/tools/list_changed on its current connection. */
  onToolsChanged(serverId: string): void;
  /** The server asks the person something (elicitation/create); the answer goes back to it. */
  onElicit(server: McpServerRecord, params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult>;
  /** The server asks for a model answer (sampling/createMessage); the person's reviewed answer goes back, or a refusal. */
  onSample(server: McpServerRecord, params: CreateMessageRequest['params'], signal: AbortSignal): Promise<CreateMessageResult>;
  /** A request failed for want of a sign-in (403 insufficient_scope, a 401 no refresh cured). */
  onAuthFailure?(server: McpServerRecord, failure: AppErrorShape): void;
}

interface PooledClient {
  /** The record as of the latest update (config changes replace the whole entry). */
  server: McpServerRecord;
  client: Client;
  transport: Transport;
  alive: boolean;
  lastActivity: number;
  connectedAt: number;
}

interface ConnectAttempt {
  /** Set once the transport exists, so a disconnect can close it mid-connect. */
  transport?: Transport;
  cancelled: boolean;
  /** Log position at the start, so an error quotes only this attempt's stderr. */
  mark: number;
  /** Someone watching this connect step by step (a staged test). */
  probe?: ConnectProbe | undefined;
  /** Aborted by a disconnect: ends a wait in the connect line at once. */
  abort: AbortController;
  /** A person is waiting for it: it goes first in the connect line. */
  urgent: boolean;
  /** Where the pool's own connects report their phases (queued, downloading); absent for a throwaway connect. */
  report?: (details: McpConnectionDetails) => void;
  /** What npx downloads before this connect's server starts. */
  download?: PendingDownload | undefined;
  /** The limit passed while npx was still downloading. */
  downloading?: boolean;
  /** The folder of npx's cache the program's stderr said is broken. */
  npxCacheDir?: string | undefined;
}

interface PendingConnect extends ConnectAttempt {
  promise: Promise<PooledClient>;
}

const closedError = (server: McpServerRecord, how = 'was disconnected') => new AppError('MCP_CONNECTION_CLOSED', `"${server.name}" ${how}`);
const notConnectedError = (server: McpServerRecord) =>
  new AppError('MCP_NOT_CONNECTED', `"${server.name}" is not connected, and nothing was started to ask it`, { serverId: server.id, serverName: server.name });

export class ConnectionPool {
  private readonly clients = new Map<string, PooledClient>();
  private readonly states = new Map<string, PoolState>();
  private readonly pending = new Map<string, PendingConnect>();
  /** Throwaway connects (tests of unsaved servers), so a shutdown ends their wait in line too. */
  private readonly unpooled = new Set<ConnectAttempt>();
  private readonly gate: ConnectGate;
  private readonly retries = new RetrySchedule();
  /** Closes started outside a caller's await (unexpected exits); closeAll waits for them. */
  private readonly closing = new Set<Promise<unknown>>();
  private shuttingDown = false;

  constructor(
    private readonly log: McpServerLog,
    private readonly opts: PoolOptions,
    private readonly hooks: PoolHooks,
  ) {
    this.gate = new ConnectGate(opts.connectConcurrency);
  }

  /**
   * A connected client for the server, reusing a healthy pooled one. Implicit use (`by: 'use'`)
   * of a server waiting for its retry gets the last failure instead of a new connect.
   */
  acquire(server: McpServerRecord, { probe, by = 'use' }: AcquireOptions = {}): Promise<PooledClient> {
    if (this.shuttingDown) return Promise.reject(new AppError('MCP_CONNECTION_CLOSED', 'The MCP service is shutting down'));
    if (needsActivationReview(server)) return Promise.reject(activationNeedsReview(server));
    const ready = this.ready(server.id);
    if (ready) return Promise.resolve(ready);
    const pooled = this.clients.get(server.id);
    const inFlight = this.pending.get(server.id);
    if (inFlight) return inFlight.promise;
    if (by === 'none' && !pooled) return Promise.reject(notConnectedError(server));
    const waiting = by === 'use' && !pooled ? this.waitingForRetry(server.id) : undefined;
    if (waiting) return Promise.reject(waiting);
    const attempt: ConnectAttempt = {
      cancelled: false,
      mark: 0,
      probe,
      abort: new AbortController(),
      urgent: by === 'person',
      report: (details) => this.reportConnecting(server.id, details),
    };
    const pending: PendingConnect = Object.assign(attempt, {
      promise: (async () => {
        try {
          if (pooled && (await this.isClientHealthy(pooled))) {
            if (attempt.cancelled) throw closedError(server);
            return pooled;
          }
          if (pooled) await this.drop(server.id, pooled);
          if (by === 'none') throw notConnectedError(server);
          return await this.connect(server, attempt);
        } finally {
          if (this.pending.get(server.id) === attempt) this.pending.delete(server.id);
        }
      })(),
    });
    this.pending.set(server.id, pending);
    return pending.promise;
  }

  /** Throws what `acquire` would refuse a server with for want of its activation review (a test reports it as the route's error, not as a failed stage). */
  refuseUnreviewed(server: McpServerRecord): void {
    if (needsActivationReview(server)) throw activationNeedsReview(server);
  }

  /**
   * A person's reconnect: disconnect, then connect again if the server is active. A failed connect
   * is reported as the server's state, which is what the person asked about; an unreviewed linked
   * server is refused before it is touched, active or not.
   */
  async reconnect(server: McpServerRecord): Promise<void> {
    this.refuseUnreviewed(server);
    await this.disconnect(server.id);
    if (server.isActive) await this.acquire(server, { by: 'person' }).catch(() => undefined);
  }

  /** A pooled connection usable as it is: alive, and used recently enough to skip the health ping. */
  private ready(serverId: string): PooledClient | undefined {
    const pooled = this.clients.get(serverId);
    return !this.shuttingDown && pooled?.alive && Date.now() - pooled.lastActivity < this.opts.idlePingMs ? pooled : undefined;
  }

  /** Starts connecting; the outcome lands in the connection state (and its event), nobody awaits it. */
  connectInBackground(server: McpServerRecord, by: ConnectCause = 'use'): void {
    this.acquire(server, { by }).catch(() => undefined);
  }

  /** The last failure, with the retry it waits for, while a failed server's retry time has not come. */
  private waitingForRetry(serverId: string): AppError | undefined {
    const retry = this.retries.pending(serverId);
    const failure = this.states.get(serverId)?.failure;
    if (!retry || !failure) return undefined;
    return new AppError(failure.code, failure.message, { ...failure.data, retry });
  }

  /** Failures in a row (connects that failed, connections that dropped) since the server last proved healthy. */
  failuresInARow(serverId: string): number {
    return this.retries.failuresInARow(serverId);
  }

  /**
   * Runs a request on a pooled connection; reconnects once and retries when that is safe (the
   * request never reached the server, or it is idempotent). `current` re-reads the record for
   * the retry, which may follow a config change.
   */
  async request<T>(
    server: McpServerRecord,
    method: string,
    idempotent: boolean,
    run: (client: Client) => Promise<T>,
    current: () => McpServerRecord,
    by: ConnectCause = 'use',
    cancel?: CallCancellation,
  ): Promise<T> {
    // A ready connection is taken without awaiting acquire's resolved promise: one tick less per call.
    let pooled = this.ready(server.id) ?? (await untilCancelled(this.acquire(server, { by }), cancel));
    let mark = this.log.mark(server.id);
    try {
      const result = await run(pooled.client);
      pooled.lastActivity = Date.now();
      return result;
    } catch (first) {
      let err = first;
      // One request sent on a kept-alive socket the server had just closed says nothing about the
      // session, which other calls may be using at this moment: dropping it would fail every one
      // of them (MCP_CONNECTION_CLOSED). The message reached no one, so it goes again on the same
      // session (fetch takes a fresh socket); only if that fails too is the connection replaced.
      if (!this.shuttingDown && isStaleSocketError(err) && pooled.alive) {
        try {
          const result = await run(pooled.client);
          pooled.lastActivity = Date.now();
          return result;
        } catch (again) {
          err = again;
        }
      }
      if (this.shuttingDown || !isRetryableOnNewConnection(err, idempotent)) throw this.requestError(server, err, mark, method);
      this.note(server.id, hostNote('CONNECTION_LOST_RETRY', { method }));
      await this.drop(server.id, pooled);
    }
    pooled = await this.acquire(current(), { by });
    mark = this.log.mark(server.id);
    try {
      const result = await run(pooled.client);
      pooled.lastActivity = Date.now();
      return result;
    } catch (err) {
      throw this.requestError(server, err, mark, method);
    }
  }

  private requestError(server: McpServerRecord, err: unknown, mark: number, method: string): AppError {
    const error = toRequestError(err, { ...this.errorContext(server, mark), method });
    if (error.code.startsWith('AUTH_')) this.hooks.onAuthFailure?.(server, error.toShape());
    return error;
  }

  async disconnect(serverId: string): Promise<void> {
    this.retries.clearWait(serverId);
    const pending = this.pending.get(serverId);
    if (pending) {
      pending.cancelled = true;
      // Its reason is not what the caller sees: a wait in line ends as "disconnected while waiting".
      pending.abort.abort(new Error('disconnected'));
      await pending.transport?.close().catch(() => undefined);
      await pending.promise.catch(() => undefined);
    }
    const pooled = this.clients.get(serverId);
    if (pooled) await this.drop(serverId, pooled);
    this.hooks.onConnectionChange(serverId);
    if (this.states.has(serverId)) this.setState(serverId, { state: 'disconnected' });
  }

  /** The record a live connection was last told about, if the server has one. */
  liveRecord(serverId: string): McpServerRecord | undefined {
    const pooled = this.clients.get(serverId);
    return pooled?.alive ? pooled.server : undefined;
  }

  /** A changed record that keeps its connection: later requests (and roots/list answers) see it. */
  updateRecord(server: McpServerRecord): void {
    const pooled = this.clients.get(server.id);
    if (pooled) pooled.server = server;
  }

  isConnected(serverId: string): boolean {
    return this.liveRecord(serverId) !== undefined;
  }

  /** Tells a live connection that its roots changed (notifications/roots/list_changed). */
  async announceRoots(serverId: string): Promise<void> {
    await this.clients
      .get(serverId)
      ?.client.sendRootsListChanged()
      .catch((err: unknown) => this.note(serverId, hostNote('ROOTS_NOT_ANNOUNCED', { error: String(err) })));
  }

  statusOf(serverId: string): McpServerStatus {
    const { state = 'disconnected', failure, retry: _then, ...details } = this.states.get(serverId) ?? {};
    // The wait as of now: one that is over is no longer news.
    const retry = state === 'error' ? this.retries.pending(serverId) : undefined;
    return { id: serverId, state, ...details, ...(retry && { retry }), ...(failure ? { error: failure.message, failure } : {}) };
  }

  /** The server is gone: its connection closes and its state is forgotten. */
  async forget(serverId: string): Promise<void> {
    await this.disconnect(serverId);
    this.states.delete(serverId);
    this.retries.forget(serverId);
  }

  /** Closes every connection and forgets every state; the pool stays usable. */
  async closeAll(): Promise<void> {
    this.retries.clear();
    for (const attempt of this.unpooled) attempt.abort.abort(new Error('shutting down'));
    const ids = new Set([...this.clients.keys(), ...this.pending.keys()]);
    await Promise.allSettled([...ids].map((id) => this.disconnect(id)));
    await Promise.allSettled([...this.closing]);
    this.clients.clear();
    this.states.clear();
  }

  /** Refuses new connects from now on, then closes everything. */
  async shutDown(): Promise<void> {
    this.shuttingDown = true;
    await this.closeAll();
  }

  /**
   * Runs `use` on a connection outside the pool (the form's test of an unsaved server): the same
   * connect, no pool bookkeeping, closed afterwards. Any failure counts as a failed connect and
   * carries the attempt's stderr.
   */
  async withUnpooled<T>(server: McpServerRecord, use: (client: Client) => Promise<T>, probe?: ConnectProbe): Promise<T> {
    // A person is testing the form: first in line.
    const attempt: ConnectAttempt = { cancelled: false, mark: 0, probe, abort: new AbortController(), urgent: true };
    this.unpooled.add(attempt);
    let client: Client | undefined;
    try {
      client = (await this.openClient(server, attempt)).client;
      return await use(client);
    } catch (err) {
      throw toConnectError(err, this.connectContext(server, attempt));
    } finally {
      this.unpooled.delete(attempt);
      await client?.close().catch(() => undefined);
    }
  }

  note(serverId: string, note: HostNote): void {
    this.log.note(serverId, note);
  }

  private errorContext(server: McpServerRecord, mark = 0): ErrorContext {
    return { serverId: server.id, serverName: server.name, stderrTail: this.log.since(server.id, mark, 'stderr', ERROR_TAIL_LINES) };
  }

  /** The error context plus what the attempt's transport saw: how its process ended, what it printed instead of MCP. */
  private connectContext(server: McpServerRecord, attempt: Pick<ConnectAttempt, 'mark' | 'transport' | 'downloading' | 'npxCacheDir'>): ConnectContext {
    const processEnd = processEndOf(attempt.transport);
    return {
      ...this.errorContext(server, attempt.mark),
      transport: server.type,
      ...(server.config.url !== undefined && { url: server.config.url }),
      ...(processEnd && { processEnd }),
      stdoutNoise: this.log.since(server.id, attempt.mark, 'stdout', STDOUT_NOISE_LINES),
      ...(attempt.downloading && { downloading: true }),
      ...(attempt.npxCacheDir !== undefined && { npxCacheDir: attempt.npxCacheDir }),
    };
  }

  /** Liveness check before reusing a pooled client: a ping (only ever sent to an idle connection). */
  private async isClientHealthy(pooled: PooledClient): Promise<boolean> {
    if (!pooled.alive) return false;
    try {
      await pooled.client.ping({ timeout: this.opts.pingTimeoutMs });
      pooled.lastActivity = Date.now();
      return true;
    } catch {
      this.note(pooled.server.id, hostNote('PING_UNANSWERED'));
      return false;
    }
  }

  private async connect(server: McpServerRecord, attempt: ConnectAttempt): Promise<PooledClient> {
    // Said at once when it will wait in line (openClient enters it before its first await).
    this.setState(server.id, { state: 'connecting', ...(this.gate.full && { phase: 'queued' }) });
    try {
      const pooled = await this.openClientPastStaleSockets(server, attempt);
      pooled.client.onclose = () => this.onUnexpectedClose(pooled);
      this.clients.set(server.id, pooled);
      this.retries.clearWait(server.id);
      this.hooks.onConnectionChange(server.id);
      this.setState(server.id, { state: 'connected', connectedAt: pooled.connectedAt });
      return pooled;
    } catch (err) {
      if (attempt.cancelled) {
        this.setState(server.id, { state: 'disconnected' });
        throw closedError(server, 'was disconnected while connecting');
      }
      const error = toConnectError(err, this.connectContext(server, attempt));
      this.failed(server.id, error.toShape());
      throw error;
    }
  }

  /** An `error` state, with the time before which implicit use will not start the server again. */
  private failed(serverId: string, failure: AppErrorShape, upForMs?: number): void {
    const retry: PendingRetry = this.retries.failed(serverId, { upForMs });
    this.setState(serverId, { state: 'error', failure, retry });
  }

  /** openClient, tried again while it fails on sockets a restarted server left in fetch's pool. */
  private async openClientPastStaleSockets(server: McpServerRecord, attempt: ConnectAttempt): Promise<PooledClient> {
    for (let tries = 0; ; tries++) {
      try {
        return await this.openClient(server, attempt);
      } catch (err) {
        if (tries >= STALE_SOCKET_RETRIES || attempt.cancelled || !isStaleSocketError(err)) throw err;
        this.note(server.id, hostNote('STALE_CONNECTION'));
      }
    }
  }

  /**
   * Transport + client + initialize under the connect timeout, once the connect line lets it
   * start. On failure the transport is closed, so a spawned process never outlives a failed connect.
   */
  private async openClient(server: McpServerRecord, attempt: ConnectAttempt): Promise<PooledClient> {
    if (attempt.cancelled) throw closedError(server);
    const release = await this.enterLine(server, attempt);
    try {
      return await this.openClientNow(server, attempt);
    } finally {
      release();
    }
  }

  /** A slot in the connect line; while it waits, the state says so (`queued`). A disconnect ends the wait. */
  private async enterLine(server: McpServerRecord, attempt: ConnectAttempt): Promise<() => void> {
    const now = this.gate.tryEnter();
    if (now) return now;
    attempt.report?.({ phase: 'queued' });
    try {
      return await this.gate.enter(attempt.abort.signal, attempt.urgent);
    } catch {
      throw closedError(server, 'was disconnected while waiting to connect');
    } finally {
      if (!attempt.cancelled) attempt.report?.({});
    }
  }

  private async openClientNow(server: McpServerRecord, attempt: ConnectAttempt): Promise<PooledClient> {
    if (attempt.cancelled) throw closedError(server);
    this.log.configure(server.id, server.config);
    attempt.mark = this.log.mark(server.id);
    let transport: Transport | undefined;
    let deadline: ConnectDeadline | undefined;
    try {
      // Its fetch renews a token about to run out before a request (initialize too) would carry it.
      const auth = this.opts.authFor?.(server);
      transport = markSendFailures(
        this.opts.createTransport(server, {
          fetch: auth?.fetch ?? this.opts.fetch,
          authProvider: auth?.provider,
          onStderr: (line) => {
            // Read before the log redacts it: the folder's name is what the repair needs.
            attempt.npxCacheDir ??= brokenNpxCacheIn(line);
            this.log.append(server.id, 'stderr', line);
          },
          onStdoutNoise: (line) => this.log.append(server.id, 'stdout', line),
          processes: this.opts.processes,
          stdioStop: this.opts.stdioStop,
        }),
      );
      if (attempt.probe) watchReach(transport, TRANSPORTS.get(server.type).kind, attempt.probe.reached);
      attempt.transport = transport;
      const tasks = new ClientTaskStore();
      tasks.disposeWith(transport);
      const client = new Client({ name: 'elftia', version: this.opts.clientVersion }, { capabilities: CLIENT_CAPABILITIES, taskStore: tasks });
      installClientHandlers(client, {
        currentServer: () => this.clients.get(server.id)?.server ?? server,
        onToolsChanged: () => {
          if (this.clients.get(server.id)?.client === client) this.hooks.onToolsChanged(server.id);
        },
        note: (note) => this.note(server.id, note),
        log: (params) => this.log.append(server.id, 'log', logMessageLine(params)),
        elicit: (params, signal) => this.hooks.onElicit(this.clients.get(server.id)?.server ?? server, params, signal),
        sample: (params, signal) => this.hooks.onSample(this.clients.get(server.id)?.server ?? server, params, signal),
      }, tasks);
      client.onerror = (err) => this.note(server.id, hostNote('TRANSPORT_ERROR', { error: err.message.split('\n')[0] ?? '' }));
      const download = this.opts.pendingDownload?.(server);
      attempt.download = download;
      if (download) {
        attempt.report?.({ phase: 'downloading', download: { package: download.package, ...(download.version && { version: download.version }) } });
        this.note(server.id, hostNote('NPX_DOWNLOADING', { package: packageLabel(download) }));
      }
      const connecting = client.connect(transport);
      deadline = new ConnectDeadline({
        connectMs: this.opts.connectTimeoutMs,
        downloadMs: this.opts.downloadTimeoutMs,
        download,
        pollMs: DOWNLOAD_POLL_MS,
        onDownloaded: () => {
          this.note(server.id, download ? hostNote('NPX_DOWNLOADED', { package: packageLabel(download) }) : hostNote('NPX_DOWNLOADED_UNNAMED'));
          attempt.report?.({});
        },
      });
      // When the deadline wins, the connect still rejects later (we close its transport).
      connecting.catch(() => undefined);
      await Promise.race([connecting, deadline.expired]);
      if (attempt.cancelled) throw closedError(server, 'was disconnected while connecting');
      deliverProgressBeforeResults(transport);
      this.setLogLevel(server.id, client);
      attempt.probe?.initialized();
      const now = Date.now();
      return { server, client, transport, alive: true, lastActivity: now, connectedAt: now };
    } catch (err) {
      // Close first: the stderr of a process that died is complete only once it is gone.
      await transport?.close().catch(() => undefined);
      const phase = deadline?.expiredIn;
      if (phase) throw this.timeoutError(server, attempt, phase, deadline!.limitMs(phase));
      throw err;
    } finally {
      deadline?.dispose();
    }
  }

  /**
   * Without a level a server sends every message, debug too. Not awaited: a connect does not wait
   * for it; a refusal is noted unless the connection is already gone (a test's throwaway connect).
   */
  private setLogLevel(serverId: string, client: Client): void {
    if (!client.getServerCapabilities()?.logging) return;
    const level = this.opts.logLevel;
    client.setLoggingLevel(level).catch((err: unknown) => {
      if (client.transport) this.note(serverId, hostNote('LOG_LEVEL_NOT_SET', { level, error: err instanceof Error ? err.message : String(err) }));
    });
  }

  private timeoutError(server: McpServerRecord, attempt: ConnectAttempt, phase: DeadlinePhase, timeoutMs: number): AppError {
    const data = { ...this.errorContext(server, attempt.mark), timeoutMs };
    if (phase === 'connect') return new AppError('MCP_TIMEOUT', `"${server.name}" did not finish connecting within ${timeoutMs} ms`, data);
    attempt.downloading = true;
    const { download } = attempt;
    return new AppError('MCP_TIMEOUT', `npx was still downloading the package of "${server.name}" after ${timeoutMs} ms`, {
      ...data,
      ...(download && { package: download.package, version: download.version ?? 'latest' }),
    });
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
    this.hooks.onConnectionChange(id);
    this.note(id, hostNote('CONNECTION_CLOSED'));
    const processEnd = processEndOf(pooled.transport);
    // The last stderr lines of the ring, whenever written: a crash's reason comes just before it.
    const { stderrTail = [] } = this.errorContext(pooled.server);
    const failure = new AppError('MCP_CONNECTION_CLOSED', `The connection to "${pooled.server.name}" closed unexpectedly`, {
      serverId: id,
      serverName: pooled.server.name,
      stderrTail,
      ...droppedConnectionData({ transport: pooled.server.type, processEnd }),
    });
    this.failed(id, failure.toShape(), Date.now() - pooled.connectedAt);
    // The transport reports its own end; closing again makes sure any process group is gone.
    const closing = pooled.transport.close().catch(() => undefined);
    this.closing.add(closing);
    void closing.finally(() => this.closing.delete(closing));
  }

  /** A phase of a connect in progress (queued, downloading, neither); the same one again is not news. */
  private reportConnecting(serverId: string, details: McpConnectionDetails): void {
    const current = this.states.get(serverId);
    if (current?.state === 'connecting' && current.phase === details.phase) return;
    this.setState(serverId, { state: 'connecting', ...details });
  }

  /** The last connection's time stays with the states that follow it, so "not connected yet" keeps its meaning. */
  private setState(serverId: string, state: PoolState): void {
    const connectedAt = state.connectedAt ?? this.states.get(serverId)?.connectedAt;
    const next = connectedAt === undefined ? state : { ...state, connectedAt };
    this.states.set(serverId, next);
    this.hooks.onState(serverId, next);
  }
}

/**
 * A call waiting for its connection (in the connect line, say) ends at once when it is cancelled.
 * The connect goes on: other callers may share it, and it would be started again soon anyway.
 */
function untilCancelled<T>(waiting: Promise<T>, cancel: CallCancellation | undefined): Promise<T> {
  if (!cancel) return waiting;
  cancel.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(cancel.reason);
    cancel.addEventListener('abort', onAbort);
    waiting.then(resolve, reject).finally(() => cancel.removeEventListener('abort', onAbort));
  });
}

const packageLabel = (download: PendingDownload) => `${download.package}@${download.version ?? 'latest'}`;

