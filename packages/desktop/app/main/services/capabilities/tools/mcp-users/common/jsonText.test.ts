import { describe, expect, it } from 'vitest';
import { describeJsonSyntaxError, parseJsonText } from './jsonText';

const errorOf = (text: string) => {
  const result = parseJsonText(text);
  if (result.ok) throw new Error(`parsed: ${text}`);
  return result.error;
};

describe('parseJsonText', () => {
  it('reads what JSON.parse reads, to the same value', () => {
    for (const text of ['{}', '[]', '0', '-1.5e3', '"a\\u00e9\\n\\"x"', '{"a":[1,{"b":null}],"c":true,"d":false}', ' \n{ "k" : "v" } ']) {
      expect(parseJsonText(text)).toEqual({ ok: true, value: JSON.parse(text) });
    }
  });

  it('reads VS Code JSONC: comments and trailing commas', () => {
    const text = '{\n  // servers\n  "servers": { /* one */ "a": { "command": "x", }, },\n}';
    expect(parseJsonText(text)).toEqual({ ok: true, value: { servers: { a: { command: 'x' } } } });
  });

  it('keeps a "__proto__" key as data, as JSON.parse does', () => {
    const result = parseJsonText('{"__proto__": {"polluted": true}}');
    expect(result.ok && Object.keys(result.value as object)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('names the line and column of the first problem, and why', () => {
    expect(errorOf('{\n  "a": 1\n  "b": 2\n}')).toEqual({ reason: 'expected_comma_or_brace', line: 3, column: 3, offset: 13 });
    expect(errorOf('{"a": }')).toMatchObject({ reason: 'unexpected_character', line: 1, column: 7 });
    expect(errorOf('{"a": 1')).toMatchObject({ reason: 'unexpected_end', line: 1, column: 8 });
    expect(errorOf('{a: 1}')).toMatchObject({ reason: 'expected_property_name', column: 2 });
    expect(errorOf('{"a" 1}')).toMatchObject({ reason: 'expected_colon', column: 6 });
    expect(errorOf('{"a": "x\n"}')).toMatchObject({ reason: 'unterminated_string', line: 1, column: 7 });
    expect(errorOf('["\\q"]')).toMatchObject({ reason: 'bad_escape', column: 3 });
    expect(errorOf('[01]')).toMatchObject({ reason: 'bad_number' });
    expect(errorOf('[1 2]')).toMatchObject({ reason: 'expected_comma_or_bracket', column: 4 });
    expect(errorOf('{} x')).toMatchObject({ reason: 'trailing_text', column: 4 });
    expect(errorOf('/* open')).toMatchObject({ reason: 'unterminated_comment', column: 1 });
    expect(errorOf('['.repeat(10_000))).toMatchObject({ reason: 'too_deep' });
    expect(describeJsonSyntaxError(errorOf('{\n  "a": 1\n  "b": 2\n}'))).toBe("line 3, column 3: expected ',' or '}'");
  });
});
