/**
 * Newline-delimited JSON-RPC framing for stdio, in place of the SDK's ReadBuffer.
 *
 * ReadBuffer throws once a line passes 10 MB and forgets where the stream was, so the only way
 * on was to drop the connection, and the caller learnt nothing but "connection closed". Here an
 * oversized line is skipped up to its newline (the stream stays in sync) and reported with its
 * size and its two ends, from which the transport recovers the id of the response it was and
 * fails just that request. Chunks are kept in a list and joined once per line, so a large
 * message costs one copy rather than one per chunk.
 */
import { STDIO_DEFAULT_MAX_BUFFER_SIZE } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own stdio limit: it bounds the memory one message may take. */
export const MAX_STDIO_MESSAGE_BYTES = STDIO_DEFAULT_MAX_BUFFER_SIZE;
/** How much of each end of an oversized line is kept to find its id. */
const EDGE_BYTES = 256;
const NEWLINE = 0x0a;

export interface OversizedLine {
  bytes: number;
  head: string;
  tail: string;
}

export interface LineSink {
  line(text: string): void;
  oversized(info: OversizedLine): void;
}

export class JsonLineReader {
  private chunks: Buffer[] = [];
  private length = 0;
  private skipping: { bytes: number; head: Buffer; tail: Buffer } | undefined;

  constructor(private readonly maxBytes = MAX_STDIO_MESSAGE_BYTES) {}

  push(chunk: Buffer, sink: LineSink): void {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, start);
      const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      this.collect(piece);
      if (newline === -1) return;
      this.endLine(sink);
      start = newline + 1;
    }
  }

  clear(): void {
    this.chunks = [];
    this.length = 0;
    this.skipping = undefined;
  }

  private collect(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.skipping) {
      this.skipping.bytes += piece.length;
      this.skipping.tail = lastBytes([this.skipping.tail, piece]);
      return;
    }
    if (this.length + piece.length <= this.maxBytes) {
      this.chunks.push(piece);
      this.length += piece.length;
      return;
    }
    const all = [...this.chunks, piece];
    this.skipping = { bytes: this.length + piece.length, head: firstBytes(all), tail: lastBytes(all) };
    this.chunks = [];
    this.length = 0;
  }

  private endLine(sink: LineSink): void {
    const skipped = this.skipping;
    if (skipped) {
      this.skipping = undefined;
      sink.oversized({ bytes: skipped.bytes, head: skipped.head.toString('utf8'), tail: skipped.tail.toString('utf8') });
      return;
    }
    const joined = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.length);
    this.chunks = [];
    this.length = 0;
    const text = joined.toString('utf8').replace(/\r$/, '');
    if (text.trim()) sink.line(text);
  }
}

/** The first EDGE_BYTES of buffers read as one (a copy, so the big chunks can go). */
function firstBytes(buffers: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [];
  let size = 0;
  for (const buffer of buffers) {
    if (size >= EDGE_BYTES) break;
    const part = buffer.subarray(0, EDGE_BYTES - size);
    parts.push(part);
    size += part.length;
  }
  return Buffer.concat(parts);
}

/** The last EDGE_BYTES of buffers read as one (a copy). */
function lastBytes(buffers: readonly Buffer[]): Buffer {
  const parts: Buffer[] = [];
  let size = 0;
  for (let i = buffers.length - 1; i >= 0 && size < EDGE_BYTES; i--) {
    const buffer = buffers[i]!;
    const part = buffer.subarray(Math.max(0, buffer.length - (EDGE_BYTES - size)));
    parts.unshift(part);
    size += part.length;
  }
  return Buffer.concat(parts);
}

const ID = String.raw`(-?\d+|"(?:[^"\\]|\\.)*")`;
const JSONRPC = String.raw`"jsonrpc"\s*:\s*"2\.0"`;
/** `{"jsonrpc":"2.0","id":1,"result":…` (Python, Go) or `{"result":…` (the TypeScript SDK): a response. */
const RESPONSE_HEAD = new RegExp(String.raw`^\s*\{\s*(?:(?:${JSONRPC}|"id"\s*:\s*${ID})\s*,\s*)*"(?:result|error)"\s*:`);
const ID_IN_HEAD = new RegExp(String.raw`^\s*\{\s*(?:${JSONRPC}\s*,\s*)?"id"\s*:\s*${ID}`);
/** `…,"jsonrpc":"2.0","id":1}`: the id as the last member of the outermost object. */
const ID_IN_TAIL = new RegExp(String.raw`"id"\s*:\s*${ID}\s*(?:,\s*${JSONRPC}\s*)?\}\s*$`);

/**
 * The id of the response an oversized line was, or undefined when the line is not recognisably a
 * response (a request or notification from the server, or members in an unusual order).
 */
export function responseIdOf({ head, tail }: Pick<OversizedLine, 'head' | 'tail'>): string | number | undefined {
  if (!RESPONSE_HEAD.test(head)) return undefined;
  const raw = ID_IN_HEAD.exec(head)?.[1] ?? ID_IN_TAIL.exec(tail)?.[1];
  if (raw === undefined) return undefined;
  return JSON.parse(raw) as string | number;
}

/** Marks the error response the transport puts in place of a dropped oversized one. */
export const MESSAGE_TOO_LARGE = 'message_too_large';

/** What the client receives for a response that was too large: an error response for the same id. */
export function tooLargeResponse(id: string | number, bytes: number, limitBytes: number): JSONRPCMessage {
  return {
    jsonrpc: '2.0',
    id,
    error: {
      code: -32_603,
      message: `The response was ${bytes} bytes, over the ${limitBytes} byte limit for one stdio message; it was dropped`,
      data: { reason: MESSAGE_TOO_LARGE, sizeBytes: bytes, limitBytes },
    },
  };
}
