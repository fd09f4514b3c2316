/**
 * Incremental Server-Sent Events parser (the subset of the WHATWG format the host speaks).
 * Network chunks split lines anywhere, including between "\r" and "\n", so the parser keeps the
 * unfinished tail between pushes and only emits an event at its blank-line terminator.
 */
export class SseParser {
  private buffer = '';
  private data: string[] = [];
  /** A chunk ended on "\r": a "\n" starting the next chunk belongs to that line break. */
  private skipLeadingLf = false;

  /** Feeds decoded text; returns the `data` of every event completed by it, in order. */
  push(chunk: string): string[] {
    let text = chunk;
    if (this.skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
    this.skipLeadingLf = false;
    this.buffer += text;

    const out: string[] = [];
    let start = 0;
    for (let i = 0; i < this.buffer.length; i++) {
      const ch = this.buffer[i];
      if (ch !== '\n' && ch !== '\r') continue;
      this.line(this.buffer.slice(start, i), out);
      if (ch === '\r') {
        if (i + 1 === this.buffer.length) this.skipLeadingLf = true;
        else if (this.buffer[i + 1] === '\n') i++;
      }
      start = i + 1;
    }
    this.buffer = this.buffer.slice(start);
    return out;
  }

  private line(line: string, out: string[]): void {
    if (line === '') {
      // Blank line: dispatch. An event without data lines (e.g. only `event:`) carries nothing.
      if (this.data.length > 0) out.push(this.data.join('\n'));
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return; // comment / heartbeat
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    // The envelope's event name travels inside the JSON, so `event:`, `id:` and `retry:` are not needed.
    if (field === 'data') this.data.push(value);
  }
}
