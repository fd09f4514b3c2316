import { describe, expect, it } from 'vitest';
import { controlParts, hasControls, inlineSafe, terminalSafe } from './visibleControls';
import { RAW_TERMINAL_CONTROL } from '@desktop-testing/visibleControls.testkit';

const HOSTILE = [
  '\u001b[2J\u001b[H',
  '\u001b]0;new title\u0007',
  '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007',
  '\u009b31mred\u009b0m',
  'abc\u202edcba',
  'a\u2066b\u2069c\u200e\u200f\u061c',
  'over\rwrite',
  'del\u007f nul\u0000 bell\u0007 vt\u000b ff\u000c',
  'line\u2028break\u2029para',
];

describe('terminalSafe', () => {
  it.each(HOSTILE)('leaves nothing a terminal acts on in %j', (text) => {
    expect(terminalSafe(text)).not.toMatch(RAW_TERMINAL_CONTROL);
  });

  it('writes each one as its \\u escape and keeps newlines, tabs and CRLF', () => {
    expect(terminalSafe('\u001b[2Jx\u202ey\u009b')).toBe('\\u001b[2Jx\\u202ey\\u009b');
    expect(terminalSafe('a\tb\nc\r\nd\re')).toBe('a\tb\nc\r\nd\\u000de');
    expect(terminalSafe('plain text, 中文, émoji 👍')).toBe('plain text, 中文, émoji 👍');
  });

  it('keeps JSON text valid and its value unchanged', () => {
    const value = { name: HOSTILE.join(' '), nested: [HOSTILE[4], { [HOSTILE[3]!]: HOSTILE[0] }], backslash: '\\\u202e' };
    for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2)]) {
      const safe = terminalSafe(text);
      expect(safe).not.toMatch(RAW_TERMINAL_CONTROL);
      expect(JSON.parse(safe)).toEqual(value);
    }
  });
});

describe('inlineSafe', () => {
  it('shows newlines and tabs too, so a field stays on its line', () => {
    expect(inlineSafe('a\nb\tc\r\n\u202e')).toBe('a\\u000ab\\u0009c\\u000d\\u000a\\u202e');
    expect(terminalSafe(inlineSafe('x\u001b[2J'))).toBe('x\\u001b[2J');
  });
});

describe('controlParts', () => {
  it('cuts the text at every control, newline, tab and bidi character', () => {
    expect(controlParts('a\nb\u202ec')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'control', char: '\n', escape: '\\u000a' },
      { kind: 'text', text: 'b' },
      { kind: 'control', char: '\u202e', escape: '\\u202e' },
      { kind: 'text', text: 'c' },
    ]);
    expect(controlParts('\t')).toEqual([{ kind: 'control', char: '\t', escape: '\\u0009' }]);
    expect(controlParts('plain')).toEqual([{ kind: 'text', text: 'plain' }]);
    expect(controlParts('')).toEqual([]);
  });

  it('says whether there is anything to show', () => {
    expect(hasControls('npx -y pkg')).toBe(false);
    expect(hasControls('a\nb')).toBe(true);
    expect(hasControls('a\u2066')).toBe(true);
  });
});
