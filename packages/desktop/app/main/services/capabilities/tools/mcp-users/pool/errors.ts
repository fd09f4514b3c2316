/**
 * Turns what the SDK and the transports throw into AppError codes people can act on. Messages
 * may quote a stderr tail; it comes from McpServerLog, which has already redacted it.
 */
import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerTransport } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import { explainConnectFailure, explainDroppedConnection, type ConnectFailureFacts } from '../common/connectFailure';
import { DEFAULT_INSTALLERS, installActionFor } from '../deps/installers';
import { MESSAGE_TOO_LARGE } from '../transports/jsonLines';
import { WebSocketUpgradeError } from '../transports/WebSocketClientTransport';
import { authErrorOf } from '../auth/authErrors';

/**
 * fetch's "fetch failed" says nothing by itself; the reason (ECONNREFUSED, a reset…) is its cause,
 * and a name lookup's cause (ENOTFOUND, EAI_AGAIN) also says which host was not found.
 */
function messageOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error && !(err instanceof TransportSendError) ? err.cause : undefined;
  const code = cause && 'code' in cause && typeof cause.code === 'string' ? cause.code : undefined;
  const hostname = cause && 'hostname' in cause && typeof cause.hostname === 'string' ? cause.hostname : undefined;
  const reason = cause ? (code && hostname ? `${code} ${hostname}` : (code ?? cause.message)) : undefined;
  return reason ? `${err.message} (${reason})` : err.message;
}

/** Thrown by our wrapped `transport.send`: the message never left, so retrying it is safe. */
export class TransportSendError extends Error {
  constructor(readonly original: unknown) {
    super(messageOf(original), { cause: original });
    this.name = 'TransportSendError';
  }
}

/** Makes send failures recognisable (see TransportSendError); the Protocol sees the same object. */
export function markSendFailures<T extends { send: (...args: never[]) => Promise<void> }>(transport: T): T {
  const send = transport.send.bind(transport);
  transport.send = ((...args: Parameters<T['send']>) =>
    send(...args).catch((err: unknown) => {
      throw new TransportSendError(err);
    })) as T['send'];
  return transport;
}

const hasCode = (err: unknown, code: string): err is Error & { code: string } =>
  err instanceof Error && (err as { code?: unknown }).code === code;

export interface ErrorContext {
  serverId: string;
  serverName: string;
  /** Redacted stderr lines written during the operation. */
  stderrTail?: string[];
}

/** What a failed connect knew beyond the error itself, for explainConnectFailure. */
export interface ConnectContext extends ErrorContext {
  transport: McpServerTransport;
  /** The server's URL (remote transports); only its host and path are reported. */
  url?: string;
  /** How the server's process ended by itself, if it did. */
  processEnd?: { exitCode: number | null; signal: string | null } | undefined;
  /** Redacted stdout lines that were not JSON-RPC. */
  stdoutNoise?: string[];
  /** The connect's limit passed while npx was still downloading the server's package. */
  downloading?: boolean;
  /** The folder of npx's cache its stderr said is broken (read before redaction, see ConnectionPool). */
  npxCacheDir?: string;
}

const SAMPLE_CHARS = 200;

/** The errors along a cause chain (TransportSendError → fetch's TypeError → the socket error…), outermost first. */
function causeChain(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let at = err, depth = 0; at !== undefined && depth < 6; depth++) {
    chain.push(at);
    at = at instanceof TransportSendError ? at.original : at instanceof Error ? at.cause : undefined;
  }
  return chain;
}

/** The HTTP status a transport was refused with: Streamable HTTP's and SSE's errors carry it as `code`. */
function httpFacts(err: unknown): Pick<ConnectFailureFacts, 'httpStatus' | 'contentType'> {
  for (const link of causeChain(err)) {
    if (link instanceof WebSocketUpgradeError) return { httpStatus: link.status };
    if (link instanceof StreamableHTTPError) {
      // -1: the answer was neither JSON nor an event stream (an HTML page, typically).
      if (link.code === -1) return { contentType: /content type: (.*)$/i.exec(link.message)?.[1]?.split(';')[0]?.trim() ?? '' };
      if (typeof link.code === 'number' && link.code > 0) return { httpStatus: link.code };
    }
    if (link instanceof SseError && typeof link.code === 'number') {
      // EventSource reports a 200 with the wrong content type with the status of that 200.
      if (link.code === 200 || /content type/i.test(link.message)) return { contentType: '' };
      if (link.code > 0) return { httpStatus: link.code };
    }
  }
  return {};
}

function causeCodeOf(err: unknown): string | undefined {
  for (const link of causeChain(err)) {
    const code = link instanceof Error ? (link as { code?: unknown }).code : undefined;
    if (typeof code === 'string' && code !== 'DEPS_MISSING') return code;
  }
  return undefined;
}

