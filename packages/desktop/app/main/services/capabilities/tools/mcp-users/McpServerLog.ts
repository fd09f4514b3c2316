/**
 * Per-server ring buffer of stderr lines and host notes. It is what a person reads when a server
 * misbehaves, and what connect errors quote, so every line is redacted before it is stored:
 * nothing downstream (events, routes, error messages) ever sees a secret.
 */
import type { McpServerConfig, McpServerLogLine, McpServerLogStream } from '@shared/contracts/mcp-types';
import { secretRedactor } from './common/redaction';
import { hostNote, hostNoteLine, type HostNote } from '@shared/hostNotes';

export const DEFAULT_LOG_LINES = 500;
const MAX_LINE_CHARS = 4_000;

interface Ring {
  lines: McpServerLogLine[];
  /** Index of the oldest line once the ring is full. */
  start: number;
  /** Count of lines ever appended; lets a caller ask for "lines since my mark". */
  total: number;
  redact: (text: string) => string;
  /** Live-event budget (see EventBudget): the current window, lines sent in it, lines folded. */
  window?: { start: number; sent: number; folded: number; timer?: NodeJS.Timeout | undefined } | undefined;
}

/**
 * Every line is an event to every open stream, so a server that floods stderr would flood the
 * event streams too. Per server, at most `lines` lines per `perMs` become events; the rest are
 * still kept in the ring (the mcp.server_log route reads them) and one `host` line at the end of
 * the window says how many were folded.
 */
export interface EventBudget {
  lines: number;
  perMs: number;
}
export const DEFAULT_EVENT_BUDGET: EventBudget = { lines: 50, perMs: 1000 };

export class McpServerLog {
  private readonly rings = new Map<string, Ring>();

  constructor(
    private readonly onLine: (line: McpServerLogLine) => void,
    private readonly capacity = DEFAULT_LOG_LINES,
    private readonly budget = DEFAULT_EVENT_BUDGET,
  ) {}

  /** (Re)binds the redactor to the server's current config; call before each connect. */
  configure(serverId: string, config: Pick<McpServerConfig, 'env' | 'headers' | 'args'>): void {
    const ring = this.ring(serverId);
    ring.redact = secretRedactor(config);
  }

  append(serverId: string, stream: McpServerLogStream, text: string, note?: HostNote): void {
    const ring = this.ring(serverId);
    const clipped = text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text;
    const entry: McpServerLogLine = { serverId, stream, line: ring.redact(clipped), at: Date.now() };
    // The values are redacted as the line is: a server's message or error may quote a secret.
    if (note) entry.note = { code: note.code, params: Object.fromEntries(Object.entries(note.params).map(([k, v]) => [k, typeof v === 'string' ? ring.redact(v) : v])) };
    if (ring.lines.length < this.capacity) ring.lines.push(entry);
    else {
      ring.lines[ring.start] = entry;
      ring.start = (ring.start + 1) % this.capacity;
    }
    ring.total += 1;
    this.emitWithinBudget(ring, entry);
  }

  private emitWithinBudget(ring: Ring, entry: McpServerLogLine): void {
    const { lines, perMs } = this.budget;
    if (!ring.window || entry.at - ring.window.start >= perMs) {
      if (ring.window) this.flushFolded(entry.serverId, ring);
      ring.window = { start: entry.at, sent: 0, folded: 0 };
    }
    const window = ring.window;
    if (window.sent < lines) {
      window.sent++;
      this.onLine(entry);
      return;
    }
    window.folded++;
    window.timer ??= setTimeout(() => {
      this.flushFolded(entry.serverId, ring);
      ring.window = undefined;
    }, Math.max(0, window.start + perMs - entry.at)).unref();
  }

  /** The summary is an event only: the ring keeps what the server itself wrote. */
  private flushFolded(serverId: string, ring: Ring): void {
    const window = ring.window;
    if (!window) return;
    clearTimeout(window.timer);
    window.timer = undefined;
    if (window.folded === 0) return;
    const note = hostNote('LOG_FOLDED', { count: window.folded, ms: this.budget.perMs, capacity: this.capacity });
    window.folded = 0;
    this.onLine({ serverId, stream: 'host', line: hostNoteLine(note), note, at: Date.now() });
  }

  /** What Elftia itself notes about the server: its English as the line, its code for the windows. */
  note(serverId: string, note: HostNote): void {
    this.append(serverId, 'host', hostNoteLine(note), note);
  }

  /** A position to pass to `since`. */
  mark(serverId: string): number {
    return this.ring(serverId).total;
  }

  /** Oldest first; at most `limit` of the newest lines. */
  read(serverId: string, limit = this.capacity): McpServerLogLine[] {
    const ring = this.rings.get(serverId);
    if (!ring) return [];
    const ordered = [...ring.lines.slice(ring.start), ...ring.lines.slice(0, ring.start)];
    return ordered.slice(-limit);
  }

  /** The last `limit` lines of `stream` appended after `mark` (those still in the ring). */
  since(serverId: string, mark: number, stream: McpServerLogStream, limit: number): string[] {
    const ring = this.rings.get(serverId);
    if (!ring) return [];
    const fresh = Math.min(ring.total - mark, ring.lines.length);
    return this.read(serverId)
      .slice(ring.lines.length - fresh)
      .filter((l) => l.stream === stream)
      .slice(-limit)
      .map((l) => l.line);
  }

  forget(serverId: string): void {
    clearTimeout(this.rings.get(serverId)?.window?.timer);
    this.rings.delete(serverId);
  }

  private ring(serverId: string): Ring {
    let ring = this.rings.get(serverId);
    if (!ring) {
      ring = { lines: [], start: 0, total: 0, redact: secretRedactor({}) };
      this.rings.set(serverId, ring);
    }
    return ring;
  }
}
