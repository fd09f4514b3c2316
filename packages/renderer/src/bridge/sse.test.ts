import { describe, expect, it } from 'vitest';
import { SseParser } from './sse';

describe('SseParser', () => {
  it('emits the data of each event at its blank line and ignores comments and other fields', () => {
    const parser = new SseParser();
    expect(parser.push(': heartbeat\n\nevent: x\nid: 1\ndata: {"a":1}\n')).toEqual([]);
    expect(parser.push('\ndata:{"b":2}\n\n')).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('joins multi-line data with newlines and strips only one leading space', () => {
    const parser = new SseParser();
    expect(parser.push('data: first\ndata:  second\ndata\n\n')).toEqual(['first\n second\n']);
  });

  it('reassembles lines split across chunks, including a CRLF split between chunks', () => {
    const parser = new SseParser();
    const text = 'data: {"event":"a"}\r\n\r\n: ping\r\ndata: {"event":"b"}\r\n\r\n';
    const out: string[] = [];
    for (const ch of text) out.push(...parser.push(ch));
    expect(out).toEqual(['{"event":"a"}', '{"event":"b"}']);
  });

  it('treats a lone CR as a line end and keeps an unterminated event pending', () => {
    const parser = new SseParser();
    expect(parser.push('data: one\r\rdata: two\n')).toEqual(['one']);
    expect(parser.push('\n')).toEqual(['two']);
  });
});
