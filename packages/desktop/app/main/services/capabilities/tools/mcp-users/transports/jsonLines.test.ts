import { describe, expect, it } from 'vitest';
import { JsonLineReader, responseIdOf, type OversizedLine } from './jsonLines';

function read(chunks: string[], maxBytes = 64) {
  const reader = new JsonLineReader(maxBytes);
  const lines: string[] = [];
  const oversized: OversizedLine[] = [];
  for (const chunk of chunks) reader.push(Buffer.from(chunk), { line: (l) => lines.push(l), oversized: (o) => oversized.push(o) });
  return { lines, oversized };
}

describe('JsonLineReader', () => {
  it('frames lines across chunk boundaries, drops CR and blank lines', () => {
    expect(read(['{"a":', '1}\r\n\n{"b"', ':2}\n{"c":3']).lines).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('skips an oversized line to its newline, reports its size and ends, and reads on', () => {
    const big = `{"result":{"text":"${'x'.repeat(500)}"},"jsonrpc":"2.0","id":7}`;
    const { lines, oversized } = read(['{"id":1}\n', big.slice(0, 100), big.slice(100, 450), `${big.slice(450)}\n{"id":2}\n`]);
    expect(lines).toEqual(['{"id":1}', '{"id":2}']);
    expect(oversized).toHaveLength(1);
    expect(oversized[0]!.bytes).toBe(big.length);
    expect(responseIdOf(oversized[0]!)).toBe(7);
  });
});

describe('responseIdOf', () => {
  const edges = (line: string) => ({ head: line.slice(0, 256), tail: line.slice(-256) });
  const filler = 'y'.repeat(1_000);

  it('finds the id of a response, first or last, number or string', () => {
    expect(responseIdOf(edges(`{"result":{"content":[{"id":99,"t":"${filler}"}]},"jsonrpc":"2.0","id":12}`))).toBe(12);
    expect(responseIdOf(edges(`{"jsonrpc":"2.0","id":"abc","result":{"t":"${filler}"}}`))).toBe('abc');
    expect(responseIdOf(edges(`{"jsonrpc":"2.0","id":3,"error":{"code":1,"message":"${filler}"}}`))).toBe(3);
  });

  it('gives none for a request or notification, or an id only inside the result', () => {
    expect(responseIdOf(edges(`{"method":"sampling/createMessage","params":{"t":"${filler}"},"jsonrpc":"2.0","id":4}`))).toBeUndefined();
    expect(responseIdOf(edges(`{"jsonrpc":"2.0","method":"notifications/message","params":{"t":"${filler}"}}`))).toBeUndefined();
    expect(responseIdOf(edges(`{"result":{"t":"${filler}","inner":{"id":5}}}`))).toBeUndefined();
  });
});
