/**
 * Turns what the SDK and the transports throw into AppError codes people can act on. Messages
 * may quote a stderr tail; it comes from McpServerLog, which has already redacted it.
 */
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AppError } from '../../../../../../shared/errors';
import { DEFAULT_INSTALLERS, installActionFor } from '../deps/installers';
import { MESSAGE_TOO_LARGE } from '../transports/jsonLines';

/** fetch's "fetch failed" says nothing by itself; the reason (ECONNREFUSED, a reset…) is its cause. */
function messageOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error && !(err instanceof TransportSendError) ? err.cause : undefined;
  const reason = cause ? ((cause as { code?: unknown }).code ?? cause.message) : undefined;
  return reason ? `${err.message} (${String(reason)})` : err.message;
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

/** The connection could not be established (or initialised). */
export function toConnectError(err: unknown, ctx: ErrorContext): AppError {
  if (err instanceof AppError) return err;
  const cause = err instanceof TransportSendError ? err.original : err;
  const data = { serverId: ctx.serverId, serverName: ctx.serverName, stderrTail: ctx.stderrTail ?? [] };
  if (hasCode(cause, 'DEPS_MISSING')) {
    const command = String((cause as { command?: unknown }).command);
    // The action the UI and `elftia-mcp deps install` offer; absent when no installer is known.
    const install = installActionFor(command, DEFAULT_INSTALLERS);
    return new AppError('DEPS_MISSING', withTail(messageOf(cause), ctx.stderrTail), { ...data, command, ...(install && { install }) });
  }
  if (cause instanceof McpError && cause.code === ErrorCode.RequestTimeout) {
    return new AppError('MCP_TIMEOUT', withTail(`"${ctx.serverName}" did not answer initialize in time`, ctx.stderrTail), data);
  }
  return new AppError(
    'MCP_CONNECT_FAILED',
    withTail(`Could not connect to "${ctx.serverName}": ${messageOf(cause)}`, ctx.stderrTail),
    { ...data, cause: messageOf(cause) },
  );
}

/** A request on an established connection failed (a tool result with isError is not a failure). */
export function toRequestError(err: unknown, ctx: ErrorContext & { method: string }): AppError {
  if (err instanceof AppError) return err;
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
        ...(err.data && typeof err.data === 'object' ? (err.data as Record<string, unknown>) : {}),
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
