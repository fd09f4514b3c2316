import { describe, expect, it } from 'vitest';
import { compileAnthropicSchema } from './anthropic';
import { restoreArguments } from './argumentPlan';
import { compileGeminiSchema } from './gemini';
import { normalizeSchema } from './normalize';

const gemini = (properties: Record<string, unknown>, required: string[] = []) =>
  compileGeminiSchema(normalizeSchema({ type: 'object', properties, required })).parameters;

describe('compileGeminiSchema', () => {
  it('leaves parameters out for a tool without arguments', () => {
    expect(compileGeminiSchema(normalizeSchema({ type: 'object', properties: {} }))).toEqual({});
  });

  it('writes upper-case single types, nullable, and required', () => {
    expect(gemini({ a: { type: ['string', 'null'] }, b: { type: 'array' } }, ['b'])).toEqual({
      type: 'OBJECT',
      properties: { a: { type: 'STRING', nullable: true }, b: { type: 'ARRAY', items: { type: 'STRING' } } },
      required: ['b'],
    });
  });

  it('drops keys outside the allow-list and keeps what they said as a hint', () => {
    const schema = gemini({
      url: { type: 'string', format: 'uri', description: 'Where' },
      when: { type: 'string', format: 'date-time' },
      map: { type: 'object', properties: { k: { type: 'string' } }, additionalProperties: false, propertyNames: { pattern: 'x' } },
      n: { type: 'integer', enum: [1, 2], exclusiveMinimum: 0, exclusiveMaximum: 10, multipleOf: 1 },
      x: { type: 'number', exclusiveMinimum: 0.5 },
      s: { type: 'string', enum: ['', 'a'], examples: ['a'] },
    });
    expect(schema?.properties).toEqual({
      url: { type: 'STRING', description: 'Where (format: uri)' },
      when: { type: 'STRING', format: 'date-time' },
      map: { type: 'OBJECT', properties: { k: { type: 'STRING' } } },
      n: { type: 'INTEGER', minimum: 1, maximum: 9, description: '(one of: 1, 2)' },
      x: { type: 'NUMBER', minimum: 0.5 },
      s: { type: 'STRING', enum: ['a'], example: 'a' },
    });
  });

  it('keeps anyOf alone in its node, moving description and nullability into the branches', () => {
    expect(gemini({ v: { anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }], description: 'd' } })?.properties).toEqual({
      v: {
        anyOf: [
          { type: 'STRING', nullable: true, description: 'd' },
          { type: 'NUMBER', nullable: true, description: 'd' },
        ],
      },
    });
  });

  it('renames properties Gemini would refuse, and gives the server its names back', () => {
    const result = compileGeminiSchema(
      normalizeSchema({
        type: 'object',
        properties: {
          $schema: { type: 'string' },
          'x-y': { type: 'object', properties: { '1st': { type: 'string' } } },
          x_y: { type: 'string' },
          list: { type: 'array', items: { type: 'object', properties: { 'a.b': { type: 'string' } } } },
        },
        required: ['x-y'],
      }),
    );
    expect(Object.keys(result.parameters?.properties ?? {})).toEqual(['_schema', 'x_y_2', 'x_y', 'list']);
    expect(result.parameters?.required).toEqual(['x_y_2']);
    const sent = { _schema: 's', x_y_2: { _1st: 'v' }, x_y: 'plain', list: [{ a_b: 1 }] };
    expect(restoreArguments(sent, result.argumentPlan)).toEqual({ $schema: 's', 'x-y': { '1st': 'v' }, x_y: 'plain', list: [{ 'a.b': 1 }] });
  });

  it('keeps default and example only when they are values of the node type', () => {
    expect(gemini({ a: { type: 'integer', default: '5' }, b: { type: 'integer', default: 5 } })?.properties).toEqual({
      a: { type: 'INTEGER' },
      b: { type: 'INTEGER', default: 5 },
    });
  });
});

describe('compileAnthropicSchema', () => {
  it('writes an object root with properties and required, draft 2020-12 bounds', () => {
    expect(compileAnthropicSchema(normalizeSchema({ $schema: 'http://json-schema.org/draft-04/schema#', properties: { n: { type: 'number', minimum: 0, exclusiveMinimum: true } } }))).toEqual({
      type: 'object',
      properties: { n: { type: 'number', exclusiveMinimum: 0 } },
      required: [],
    });
  });
});
