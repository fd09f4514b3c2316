import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { callHistory, HISTORY_LIMIT } from './callHistory';
import { cfworkerValidator, toRjsfErrors, validateJson } from './cfworkerValidator';
import { cliCommand } from './cliCommand';
import { defaultArguments, formFallbackReason, formSchema, LIMITS } from './formSupport';
import { keywordValue, validationMessage } from './validationMessages';
import { testI18n } from '@renderer-testing/allLocales';

describe('the CLI command of a call', () => {
  it('is the call command of the CLI, with --args only when there are arguments', () => {
    expect(cliCommand('my server', 'echo', { text: "a 'quote'" })).toBe(`elftia-mcp call 'my server' echo --args '{"text":"a '\\''quote'\\''"}'`);
    expect(cliCommand('fixture', 'list', {})).toBe('elftia-mcp call fixture list');
  });
});

describe('the validator adapter', () => {
  const schema: RJSFSchema = {
    type: 'object',
    properties: {
      name: { type: 'string', minLength: 2 },
      nested: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
      pick: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      list: { type: 'array', items: { type: 'string' } },
    },
    required: ['name'],
  };

  it("puts each error on its field, a missing property on that property's field, and drops 'a child failed' wrappers", () => {
    const errors = toRjsfErrors(validateJson(schema, { nested: {}, pick: true, list: ['ok', 3] }).errors);
    expect(errors.map((e) => [e.name, e.property])).toEqual(
      expect.arrayContaining([
        ['required', '.name'],
        ['required', '.nested.n'],
        ['anyOf', '.pick'],
        ['type', '.list.1'],
      ]),
    );
    // The branches of anyOf that did not match are not listed one by one; nor are "properties"/"items" wrappers.
    expect(errors.every((e) => !['properties', 'items', '$ref'].includes(e.name ?? ''))).toBe(true);
    expect(errors.filter((e) => e.property === '.pick')).toHaveLength(1);
  });

  it("gives rjsf its error schema, and checks a subschema's data with the root's definitions", () => {
    const { errorSchema } = cfworkerValidator.validateFormData({ name: 'x' }, schema);
    expect(errorSchema.name?.__errors).toEqual(['String is too short (1 < 2).']);
    const root: RJSFSchema = { type: 'object', $defs: { id: { type: 'integer' } }, properties: { a: { $ref: '#/$defs/id' } } };
    expect(cfworkerValidator.isValid({ $ref: '#/$defs/id' }, 3, root)).toBe(true);
    expect(cfworkerValidator.isValid({ $ref: '#/$defs/id' }, 'x', root)).toBe(false);
  });

  it('checks what is sent: an unfilled array entry is the null it becomes, and a broken schema is an error, never a throw', () => {
    expect(toRjsfErrors(validateJson(schema, { name: 'ok', list: [undefined] }).errors).map((e) => e.property)).toEqual(['.list.0']);
    expect(validateJson({ $ref: '#/$defs/missing' }, {}).validationError).toBeInstanceOf(Error);
    expect(cfworkerValidator.isValid({ $ref: '#/$defs/missing' }, {}, {})).toBe(false);
  });
});