function urlParts(url: string | undefined): { urlPath?: string; address?: string; hostname?: string } {
  if (!url) return {};
  try {
    // Host and path only: the user part and the query may carry credentials.
    const parsed = new URL(url);
    return { urlPath: parsed.pathname, address: parsed.host, hostname: parsed.hostname };
  } catch {
    return {};
  }
}

/**
 * The data a connect error carries for the UI's explanation (see common/connectFailure.ts):
 * the stage, a hint code, and the facts the hint's sentence names. Only scalars a person may
 * see: statuses, exit codes, a clipped and already redacted stdout line, host and path.
 */
export function connectFailureData(code: AppError['code'], err: unknown, ctx: ConnectContext): Record<string, unknown> {
  const { urlPath, address, hostname } = urlParts(ctx.url);
  const sample = ctx.stdoutNoise?.find((line) => line.trim() !== '')?.trim();
  const socketCode = causeCodeOf(err);
  const facts: ConnectFailureFacts = {
    code,
    transport: ctx.transport,
    ...httpFacts(err),
    ...(socketCode !== undefined && { causeCode: socketCode }),
    ...(ctx.processEnd && { exitCode: ctx.processEnd.exitCode, signal: ctx.processEnd.signal }),
    ...(sample && { stdoutSample: sample.length > SAMPLE_CHARS ? `${sample.slice(0, SAMPLE_CHARS - 1)}…` : sample }),
    ...(urlPath !== undefined && { urlPath }),
    ...(ctx.downloading && { downloading: true }),
    ...(ctx.npxCacheDir !== undefined && { npxCacheDir: ctx.npxCacheDir }),
  };
  const { stage, hint, expectedPath } = explainConnectFailure(facts);
  const { code: _code, causeCode, ...shown } = facts;
  return {
    ...shown,
    ...(causeCode !== undefined && { causeCode }),
    stage,
    ...(hint && { hint }),
    ...(expectedPath && { expectedPath }),
    ...(address && { address }),
    ...(hostname && { hostname }),
  };
}

/**
 * The data of an established connection that dropped (the server's state error): how its program
 * ended, if it did, and the hint that says so. Not connectFailureData: nothing failed to connect,
 * and "before it answered" or "failed at the handshake" would send the person the wrong way.
 */
export function droppedConnectionData(ctx: Pick<ConnectContext, 'transport' | 'processEnd'>): Record<string, unknown> {
  const end = ctx.processEnd;
  const { hint } = explainDroppedConnection(end ?? {});
  return { transport: ctx.transport, ...(end && { exitCode: end.exitCode, signal: end.signal }), ...(hint && { hint }) };
}

/** Adds the explanation to a connect error that was already an AppError (a timeout, a cancelled connect). */
function explained(error: AppError, cause: unknown, ctx: ConnectContext): AppError {
  if (error.data?.stage !== undefined) return error;
  const data: Record<string, unknown> = { serverId: ctx.serverId, serverName: ctx.serverName, stderrTail: ctx.stderrTail ?? [], ...error.data };
  const timeoutMs = data.timeoutMs;
  return new AppError(error.code, error.message, {
    ...data,
    ...connectFailureData(error.code, cause, ctx),
    ...(typeof timeoutMs === 'number' && { timeoutSeconds: Math.round(timeoutMs / 1000) }),
  });
}

function withTail(message: string, tail: string[] | undefined): string {
  return tail?.length ? `${message}\n${tail.join('\n')}` : message;
}

/** Socket-level failures of a request that reached no server, as undici reports them. */
const STALE_SOCKET_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * A send that failed on a kept-alive socket the server had already closed: after a remote
 * server restarts, fetch's connection pool can still hold several of its old sockets, and each
 * fails once. The message never reached anyone, so trying again (on a fresh socket) is safe.
 */
