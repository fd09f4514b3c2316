import { describe, expect, it } from 'vitest';
import type { ElicitationSchema } from '@shared/contracts/elicitation';
import { checkContent, checkField, defaultContent, elicitationFields, type ElicitationField } from './elicitationForm';

const SCHEMA: ElicitationSchema = {
  type: 'object',
  properties: {
    legacy: { type: 'string', enum: ['a', 'b'], enumNames: ['Alpha', 'Beta'] },
    titled: { type: 'string', oneOf: [{ const: 'x', title: 'Ex' }], default: 'x' },
    plain: { type: 'string', enum: ['p'] },
    many: { type: 'array', items: { type: 'string', enum: ['m', 'n'] }, minItems: 1, maxItems: 1, default: ['m'] },
    manyTitled: { type: 'array', items: { anyOf: [{ const: 'q', title: 'Queue' }] } },
    mail: { type: 'string', format: 'email', title: 'Mail' },
    count: { type: 'integer', minimum: 1 },
    ok: { type: 'boolean', default: false },
  },
  required: ['count'],
};

const field = (name: string): ElicitationField => elicitationFields(SCHEMA).find((f) => f.name === name)!;

describe('elicitationFields', () => {
  it('reads every kind of choice the spec allows, in the server’s order', () => {
    const fields = elicitationFields(SCHEMA);
    expect(fields.map((f) => [f.name, f.kind])).toEqual([
      ['legacy', 'choice'],
      ['titled', 'choice'],
      ['plain', 'choice'],
      ['many', 'multi'],
      ['manyTitled', 'multi'],
      ['mail', 'text'],
      ['count', 'number'],
      ['ok', 'boolean'],
    ]);
    expect(field('legacy')).toMatchObject({ options: [{ value: 'a', label: 'Alpha' }, { value: 'b', label: 'Beta' }] });
    expect(field('titled')).toMatchObject({ options: [{ value: 'x', label: 'Ex' }] });
    expect(field('manyTitled')).toMatchObject({ options: [{ value: 'q', label: 'Queue' }] });
    expect(field('count')).toMatchObject({ required: true, integer: true, minimum: 1 });
    expect(field('mail').label).toBe('Mail');
    expect(defaultContent(fields)).toEqual({ titled: 'x', many: ['m'], ok: false });
  });
});

describe('checkField', () => {
  it.each([
    ['count', undefined, { code: 'required' }],
    ['count', 0, { code: 'belowMinimum', limit: 1 }],
    ['count', 1.5, { code: 'type', expected: 'integer' }],
    ['count', '2', { code: 'type', expected: 'integer' }],
    ['legacy', 'c', { code: 'notAnOption' }],
    ['many', ['m', 'n'], { code: 'tooManyItems', limit: 1 }],
    ['many', ['z'], { code: 'notAnOption' }],
    ['mail', 'not-an-email', { code: 'format', format: 'email' }],
    ['ok', 'yes', { code: 'type', expected: 'boolean' }],
  ] as const)('%s = %j → %j', (name, value, problem) => {
    expect(checkField(field(name), value as never)).toEqual(problem);
  });

  it.each([
    ['count', 3],
    ['legacy', 'b'],
    ['mail', 'ada@example.com'],
    ['mail', undefined],
    ['manyTitled', []],
    ['ok', false],
  ] as const)('%s = %j is fine', (name, value) => {
    expect(checkField(field(name), value as never)).toBeUndefined();
  });

  it('checks dates, date-times and URIs by their format', () => {
    const text = (format: 'date' | 'date-time' | 'uri'): ElicitationField => ({ name: 'f', label: 'f', required: false, kind: 'text', format });
    expect(checkField(text('date'), '2026-12-01')).toBeUndefined();
    expect(checkField(text('date'), '2026-13-45')).toEqual({ code: 'format', format: 'date' });
    expect(checkField(text('date-time'), '2026-12-01T10:00:00+09:00')).toBeUndefined();
    expect(checkField(text('date-time'), '2026-12-01 10:00')).toEqual({ code: 'format', format: 'date-time' });
    expect(checkField(text('uri'), 'https://example.com/a')).toBeUndefined();
    expect(checkField(text('uri'), 'example.com')).toEqual({ code: 'format', format: 'uri' });
  });
});

describe('checkContent', () => {
  it('names each field at fault and values the form does not have', () => {
    expect(checkContent(elicitationFields(SCHEMA), { count: 0, stray: 1 })).toEqual([
      { path: 'count', message: 'count must be at least 1', problem: { code: 'belowMinimum', limit: 1 } },
      { path: 'stray', message: '"stray" is not a field of this request' },
    ]);
  });
});