describe('form or JSON', () => {
  it('names why a schema gets the JSON editor', () => {
    expect(formFallbackReason({ type: 'object', properties: { a: { type: ['string', 'null'] } } })).toBeUndefined();
    expect(formFallbackReason({ type: 'object', properties: { a: { type: ['string', 'integer'] } } })).toBe('typeUnion');
    expect(formFallbackReason({ type: 'object', properties: { a: { $ref: '#' } } })).toBe('refCycle');
    expect(formFallbackReason({ type: 'object', properties: { a: { $ref: '#/$defs/x' } }, $defs: { x: { type: 'object', properties: { y: { $ref: '#/$defs/x' } } } } })).toBe('refCycle');
    // A definition used twice side by side is not a cycle.
    expect(formFallbackReason({ type: 'object', properties: { a: { $ref: '#/$defs/x' }, b: { $ref: '#/$defs/x' } }, $defs: { x: { type: 'string' } } })).toBeUndefined();
    expect(formFallbackReason({ type: 'object', properties: { a: { $ref: 'https://example.com/s.json' } } })).toBe('unresolvedRef');
    expect(formFallbackReason({ type: 'object', properties: { a: { enum: Array.from({ length: LIMITS.enumValues + 1 }, (_, i) => i) } } })).toBe('hugeEnum');
    const deep = Array.from({ length: LIMITS.depth + 2 }).reduce<Record<string, unknown>>((inner) => ({ type: 'object', properties: { x: inner } }), { type: 'string' });
    expect(formFallbackReason(deep)).toBe('tooLarge');
    expect(formFallbackReason({ type: 'array' })).toBe('notObject');
  });

  it("starts from the schema's defaults and leaves an untouched optional object out when its defaults alone would be rejected", () => {
    const schema = formSchema({
      properties: {
        limit: { type: 'integer', default: 10 },
        query: { type: 'object', properties: { prompt: { type: 'string' }, mode: { type: 'string', default: 'free' } }, required: ['prompt'] },
        paging: { type: 'object', properties: { size: { type: 'integer', default: 20 } } },
      },
    });
    // No `type` sent by the server: still an object to the form.
    expect(schema.type).toBe('object');
    expect(defaultArguments(schema)).toEqual({ limit: 10, paging: { size: 20 } });
  });
});

describe('the call history', () => {
  it(`keeps the newest ${HISTORY_LIMIT} calls since the app started`, () => {
    const serverId = 'history-cap';
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) {
      callHistory.add({ callId: `c${i}`, serverId, serverName: 's', toolName: 't', args: { i }, startedAt: i, status: 'ok' });
    }
    const kept = callHistory.all().filter((e) => e.serverId === serverId);
    expect(kept).toHaveLength(HISTORY_LIMIT);
    expect(kept[0]!.callId).toBe(`c${HISTORY_LIMIT + 4}`);
    callHistory.clear(serverId);
    expect(callHistory.all().some((e) => e.serverId === serverId)).toBe(false);
  });
});

describe('validation messages in the person\'s language', () => {
  const root: RJSFSchema & Record<string, unknown> = {
    type: 'object',
    $defs: { code: { type: 'string', minLength: 3, pattern: '^[A-Z]+$' } },
    properties: { code: { $ref: '#/$defs/code' }, level: { enum: ['low', 'high'] }, n: { type: 'integer', maximum: 5 } },
  };

  it("finds the failed keyword's value through $refs", () => {
    expect(keywordValue(root, '#/properties/code/$ref/minLength')).toBe(3);
    expect(keywordValue(root, '#/properties/n/maximum')).toBe(5);
    expect(keywordValue(root, '#/nowhere/at/all')).toBeUndefined();
  });

  it.each(['en', 'zh', 'ja'] as const)('says each error from the schema (%s)', (lang) => {
    const i18n = testI18n(lang);
    const t = i18n.getFixedT(lang, ['playground', 'common']);
    const errors = toRjsfErrors(validateJson(root, { code: 'ab', level: 'mid', n: 9.5 }).errors);
    const messages = Object.fromEntries(errors.map((e) => [`${e.name}${e.property}`, validationMessage(e, root, t as never)]));
    expect(Object.keys(messages).sort()).toEqual(['enum.level', 'maximum.n', 'minLength.code', 'pattern.code', 'type.n']);
    for (const message of Object.values(messages)) expect(message).not.toMatch(/does not|is invalid|Instance/);
    expect(messages['minLength.code']).toContain('3');
    expect(messages['maximum.n']).toContain('5');
    expect(messages['enum.level']).toContain('"low", "high"');
    expect(messages['type.n']).toContain('integer');
  });
});