export function isStaleSocketError(err: unknown): boolean {
  if (!(err instanceof TransportSendError) || !(err.original instanceof Error)) return false;
  const code = (err.original.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && STALE_SOCKET_CODES.has(code);
}

/**
 * The connection could not be established (or initialised). With a ConnectContext the error's
 * data also says at which stage and why, in codes (see connectFailureData).
 */
export function toConnectError(err: unknown, ctx: ErrorContext | ConnectContext): AppError {
  const explain = (error: AppError) => ('transport' in ctx ? explained(error, err, ctx) : error);
  if (err instanceof AppError) return err.code === 'VALIDATION_FAILED' ? err : explain(err);
  const cause = err instanceof TransportSendError ? err.original : err;
  const authError = authErrorOf(cause, ctx.serverName, undefined, ctx.serverId);
  if (authError) return authError;
  const data = { serverId: ctx.serverId, serverName: ctx.serverName, stderrTail: ctx.stderrTail ?? [] };
  if (hasCode(cause, 'DEPS_MISSING')) {
    const command = String((cause as { command?: unknown }).command);
    // The action the UI and `elftia-mcp deps install` offer; absent when no installer is known.
    const install = installActionFor(command, DEFAULT_INSTALLERS);
    return explain(new AppError('DEPS_MISSING', withTail(messageOf(cause), ctx.stderrTail), { ...data, command, ...(install && { install }) }));
  }
  if (cause instanceof McpError && cause.code === ErrorCode.RequestTimeout) {
    return explain(new AppError('MCP_TIMEOUT', withTail(`"${ctx.serverName}" did not answer initialize in time`, ctx.stderrTail), data));
  }
  return explain(
    new AppError('MCP_CONNECT_FAILED', withTail(`Could not connect to "${ctx.serverName}": ${messageOf(cause)}`, ctx.stderrTail), {
      ...data,
      cause: messageOf(cause),
    }),
  );
}

/** A request on an established connection failed (a tool result with isError is not a failure). */
export function toRequestError(err: unknown, ctx: ErrorContext & { method: string }): AppError {
  if (err instanceof AppError) return err;
  // A 403 insufficient_scope mid-session (the SDK's step-up needs the person) or a 401 no refresh cured.
  const authError = authErrorOf(err instanceof TransportSendError ? err.original : err, ctx.serverName, undefined, ctx.serverId);
  if (authError) return authError;
  const data = { serverId: ctx.serverId, serverName: ctx.serverName, method: ctx.method };
  const tooLarge = err instanceof McpError ? tooLargeData(err) : undefined;
  if (tooLarge) {
    const { sizeBytes, limitBytes } = tooLarge;
    const limitMb = Math.round(limitBytes / (1024 * 1024));
    return new AppError(
      'MCP_RESULT_TOO_LARGE',
      `"${ctx.serverName}" sent a ${ctx.method} result of ${sizeBytes} bytes, over the ${limitBytes} byte (${limitMb} MB) limit; it was dropped and the connection kept`,
      { ...data, sizeBytes, limitBytes, limitMb, connectionKept: true },
    );
  }
  if (err instanceof McpError) {
    if (err.code === ErrorCode.RequestTimeout) {
      return new AppError('MCP_TIMEOUT', `"${ctx.serverName}" did not answer ${ctx.method} in time; the request was cancelled`, {
        ...data,
        ...(err.data && typeof err.data === 'object' ? (err.data) : {}),
      });
    }
    if (err.code === ErrorCode.ConnectionClosed) {
      return new AppError('MCP_CONNECTION_CLOSED', withTail(`The connection to "${ctx.serverName}" closed during ${ctx.method}`, ctx.stderrTail), {
        ...data,
        stderrTail: ctx.stderrTail ?? [],
      });
    }
    return new AppError('MCP_PROTOCOL_ERROR', `"${ctx.serverName}" answered ${ctx.method} with an error: ${err.message}`, {
      ...data,
      mcpCode: err.code,
    });
  }
  if (err instanceof Error && err.name === 'ZodError') {
    return new AppError('MCP_PROTOCOL_ERROR', `"${ctx.serverName}" sent an invalid ${ctx.method} result: ${err.message}`, data);
  }
  return new AppError('MCP_CONNECTION_CLOSED', withTail(`The connection to "${ctx.serverName}" failed during ${ctx.method}: ${messageOf(err)}`, ctx.stderrTail), {
    ...data,
    stderrTail: ctx.stderrTail ?? [],
  });
}

/** The details of the error response a transport put in place of a response over its size limit. */
function tooLargeData(err: McpError): { sizeBytes: number; limitBytes: number } | undefined {
  const data = err.data as { reason?: unknown; sizeBytes?: unknown; limitBytes?: unknown } | undefined;
  if (data?.reason !== MESSAGE_TOO_LARGE || typeof data.sizeBytes !== 'number' || typeof data.limitBytes !== 'number') return undefined;
  return { sizeBytes: data.sizeBytes, limitBytes: data.limitBytes };
}

/**
 * Whether a failed request may be sent again on a fresh connection. A message that never left
 * (send failed, client already closed) always may; one that was in flight when the connection
 * dropped may only if it is idempotent, since a tool call could have had side effects.
 */
export function isRetryableOnNewConnection(err: unknown, idempotent: boolean): boolean {
  if (err instanceof TransportSendError) return true;
  if (err instanceof Error && err.message === 'Not connected') return true;
  return idempotent && err instanceof McpError && err.code === ErrorCode.ConnectionClosed;
}
