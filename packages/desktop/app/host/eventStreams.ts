/**
 * The host's open event streams, bounded three ways so that readers can never take the host down:
 *
 *  - At most `maxStreams` at once; one more is refused (TOO_MANY_STREAMS, 503) rather than let
 *    every event be copied to an unbounded number of sockets.
 *  - Per stream, at most `maxBufferedBytes` waiting to be sent (plus the one event that crossed
 *    the line). Past that, events for that reader are dropped and counted, never queued: a reader
 *    that stopped reading costs a fixed amount of memory however chatty the servers are. When its
 *    socket drains, the reader gets one `app.events_dropped` event with the count, so it knows to
 *    reload what it shows instead of trusting a gap it cannot see.
 *  - A reader that stays stalled for `stallTimeoutMs` after its first drop is disconnected, so a
 *    dead reader cannot hold its buffer and its slot forever. A live one reconnects.
 *
 * Each event is serialised once, into one Buffer shared by every stream.
 */
import type { ServerResponse } from 'node:http';
import type { EventEnvelope } from '../shared/contracts/ipc';

export interface EventStreamLimits {
  maxStreams: number;
  maxBufferedBytes: number;
  stallTimeoutMs: number;
}

export const DEFAULT_STREAM_LIMITS: EventStreamLimits = {
  // A person has a tab or two open; 16 leaves room for tools and reconnect overlap.
  maxStreams: 16,
  maxBufferedBytes: 1024 * 1024,
  stallTimeoutMs: 30_000,
};

export interface EventStreamStats {
  streams: number;
  /** Bytes the host holds for all streams together, not yet handed to the kernel. */
  bufferedBytes: number;
  /** Events not sent to some reader because its buffer was full, since the host started. */
  droppedEvents: number;
  /** Readers closed because they stayed stalled, since the host started. */
  disconnected: number;
}

interface Reader {
  res: ServerResponse;
  /** Events dropped since the reader last drained; reset once it has been told. */
  dropped: number;
  stallTimer?: NodeJS.Timeout | undefined;
}

export class EventStreams {
  private readonly readers = new Set<Reader>();
  private droppedEvents = 0;
  private disconnected = 0;

  constructor(private readonly limits: EventStreamLimits) {}

  get size(): number {
    return this.readers.size;
  }

  get full(): boolean {
    return this.readers.size >= this.limits.maxStreams;
  }

  get maxStreams(): number {
    return this.limits.maxStreams;
  }

  stats(): EventStreamStats {
    let bufferedBytes = 0;
    for (const reader of this.readers) bufferedBytes += reader.res.writableLength;
    return { streams: this.readers.size, bufferedBytes, droppedEvents: this.droppedEvents, disconnected: this.disconnected };
  }

  /** Starts tracking an open SSE response; returns the function that stops (call it on close). */
  add(res: ServerResponse): () => void {
    const reader: Reader = { res, dropped: 0 };
    this.readers.add(reader);
    const onDrain = () => {
      if (reader.dropped === 0) return;
      const count = reader.dropped;
      reader.dropped = 0;
      clearTimeout(reader.stallTimer);
      reader.stallTimer = undefined;
      res.write(frame({ event: 'app.events_dropped', payload: { count } }));
    };
    res.on('drain', onDrain);
    return () => {
      clearTimeout(reader.stallTimer);
      res.off('drain', onDrain);
      this.readers.delete(reader);
    };
  }

  broadcast(envelope: EventEnvelope): void {
    if (this.readers.size === 0) return;
    const chunk = frame(envelope);
    for (const reader of this.readers) this.send(reader, chunk);
  }

  /** A comment line (heartbeat); dropped like an event when the reader is full. */
  comment(text: string): void {
    const chunk = Buffer.from(`: ${text}\n\n`);
    for (const reader of this.readers) this.send(reader, chunk);
  }

  endAll(): void {
    for (const reader of this.readers) reader.res.end();
  }

  private send(reader: Reader, chunk: Buffer): void {
    const { res } = reader;
    if (res.destroyed || res.writableEnded) return;
    // An empty buffer always takes the next event, so one event larger than the bound still goes out.
    if (res.writableLength > 0 && res.writableLength + chunk.length > this.limits.maxBufferedBytes) {
      reader.dropped++;
      this.droppedEvents++;
      reader.stallTimer ??= setTimeout(() => {
        this.disconnected++;
        res.destroy();
      }, this.limits.stallTimeoutMs).unref();
      return;
    }
    res.write(chunk);
  }
}

function frame(envelope: EventEnvelope): Buffer {
  return Buffer.from(`data: ${JSON.stringify(envelope)}\n\n`);
}
