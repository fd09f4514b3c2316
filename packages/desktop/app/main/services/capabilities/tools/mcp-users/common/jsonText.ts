/**
 * JSON as people paste it: VS Code's settings.json and mcp.json carry comments and trailing
 * commas, so those are read too. A text that is not JSON is reported with the line and column of
 * the first problem and a reason code the UI translates (JSON.parse gives neither reliably: its
 * message differs between engines and names a character offset at best).
 */

export type JsonSyntaxReason =
  | 'unexpected_end'
  | 'unexpected_character'
  | 'expected_property_name'
  | 'expected_colon'
  | 'expected_comma_or_brace'
  | 'expected_comma_or_bracket'
  | 'unterminated_string'
  | 'bad_escape'
  | 'control_character'
  | 'bad_number'
  | 'unterminated_comment'
  | 'trailing_text'
  | 'too_deep';

export interface JsonSyntaxError {
  reason: JsonSyntaxReason;
  /** 1-based, as editors count. */
  line: number;
  column: number;
  offset: number;
}

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; error: JsonSyntaxError };

/** Far beyond any config; keeps a hostile paste from exhausting the stack. */
const MAX_DEPTH = 256;

const REASON_TEXT: Record<JsonSyntaxReason, string> = {
  unexpected_end: 'the text ends too early',
  unexpected_character: 'unexpected character',
  expected_property_name: 'expected a property name in double quotes',
  expected_colon: "expected ':' after the property name",
  expected_comma_or_brace: "expected ',' or '}'",
  expected_comma_or_bracket: "expected ',' or ']'",
  unterminated_string: 'a string is not closed',
  bad_escape: 'invalid escape in a string',
  control_character: 'a line break or control character inside a string',
  bad_number: 'invalid number',
  unterminated_comment: 'a comment is not closed',
  trailing_text: 'unexpected text after the end of the JSON',
  too_deep: `nested deeper than ${MAX_DEPTH} levels`,
};

/** "line 3, column 5: expected ',' or '}'", for logs and the CLI. */
export const describeJsonSyntaxError = ({ reason, line, column }: JsonSyntaxError): string => `line ${line}, column ${column}: ${REASON_TEXT[reason]}`;

class Stop extends Error {
  constructor(
    readonly reason: JsonSyntaxReason,
    readonly offset: number,
  ) {
    super(reason);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

export function parseJsonText(text: string): JsonTextResult {
  let at = 0;
  const fail = (reason: JsonSyntaxReason, offset = at): never => {
    throw new Stop(at >= text.length && reason !== 'unterminated_comment' && reason !== 'unterminated_string' ? 'unexpected_end' : reason, offset);
  };

  const skipSpace = () => {
    for (;;) {
      const c = text[at];
      if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\uFEFF') at++;
      else if (c === '/' && text[at + 1] === '/') {
        while (at < text.length && text[at] !== '\n') at++;
      } else if (c === '/' && text[at + 1] === '*') {
        const end = text.indexOf('*/', at + 2);
        if (end === -1) throw new Stop('unterminated_comment', at);
        at = end + 2;
      } else return;
    }
  };

  const string = (): string => {
    const start = at;
    at++; // the opening quote
    let out = '';
    for (;;) {
      if (at >= text.length) throw new Stop('unterminated_string', start);
      const c = text[at]!;
      if (c === '"') {
        at++;
        return out;
      }
      if (c === '\\') {
        const e = text[at + 1];
        if (e === 'u') {
          const hex = text.slice(at + 2, at + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Stop('bad_escape', at);
          out += String.fromCharCode(parseInt(hex, 16));
          at += 6;
        } else if (e !== undefined && e in ESCAPES) {
          out += ESCAPES[e];
          at += 2;
        } else throw new Stop('bad_escape', at);
        continue;
      }
      if (c < ' ') throw new Stop(c === '\n' || c === '\r' ? 'unterminated_string' : 'control_character', c === '\n' || c === '\r' ? start : at);
      out += c;
      at++;
    }
  };

  const value = (depth: number): unknown => {
    if (depth > MAX_DEPTH) fail('too_deep');
    skipSpace();
    const c = text[at];
    if (c === '{') return object(depth);
    if (c === '[') return array(depth);
    if (c === '"') return string();
    for (const [word, literal] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return literal;
      }
    }
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      NUMBER.lastIndex = at;
      const match = NUMBER.exec(text);
      if (!match) return fail('bad_number');
      at += match[0].length;
      if (/[0-9.eE]/.test(text[at] ?? '')) fail('bad_number');
      return Number(match[0]);
    }
    return fail('unexpected_character');
  };

  const object = (depth: number): Record<string, unknown> => {
    at++;
    const out: Record<string, unknown> = {};
    skipSpace();
    if (text[at] === '}') {
      at++;
      return out;
    }
    for (;;) {
      skipSpace();
      // A trailing comma before the brace, as VS Code allows.
      if (text[at] === '}') {
        at++;
        return out;
      }
      if (text[at] !== '"') fail('expected_property_name');
      const key = string();
      skipSpace();
      if (text[at] !== ':') fail('expected_colon');
      at++;
      // defineProperty, as JSON.parse does: a "__proto__" key is data, not the prototype.
      Object.defineProperty(out, key, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
      skipSpace();
      if (text[at] === ',') at++;
      else if (text[at] === '}') {
        at++;
        return out;
      } else fail('expected_comma_or_brace');
    }
  };

  const array = (depth: number): unknown[] => {
    at++;
    const out: unknown[] = [];
    for (;;) {
      skipSpace();
      if (text[at] === ']') {
        at++;
        return out;
      }
      out.push(value(depth + 1));
      skipSpace();
      if (text[at] === ',') at++;
      else if (text[at] === ']') {
        at++;
        return out;
      } else fail('expected_comma_or_bracket');
    }
  };

  try {
    const result = value(0);
    skipSpace();
    if (at < text.length) fail('trailing_text');
    return { ok: true, value: result };
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
    const offset = Math.min(err.offset, text.length);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - (before.lastIndexOf('\n') + 1) + 1;
    return { ok: false, error: { reason: err.reason, line, column, offset } };
  }
}
