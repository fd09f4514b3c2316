/**
 * Why a server did not connect, as something a person can act on. The pool gathers the facts
 * (an HTTP status, how a process ended, what it printed instead of MCP, a socket error code) and
 * this table turns them into a stage and a hint code; the UI translates the hint
 * (`errorHelp.hint.<hint>` with the error's data) instead of showing a raw message or an HTML page.
 *
 * Runtime-neutral: the pool (Node) classifies, and the renderer reads the same codes.
 */
import type { ErrorCode } from '@shared/errors';
import type { McpServerTransport } from '@shared/contracts/mcp-types';
import { TRANSPORTS } from '@shared/transports';

/** Where the connect stopped: starting the program, npx fetching its package, reaching the URL, or the MCP handshake. */
export const CONNECT_STAGES = ['spawn', 'download', 'reach', 'initialize'] as const;
export type ConnectStage = (typeof CONNECT_STAGES)[number];

export const CONNECT_HINTS = [
  /** The command is not installed (or not on PATH). */
  'commandMissing',
  /** The project folder a local server runs in is gone. */
  'workdirMissing',
  /** The program ended before it answered; `exitCode`. */
  'exited',
  /** The program was killed by a signal before it answered; `signal`. */
  'killed',
  /** It printed lines that are not JSON-RPC and never answered; `stdoutSample`. */
  'notMcpOutput',
  /** …and then exited; `stdoutSample`, `exitCode`. */
  'notMcpOutputExited',
  /** HTTP 404: the path is wrong; `expectedPath` is the usual one for the transport. */
  'endpointNotFound',
  /** SSE got 400/405 (or 404 on an /mcp path): the server likely speaks Streamable HTTP. */
  'sseTryHttp',
  /** Streamable HTTP got 405 (or 400/404 on an /sse path): the server likely speaks the older SSE. */
  'httpTrySse',
  /** HTTP 401. */
  'unauthorized',
  /** HTTP 403. */
  'forbidden',
  /** HTTP 5xx. */
  'serverError',
  /** Any other HTTP status; `httpStatus`. */
  'httpStatus',
  /** The URL answered, but with something that is not MCP (a web page); `contentType` when known. */
  'notMcpHttp',
  /** Nothing listens at `address`. */
  'refused',
  /** The host name does not resolve; `hostname`. */
  'hostNotFound',
  /** The TLS certificate was not accepted. */
  'tls',
  /** Started, but the handshake did not finish in time; `timeoutSeconds`. */
  'timeout',
  /** A connected server's program ended by itself (a crash, mid-call or idle); `exitCode`. */
  'exitedWhileConnected',
  /** A connected server's program was killed by a signal; `signal`. */
  'killedWhileConnected',
  /** npx was still downloading the package when the download limit passed; `package`, `version`, `timeoutSeconds`. */
  'downloadTimeout',
  /** npx's cache folder for the package is missing a file (a download cut short); `cacheDir` is the one folder to remove. */
  'npxCacheBroken',
] as const;
export type ConnectHint = (typeof CONNECT_HINTS)[number];

export interface ConnectFailureFacts {
  code: ErrorCode;
  transport: McpServerTransport;
  /** The status of the HTTP answer that failed the connect (SSE, Streamable HTTP, WebSocket upgrade). */
  httpStatus?: number;
  /** The answer was not an MCP stream or JSON (`text/html`…), `''` when its type is unknown. */
  contentType?: string;
  /** A socket or system error code from the cause chain (ECONNREFUSED, ENOTFOUND…). */
  causeCode?: string;
  /** The process ended by itself: its exit code (null when a signal ended it) and signal. */
  exitCode?: number | null;
  signal?: string | null;
  /** The first stdout line that was not JSON-RPC. */
  stdoutSample?: string;
  /** The URL's path, to tell an /sse endpoint from an /mcp one. */
  urlPath?: string;
  /** The limit passed while npx was still downloading the server's package. */
  downloading?: boolean;
  /** npx said this folder of its cache is broken (ENOENT of a file in it). */
  npxCacheDir?: string;
}

