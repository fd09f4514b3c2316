import { describe, expect, it } from 'vitest';
import { compileAnthropicSchema } from './anthropic';
import { restoreArguments } from './argumentPlan';
import { compileGeminiSchema } from './gemini';
import { compileGeminiJsonSchema } from './geminiJsonSchema';
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

describe('compileGeminiJsonSchema', () => {
  const json = (properties: Record<string, unknown>, required: string[] = []) =>
    compileGeminiJsonSchema(normalizeSchema({ type: 'object', properties, required })).parametersJsonSchema;

  it('leaves parametersJsonSchema out for a tool without arguments', () => {
    expect(compileGeminiJsonSchema(normalizeSchema({ type: 'object', properties: {} }))).toEqual({});
  });

  it('keeps open maps, any-valued properties and unions, and writes null as a branch of its own', () => {
    expect(
      json(
        {
          env: { type: 'object', additionalProperties: { type: 'string' } },
          meta: { type: 'object', description: 'free-form' },
          value: { description: 'anything' },
          id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
          note: { type: ['string', 'null'], description: 'optional', maxLength: 9 },
        },
        ['env'],
      ),
    ).toEqual({
      type: 'object',
      properties: {
        env: { type: 'object', properties: {}, additionalProperties: { type: 'string' } },
        meta: { type: 'object', properties: {}, additionalProperties: true, description: 'free-form' },
        value: { description: 'anything' },
        id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
        note: { description: 'optional', anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['env'],
    });
  });

  it('keeps the documented keywords only, the rest as a hint or left to the server', () => {
    expect(
      json({
        when: { type: 'string', format: 'date' },
        url: { type: 'string', format: 'uri', pattern: '^h' },
        n: { type: 'integer', exclusiveMinimum: 0, maximum: 5, enum: [1, 2], default: 1 },
        flag: { enum: [true, 'x'] },
      })?.properties,
    ).toEqual({
      when: { type: 'string', format: 'date' },
      url: { type: 'string', description: '(format: uri)' },
      n: { type: 'integer', minimum: 1, maximum: 5, enum: [1, 2], default: 1 },
      flag: { anyOf: [{ type: 'boolean', description: '(one of: true)' }, { type: 'string', enum: ['x'] }] },
    });
  });

  it('renames properties the way the subset does, and gives the server its names back', () => {
    const result = compileGeminiJsonSchema(normalizeSchema({ type: 'object', properties: { 'file-path': { type: 'string' } }, required: ['file-path'] }));
    expect(result.parametersJsonSchema).toEqual({ type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] });
    expect(restoreArguments({ file_path: '/x' }, result.argumentPlan)).toEqual({ 'file-path': '/x' });
  });

  it('sends a map whose values would need renames back as a map of any values', () => {
    expect(json({ m: { type: 'object', additionalProperties: { type: 'object', properties: { 'a-b': { type: 'string' } } } } })?.properties).toEqual({
      m: { type: 'object', properties: {}, additionalProperties: true },
    });
  });
});
