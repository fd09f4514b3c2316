/**
 * The MCP part's settings: McpService's and its pool's (ServiceSettings, with their defaults) and
 * those of the peers createMcp builds beside it. One object, so the entry
 * points and the tests configure the whole part in one place.
 */
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { CallOrigin } from '@shared/contracts/mcp-types';
import type { ProcessRegistry, StdioStopTimings } from './transports';
import type { LastSeenStore } from './LastSeenStore';
import type { OAuthOptions } from './auth/ServerSignIns';
import type { SamplingModel } from './SamplingBroker';
import { defaultConnectConcurrency } from './pool/ConnectGate';
import { npxDownloadOf } from './deps/npxCache';
import { createTransport, type TransportFactory } from './pool/createTransport';

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
  /** Default tool-call timeout; a server's `config.timeoutMs` overrides it. */
  callTimeoutMs?: number;
  /**
   * A tool whose listing makes tasks `optional` runs as a task when its call's time limit is above
   * this (default: the default limit, so only calls given more time than usual; see ToolTasks).
   * 0: every such call; Infinity: none. `required` tools always run as tasks.
   */
  optionalTaskAboveMs?: number;
  /** Timeout of list and discovery requests. */
  requestTimeoutMs?: number;
  /** A connection idle this long is pinged before reuse. */
  idlePingMs?: number;
  pingTimeoutMs?: number;
  clientVersion?: string;
  /** The level asked of servers that declare `logging` (logging/setLevel); their messages go to the server's log. Default `info`. */
  logLevel?: LoggingLevel;
  /**
   * Whether add/addJson start connecting an active server right away (the default, and
   * the app's: the list shows its state at once). A one-shot CLI command turns it off. Nothing
   * else connects a server before something needs it: the pool is lazy.
   */
  connectOnAdd?: boolean;
  /** Where stdio server processes are registered (McpProcessTracker), so a crash of ours cannot leak them. */
  processes?: ProcessRegistry | undefined;
  /** How stdio servers are stopped when their connection closes; default: a 2 s grace after stdin ends, then signals 2 s apart. */
  stdioStop?: StdioStopTimings | undefined;
  /**
   * A call refused for want of a sign-in (a 401 no refresh cured, or 403 insufficient_scope with
   * the wider scope the server asked for) signs in again through the browser and retries, at most
   * MAX_CALL_SIGN_INS times. On where a person started the call and a browser can come up (the app,
   * browser mode); off for the CLI, which re-runs a command itself at a terminal.
   */
  signInForCalls?: boolean;

  /* The peers' settings (createMcp hands each its own). */

  /** Where what was last seen of each server is kept across runs (openLastSeenStore); default in memory only. */
  lastSeen?: LastSeenStore;
  /** Lines kept per server log (McpServerLog). */
  logLines?: number;
  /** How long a server's question (elicitation/create) waits for the person before it is declined. */
  elicitationTimeoutMs?: number;
  /** Sign-in to remote servers (OAuth): where sessions are kept and how the browser opens. Absent: a 401 is a plain connect failure. */
  oauth?: OAuthOptions | undefined;
  /** The person's model for servers' sampling requests; without it every request is refused (the person is told once). */
  sampling?: SamplingModel;
  /** How long a sampling request waits for the person's review before it is refused. */
  samplingTimeoutMs?: number;
}

/** What McpService itself reads. */
export type ServiceSettings = Omit<McpServiceOptions, 'lastSeen' | 'logLines' | 'elicitationTimeoutMs' | 'oauth' | 'sampling' | 'samplingTimeoutMs'>;

export const DEFAULTS = {
  connectTimeoutMs: 30_000,
  connectConcurrency: defaultConnectConcurrency(),
  downloadTimeoutMs: 5 * 60_000,
  pendingDownload: npxDownloadOf,
  callTimeoutMs: 120_000,
  optionalTaskAboveMs: 120_000,
  requestTimeoutMs: 60_000,
  idlePingMs: 60_000,
  pingTimeoutMs: 5_000,
  clientVersion: '0.1.0',
  logLevel: 'info' as LoggingLevel,
  connectOnAdd: true,
  signInForCalls: false,
  createTransport,
};

export type ResolvedOptions = typeof DEFAULTS & { fetch: typeof fetch; processes?: ProcessRegistry | undefined; stdioStop?: StdioStopTimings | undefined };

export interface ListToolsOptions {
  /** Skip the cache (the UI's refresh button); the fresh list is cached again. */
  refresh?: boolean;
  /** An implicit user (agent loading, a provider request): an inactive server fails with MCP_SERVER_INACTIVE. */
  requireActive?: boolean;
  /** false: only a server connected now is listed (MCP_NOT_CONNECTED otherwise); nothing starts. */
  connect?: boolean | undefined;
}

/**
 * The call's one deadline is the SDK request timeout set here (it sends notifications/cancelled
 * when it fires): timeoutMs ?? the server's config.timeoutMs ?? defaultTimeoutMs ?? the service's.
 * Each progress report of the call restarts it, up to MAX_CALL_WITH_PROGRESS_MS (ToolCalls.ts).
 */
export interface CallToolOptions {
  /** Overrides the server's `config.timeoutMs` and the service default for this call. */
  timeoutMs?: number | undefined;
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
  /** Who asks, for Activity; by default a person, or an agent when `requireActive`. */
  origin?: CallOrigin;
}