export interface ConnectExplanation {
  stage: ConnectStage;
  hint?: ConnectHint;
  /** The path the transport usually serves on, for `endpointNotFound`. */
  expectedPath?: string;
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT']);
const isTlsCode = (code: string) => code.startsWith('CERT_') || code.startsWith('ERR_TLS') || code.includes('CERT') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT';
function httpHint(transport: McpServerTransport, status: number, urlPath: string | undefined): Pick<ConnectExplanation, 'hint' | 'expectedPath'> {
  if (status === 401) return { hint: 'unauthorized' };
  if (status === 403) return { hint: 'forbidden' };
  // A URL ending in the other transport's conventional path (the transport table's endpointPath).
  const pathOf = urlPath === undefined ? undefined : TRANSPORTS.forEndpointPath(urlPath);
  if (transport === 'sse' && (status === 400 || status === 405 || (status === 404 && pathOf === 'http'))) return { hint: 'sseTryHttp' };
  if (transport === 'http' && (status === 405 || ((status === 404 || status === 400) && pathOf === 'sse'))) return { hint: 'httpTrySse' };
  if (status === 404) {
    const expectedPath = TRANSPORTS.get(transport).endpointPath;
    return expectedPath ? { hint: 'endpointNotFound', expectedPath } : { hint: 'httpStatus' };
  }
  if (status >= 500) return { hint: 'serverError' };
  return { hint: 'httpStatus' };
}

/** The stage and hint for a failed connect; no hint when the facts say nothing more than the code. */
export function explainConnectFailure(facts: ConnectFailureFacts): ConnectExplanation {
  const { code, transport, httpStatus, contentType, causeCode, exitCode, signal, stdoutSample, urlPath, downloading, npxCacheDir } = facts;
  if (code === 'DEPS_MISSING') return { stage: 'spawn', hint: 'commandMissing' };
  // Before "exited": npx does exit, but what the person can do is remove the one broken folder.
  if (npxCacheDir) return { stage: 'download', hint: 'npxCacheBroken' };
  if (code === 'MCP_TIMEOUT' && downloading) return { stage: 'download', hint: 'downloadTimeout' };
  if (causeCode === 'WORKDIR_MISSING') return { stage: 'spawn', hint: 'workdirMissing' };
  const ended = exitCode !== undefined || Boolean(signal);
  if (stdoutSample) return { stage: 'initialize', hint: ended ? 'notMcpOutputExited' : 'notMcpOutput' };
  if (ended) return { stage: 'initialize', hint: signal ? 'killed' : 'exited' };
  if (contentType !== undefined) return { stage: 'reach', hint: 'notMcpHttp' };
  if (httpStatus !== undefined && httpStatus > 0) return { stage: 'reach', ...httpHint(transport, httpStatus, urlPath) };
  if (causeCode) {
    if (causeCode === 'ECONNREFUSED') return { stage: 'reach', hint: 'refused' };
    if (causeCode === 'ENOTFOUND' || causeCode === 'EAI_AGAIN') return { stage: 'reach', hint: 'hostNotFound' };
    if (isTlsCode(causeCode)) return { stage: 'reach', hint: 'tls' };
    if (NETWORK_CODES.has(causeCode)) return { stage: 'reach' };
  }
  if (code === 'MCP_TIMEOUT') return { stage: 'initialize', hint: 'timeout' };
  return { stage: 'initialize' };
}

/**
 * Why an established connection dropped. There is no connect stage to name (the connect had
 * succeeded); a program that ended says how, and a remote stream that closed says nothing more
 * than its error code does.
 */
export function explainDroppedConnection({ exitCode, signal }: Pick<ConnectFailureFacts, 'exitCode' | 'signal'>): Pick<ConnectExplanation, 'hint'> {
  if (signal) return { hint: 'killedWhileConnected' };
  if (exitCode !== undefined && exitCode !== null) return { hint: 'exitedWhileConnected' };
  return {};
}

/** Whether a string read from an error's data is one of the hints (the renderer's guard before translating it). */
export const isConnectHint = (value: unknown): value is ConnectHint => typeof value === 'string' && (CONNECT_HINTS as readonly string[]).includes(value);
export const isConnectStage = (value: unknown): value is ConnectStage => typeof value === 'string' && (CONNECT_STAGES as readonly string[]).includes(value);
