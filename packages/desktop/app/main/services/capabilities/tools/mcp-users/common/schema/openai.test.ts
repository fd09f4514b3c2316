import { describe, expect, it } from 'vitest';
import { normalizeSchema } from './normalize';
import { restoreArguments } from './argumentPlan';
import { compileOpenAISchema } from './openai';

const strict = (schema: unknown) => compileOpenAISchema(normalizeSchema(schema), { strict: true });

describe('compileOpenAISchema (strict)', () => {
  it('requires every property, makes the optional ones nullable and records them', () => {
    const result = strict({
      type: 'object',
      properties: {
        q: { type: 'string' },
        limit: { type: 'integer', default: 10 },
        mode: { enum: ['a', 'b'] },
        nested: { type: 'object', properties: { deep: { type: 'boolean' } } },
      },
      required: ['q', 'nested'],
    });
    expect(result.strict).toBe(true);
    expect(result.parameters).toEqual({
      type: 'object',
      properties: {
        q: { type: 'string' },
        limit: { type: ['integer', 'null'], description: '(default: 10)' },
        mode: { type: ['string', 'null'], enum: ['a', 'b', null] },
        nested: {
          type: 'object',
          properties: { deep: { type: ['boolean', 'null'] } },
          required: ['deep'],
          additionalProperties: false,
        },
      },
      required: ['q', 'limit', 'mode', 'nested'],
      additionalProperties: false,
    });
    expect(result.argumentPlan).toEqual({ nullMeansAbsent: ['limit', 'mode'], properties: { nested: { nullMeansAbsent: ['deep'] } } });
  });

  it('adds a null branch to an optional union', () => {
    const result = strict({ type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'number' }] } } });
    expect(result.parameters.properties).toEqual({ v: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }] } });
  });

  it('falls back to non-strict, with the reason, when an open map cannot be closed', () => {
    const result = strict({ type: 'object', properties: { headers: { type: 'object', additionalProperties: { type: 'string' } } } });
    expect(result.strict).toBe(false);
    expect(result.notStrictReason).toMatch(/\/properties\/headers is an open map/);
    expect(result.argumentPlan).toBeUndefined();
    expect(result.parameters).toEqual({
      type: 'object',
      properties: { headers: { type: 'object', properties: {}, required: [], additionalProperties: { type: 'string' } } },
      required: [],
    });
  });

  it('keeps only the formats and patterns strict mode supports', () => {
    const result = strict({
      type: 'object',
      properties: {
        id: { type: 'string', format: 'uuid' },
        url: { type: 'string', format: 'uri' },
        ok: { type: 'string', pattern: '^[a-z]+$' },
        lookahead: { type: 'string', pattern: '^(?!x).*' },
      },
      required: ['id', 'url', 'ok', 'lookahead'],
    });
    expect(result.parameters.properties).toEqual({
      id: { type: 'string', format: 'uuid' },
      url: { type: 'string' },
      ok: { type: 'string', pattern: '^[a-z]+$' },
      lookahead: { type: 'string' },
    });
  });

  it('is non-strict and unchanged in meaning when strict is not asked for', () => {
    const result = compileOpenAISchema(normalizeSchema({ type: 'object', properties: { a: { type: 'string' } } }), { strict: false });
    expect(result).toEqual({ parameters: { type: 'object', properties: { a: { type: 'string' } }, required: [] }, strict: false });
  });
});

describe('restoreArguments after strict mode', () => {
  const plan = strict({
    type: 'object',
    properties: {
      q: { type: ['string', 'null'] },
      limit: { type: 'integer' },
      items: { type: 'array', items: { type: 'object', properties: { tag: { type: 'string' }, id: { type: 'string' } }, required: ['id'] } },
      pick: {
        anyOf: [
          { type: 'object', properties: { a: { type: 'string' } } },
          { type: 'object', properties: { b: { type: 'string' } } },
        ],
      },
    },
    required: ['q', 'items', 'pick'],
  }).argumentPlan;

  it('removes the nulls of optional arguments at every level and keeps everything else', () => {
    const args = {
      q: null,
      limit: null,
      items: [{ id: 'x', tag: null }, { id: 'y', tag: 't' }],
      pick: { a: null, b: 'keep' },
    };
    expect(restoreArguments(args, plan)).toEqual({ q: null, items: [{ id: 'x' }, { id: 'y', tag: 't' }], pick: { b: 'keep' } });
    expect(args.limit).toBeNull();
  });

  it('passes arguments through without a plan', () => {
    const args = { a: null };
    expect(restoreArguments(args, undefined)).toBe(args);
  });
});
