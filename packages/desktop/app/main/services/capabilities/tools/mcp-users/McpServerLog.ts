/**
 * Per-server ring buffer of stderr lines and host notes. It is what a person reads when a server
 * misbehaves, and what connect errors quote, so every line is redacted before it is stored:
 * nothing downstream (events, routes, error messages) ever sees a secret.
 */
import type { McpServerConfig, McpServerLogLine, McpServerLogStream } from '../../../../../shared/contracts/mcp-types';
import { secretRedactor } from './redaction';

export const DEFAULT_LOG_LINES = 500;
const MAX_LINE_CHARS = 4_000;

interface Ring {
  lines: McpServerLogLine[];
  /** Index of the oldest line once the ring is full. */
  start: number;
  /** Count of lines ever appended; lets a caller ask for "lines since my mark". */
  total: number;
  redact: (text: string) => string;
}

export class McpServerLog {
  private readonly rings = new Map<string, Ring>();

  constructor(
    private readonly onLine: (line: McpServerLogLine) => void,
    private readonly capacity = DEFAULT_LOG_LINES,
  ) {}

  /** (Re)binds the redactor to the server's current config; call before each connect. */
  configure(serverId: string, config: Pick<McpServerConfig, 'env' | 'headers' | 'args'>): void {
    const ring = this.ring(serverId);
    ring.redact = secretRedactor(config);
  }

  append(serverId: string, stream: McpServerLogStream, text: string): void {
    const ring = this.ring(serverId);
    const clipped = text.length > MAX_LINE_CHARS ? `${text.slice(0, MAX_LINE_CHARS)}…` : text;
    const entry: McpServerLogLine = { serverId, stream, line: ring.redact(clipped), at: Date.now() };
    if (ring.lines.length < this.capacity) ring.lines.push(entry);
    else {
      ring.lines[ring.start] = entry;
      ring.start = (ring.start + 1) % this.capacity;
    }
    ring.total += 1;
    this.onLine(entry);
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
