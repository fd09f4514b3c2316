/**
 * A CLI command's client of a host that already runs for its config folder (`elftia-mcp daemon`,
 * or browser mode): the same RouterClient shape as the in-process one (routerClient.ts), over the
 * host's `POST /api/rpc` and its event stream, with the token from the host's record and no Origin,
 * so the host's checks (hostSecurity.ts) apply to it as to any other client. The servers the host
 * has connected stay connected between commands.
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import { HOST_EVENTS_PATH, HOST_RPC_PATH } from '../../shared/contracts/bridge';
import { events, isEventName, type EventEnvelope, type EventName, type RouteName } from '../../shared/contracts/ipc';
import { AppError, AppErrorShapeSchema, errorMessage, type Result } from '../../shared/errors';
import { readSse } from '../../main/services/chat/models/sse';
import { hostProcessAlive, readHostRecord, removeHostRecord, type HostRecord } from '../hostRecord';
import type { RouterClient } from './routerClient';

/** A host that answers later than this is busy, not the one to send a command to. */
const PROBE_TIMEOUT_MS = 2_000;
/** An interrupted command's calls are cancelled in the host; it does not wait longer for that. */
const CANCEL_TIMEOUT_MS = 1_000;

/** Events that make a command act for a server (answer its question); only its own servers' count. */
const QUESTION_EVENTS: ReadonlySet<EventName> = new Set(['mcp.elicitation_request', 'mcp.sampling_request']);

export interface HostConnection {
  record: HostRecord;
  url: string;
  client: RouterClient;
  /** Cancels the calls still running (an interrupt) and closes the event stream. */
  dispose(): Promise<void>;
}

export type HostLookup =
  | { connection: HostConnection; note?: undefined }
  /** Why none is used, for --verbose: none recorded, or the record was stale (and is gone now). */
  | { connection?: undefined; note: string };

/**
 * The host recorded for `configDir`, checked: its process runs and it answers with the recorded
 * token. A record whose process is gone, whose address refuses or whose token is refused is stale
 * and removed; a host that is alive but slow to answer is left alone (and not used).
 */
export async function findHost(configDir: string, warn: (line: string) => void): Promise<HostLookup> {
  const record = readHostRecord(configDir);
  if (!record) return { note: 'no daemon runs for this config folder' };
  const stale = (why: string): HostLookup => {
    removeHostRecord(configDir, record);
    return { note: `the daemon record was stale (${why}) and is removed` };
  };
  if (!hostProcessAlive(record)) return stale(`pid ${record.pid} is gone`);
  let status: number;
  try {
    const response = await send(record, 'POST', HOST_RPC_PATH, AbortSignal.timeout(PROBE_TIMEOUT_MS), { route: 'app.notices' });
    response.resume();
    status = response.statusCode ?? 0;
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return { note: `the daemon (pid ${record.pid}) did not answer within ${PROBE_TIMEOUT_MS} ms` };
    return stale(`nothing answers on port ${record.port}`);
  }
  if (status === 401) return stale(`pid ${record.pid} refused the recorded token`);
  if (status !== 200) return stale(`port ${record.port} answered HTTP ${status}`);
  return { connection: connectToHost(record, warn) };
}

const hostUrl = (record: HostRecord) => `http://127.0.0.1:${record.port}`;

/**
 * One request to the host with its token. node:http rather than fetch: loading fetch (undici) costs
 * a command about 0.1 s of CPU, which would be most of what a warm call through the daemon costs.
 */
function send(record: HostRecord, method: 'GET' | 'POST', pathname: string, signal: AbortSignal, body?: unknown): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const headers: http.OutgoingHttpHeaders = { Authorization: `Bearer ${record.token}` };
    if (text !== undefined) Object.assign(headers, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
    else headers.Accept = 'text/event-stream';
    const req = http.request({ host: '127.0.0.1', port: record.port, method, path: pathname, headers, signal }, resolve);
    req.once('error', (err) => reject(signal.aborted ? (signal.reason as Error) : err));
    req.end(text);
  });
}

