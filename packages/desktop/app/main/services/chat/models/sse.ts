/**
 * Server-sent events as the model APIs stream them: `event:` and `data:` lines, a blank line ends
 * an event. Only what these APIs use is read (no `id:` or `retry:`, no reconnect): a dropped stream
 * is a failed turn, not something to resume.
 */
export interface SseEvent {
  event?: string;
  data: string;
}

export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  let buffer = '';
  let event: string | undefined;
  let data: string[] = [];
  const flushLine = function* (line: string): Generator<SseEvent> {
    if (line === '') {
      if (data.length > 0) yield { ...(event !== undefined ? { event } : {}), data: data.join('\n') };
      event = undefined;
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline: number;
      while ((newline = buffer.search(/\r\n|\n|\r/)) !== -1) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + (buffer.startsWith('\r\n', newline) ? 2 : 1));
        yield* flushLine(line);
      }
    }
  } finally {
    // Stopping early (an error event, a cancel) releases the connection.
    await reader.cancel().catch(() => undefined);
  }
  // A stream that ends without the final blank line still delivers its last event.
  if (buffer !== '') yield* flushLine(buffer);
  yield* flushLine('');
}
