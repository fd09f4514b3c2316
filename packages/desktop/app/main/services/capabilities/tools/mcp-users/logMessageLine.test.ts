import { describe, expect, it } from 'vitest';
import { logMessageLine, MAX_LOG_DATA_CHARS } from './logMessageLine';

describe('logMessageLine', () => {
  it('says the level and the logger before a string as it is', () => {
    expect(logMessageLine({ level: 'warning', logger: 'db', data: 'pool exhausted' })).toBe('warning [db] pool exhausted');
    expect(logMessageLine({ level: 'info', data: 'no logger' })).toBe('info no logger');
  });

  it('writes any other JSON as its JSON text, on one line', () => {
    expect(logMessageLine({ level: 'error', data: { code: 7, lines: ['a', 'b'], nested: { ok: false } } })).toBe(
      'error {"code":7,"lines":["a","b"],"nested":{"ok":false}}',
    );
    expect(logMessageLine({ level: 'debug', data: 42 })).toBe('debug 42');
    expect(logMessageLine({ level: 'debug', data: null })).toBe('debug null');
    expect(logMessageLine({ level: 'debug', data: undefined })).toBe('debug ');
  });

  it('shows controls, escape sequences, newlines and bidi characters as escapes, in the data and the logger', () => {
    const line = logMessageLine({ level: 'alert', logger: 'x\u001b]0;pwned\u0007', data: 'clear\u001b[2J\r\nnext line \u202egpj.exe' });
    expect(line).toBe('alert [x\\u001b]0;pwned\\u0007] clear\\u001b[2J\\u000d\\u000anext line \\u202egpj.exe');
    // eslint-disable-next-line no-control-regex -- no raw control character may be left
    expect(line).not.toMatch(/[\u0000-\u001f\u202e]/);
    // In JSON, C1 and bidi characters are left raw by JSON.stringify; they are escaped too.
    expect(logMessageLine({ level: 'info', data: { s: '\u009b31m\u2066' } })).toBe('info {"s":"\\u009b31m\\u2066"}');
  });

  it('cuts long data to a line, whatever its shape', () => {
    const long = logMessageLine({ level: 'info', data: 'y'.repeat(10_000) });
    expect(long).toBe(`info ${'y'.repeat(MAX_LOG_DATA_CHARS)}…`);
    const big = logMessageLine({ level: 'info', data: { rows: Array.from({ length: 1_000 }, (_, i) => ({ i })) } });
    expect(big).toHaveLength('info '.length + MAX_LOG_DATA_CHARS + 1);
    expect(big.startsWith('info {"rows":[{"i":0},{"i":1}')).toBe(true);
  });
});