async function readJson(response: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

export function connectToHost(record: HostRecord, warn: (line: string) => void): HostConnection {
  const url = hostUrl(record);
  const closing = new AbortController();
  /** Servers this command addressed: their questions are its to answer. */
  const servers = new Set<string>();
  const runningCalls = new Set<string>();
  const listeners = new Set<(envelope: EventEnvelope) => void>();
  let stream: Promise<void> | undefined;

  /** Resolves once the host has subscribed this stream, so events of a request sent after it arrive. */
  const openStream = (): Promise<void> => {
    stream ??= (async () => {
      const response = await send(record, 'GET', HOST_EVENTS_PATH, closing.signal);
      if (response.statusCode !== 200) {
        response.resume();
        // The host serves a bounded number of streams (eventStreams.ts); many commands at once can
        // exceed it. The command still runs: only a server's question would go unasked (it times out).
        warn(`the daemon sends this command no events (HTTP ${response.statusCode}): a server's question or progress during it is not shown`);
        return;
      }
      void readEvents(Readable.toWeb(response) as ReadableStream<Uint8Array>);
    })();
    return stream;
  };

  async function readEvents(body: ReadableStream<Uint8Array>): Promise<void> {
    try {
      for await (const { data } of readSse(body)) {
        const envelope = toEnvelope(data);
        if (!envelope) continue;
        const serverId = (envelope.payload as { serverId?: unknown }).serverId;
        if (QUESTION_EVENTS.has(envelope.event) && !(typeof serverId === 'string' && servers.has(serverId))) continue;
        for (const listener of listeners) listener(envelope);
      }
    } catch {
      // Closed by dispose, or the host went away: the request in flight reports that.
    }
  }

  const request = async (route: RouteName, input: unknown, timeoutMs?: number): Promise<Result<never>> => {
    const target = input as { serverId?: unknown; id?: unknown; callId?: unknown } | undefined;
    const serverId = target?.serverId ?? target?.id;
    if (typeof serverId === 'string') servers.add(serverId);
    const callId = route === 'mcp.call_tool' && typeof target?.callId === 'string' ? target.callId : undefined;
    if (callId) runningCalls.add(callId);
    try {
      if (listeners.size > 0) await openStream();
      const signal = timeoutMs === undefined ? closing.signal : AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]);
      const response = await send(record, 'POST', HOST_RPC_PATH, signal, { route, input });
      return toResult(route, await readJson(response), response.statusCode ?? 0);
    } catch (err) {
      return { ok: false, error: new AppError('HOST_UNREACHABLE', `The daemon at ${url} did not answer ${route}: ${errorMessage(err)}`, { route }).toShape() };
    } finally {
      if (callId) runningCalls.delete(callId);
    }
  };

  const client: RouterClient = {
    request: (route, input) => request(route, input),
    async call(route, input) {
      const result = await client.request(route, input);
      if (!result.ok) throw new AppError(result.error.code, result.error.message, result.error.data);
      return result.data;
    },
    on(event, listener) {
      const wrapped = (envelope: EventEnvelope) => {
        if (envelope.event === event) listener(envelope.payload as never);
      };
      listeners.add(wrapped);
      return () => listeners.delete(wrapped);
    },
  };

  let disposed: Promise<void> | undefined;
  return {
    record,
    url,
    client,
    dispose() {
      disposed ??= (async () => {
        // An interrupted call would otherwise run on in the host: the server is told to stop, as in one-shot mode.
        await Promise.all([...runningCalls].map((callId) => request('mcp.cancel_call', { callId }, CANCEL_TIMEOUT_MS)));
        closing.abort();
        await stream?.catch(() => undefined);
      })();
      return disposed;
    },
  };
}

function toResult(route: string, body: unknown, status: number): Result<never> {
  const envelope = body as { ok?: unknown; data?: unknown; error?: unknown } | undefined;
  if (envelope?.ok === true) return { ok: true, data: envelope.data as never };
  const error = AppErrorShapeSchema.safeParse(envelope?.error);
  if (envelope?.ok === false && error.success) return { ok: false, error: error.data };
  return { ok: false, error: new AppError('INTERNAL', `The daemon answered ${route} with HTTP ${status} and no result`).toShape() };
}

/** One event of the stream, checked against the contract; anything else is dropped. */
function toEnvelope(data: string): EventEnvelope | undefined {
  try {
    const raw = JSON.parse(data) as { event?: unknown; payload?: unknown };
    if (typeof raw.event !== 'string' || !isEventName(raw.event)) return undefined;
    const parsed = events[raw.event].safeParse(raw.payload);
    return parsed.success ? ({ event: raw.event, payload: parsed.data } as EventEnvelope) : undefined;
  } catch {
    return undefined;
  }
}
