import { describe, expect, it } from 'vitest';
import { normalizeSchema } from './normalize';
import { processJsonSchema } from './processJsonSchema';
import type { SchemaNode } from './types';

/** The normalised node of property `x` of a root `{ properties: { x: schema } }`. */
function prop(schema: unknown, extraRoot: Record<string, unknown> = {}): SchemaNode | undefined {
  return normalizeSchema({ type: 'object', properties: { x: schema }, ...extraRoot }).properties.x;
}

describe('processJsonSchema (an object root, whatever the server sent)', () => {
  it.each([undefined, null, 'string', 42, [], {}])('%j → the empty object schema', (input) => {
    expect(processJsonSchema(input)).toEqual({ type: 'object', properties: {}, required: [] });
  });

  it('keeps properties, required and description of an object root', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'], description: 'd', $schema: 'x' };
    expect(processJsonSchema(schema)).toEqual({ type: 'object', properties: { a: { type: 'string' } }, required: ['a'], description: 'd' });
  });

  it('wraps a root without type as an object, and a non-object root as the empty object', () => {
    expect(processJsonSchema({ properties: { a: {} } })).toMatchObject({ type: 'object', properties: { a: {} } });
    expect(processJsonSchema({ type: 'string' })).toEqual({ type: 'object', properties: {}, required: [] });
  });

  it('unwraps a root $ref and keeps $defs for the refs inside', () => {
    const schema = { $ref: '#/$defs/Args', $defs: { Args: { type: 'object', properties: { a: { $ref: '#/$defs/A' } } }, A: { type: 'string' } } };
    const processed = processJsonSchema(schema);
    expect(processed.properties).toEqual({ a: { $ref: '#/$defs/A' } });
    expect(normalizeSchema(schema).properties.a).toEqual({ type: 'string' });
  });

  it('turns a root union into the union of its branches, requiring only what all require', () => {
    const schema = {
      anyOf: [
        { type: 'object', properties: { kind: { const: 'a' }, a: { type: 'string' } }, required: ['kind', 'a'] },
        { type: 'object', properties: { kind: { const: 'b' }, b: { type: 'number' } }, required: ['kind'] },
      ],
    };
    const root = normalizeSchema(schema);
    expect(Object.keys(root.properties)).toEqual(['kind', 'a', 'b']);
    expect(root.required).toEqual(['kind']);
  });
});

describe('normalizeSchema', () => {
  it('inlines local $ref from $defs and definitions, siblings winning', () => {
    expect(prop({ $ref: '#/$defs/S', description: 'mine' }, { $defs: { S: { type: 'string', description: 'theirs' } } })).toEqual({
      type: 'string',
      description: 'mine',
    });
    expect(prop({ $ref: '#/definitions/N' }, { definitions: { N: { type: 'integer' } } })).toEqual({ type: 'integer' });
  });

  it('treats an unresolvable $ref as unknown (any value) rather than failing', () => {
    expect(prop({ $ref: 'https://example.com/schema.json', description: 'd' })).toEqual({ description: 'd' });
  });

  it('cuts a recursive $ref off at the cycle with an open object', () => {
    const tree = { type: 'object', properties: { value: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Tree' } } } };
    const node = prop({ $ref: '#/$defs/Tree' }, { $defs: { Tree: tree } });
    expect(node?.properties?.value).toEqual({ type: 'string' });
    expect(node?.properties?.children?.items).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: true });
  });

  it('terminates on self-referencing allOf and on schemas deeper than the cut-off', () => {
    expect(prop({ $ref: '#/$defs/A' }, { $defs: { A: { allOf: [{ $ref: '#/$defs/A' }], type: 'string' } } })).toEqual({ type: 'string' });
    let deep: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 100; i++) deep = { type: 'object', properties: { next: deep } };
    let node = normalizeSchema(deep);
    let depth = 0;
    while (node.properties?.next) {
      node = node.properties.next as typeof node;
      depth++;
    }
    expect(depth).toBeLessThan(40);
  });

  it('turns oneOf into anyOf', () => {
    expect(prop({ oneOf: [{ type: 'string' }, { type: 'number' }] })).toEqual({ anyOf: [{ type: 'string' }, { type: 'number' }] });
  });

  it('merges allOf: properties and required united, bounds tightened', () => {
    const node = prop({
      allOf: [
        { type: 'object', properties: { a: { type: 'string', minLength: 1 } }, required: ['a'] },
        { properties: { a: { maxLength: 5 }, b: { type: 'number' } }, required: ['b'] },
      ],
    });
    expect(node).toEqual({
      type: 'object',
      properties: { a: { type: 'string', minLength: 1, maxLength: 5 }, b: { type: 'number' } },
      required: ['a', 'b'],
    });
  });

  it('turns type arrays and anyOf-with-null into nullable', () => {
    expect(prop({ type: ['string', 'null'] })).toEqual({ type: 'string', nullable: true });
    expect(prop({ anyOf: [{ type: 'integer' }, { type: 'null' }], default: null, title: 'T' })).toEqual({
      type: 'integer',
      nullable: true,
      default: null,
      title: 'T',
    });
    expect(prop({ type: 'string', enum: ['a', null] })).toEqual({ type: 'string', enum: ['a'], nullable: true });
    expect(prop({ type: 'null' })).toEqual({ type: 'null' });
  });

  it('splits a multi-type array into typed branches, each keeping its own keywords', () => {
    expect(prop({ type: ['boolean', 'string', 'null'], maxLength: 3, description: 'd' })).toEqual({
      anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 3 }],
      description: 'd',
      nullable: true,
    });
  });

  it('turns const into a one-value enum with its type', () => {
    expect(prop({ const: 'workspace' })).toEqual({ type: 'string', enum: ['workspace'] });
    expect(prop({ const: 3 })).toEqual({ type: 'integer', enum: [3] });
  });

  it('keeps required ⊆ properties and honours draft 3 `required: true`', () => {
    const root = normalizeSchema({ type: 'object', properties: { a: { type: 'string', required: true }, b: {} }, required: ['b', 'ghost', 'b'] });
    expect(root.required).toEqual(['b', 'a']);
  });

  it('gives arrays items (any value when none is said), and turns tuples into lists', () => {
    expect(prop({ type: 'array' })).toEqual({ type: 'array', items: {} });
    expect(prop({ type: 'array', items: [{ type: 'string' }, { type: 'number' }] })).toEqual({
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'number' }] },
    });
    expect(prop({ type: 'array', prefixItems: [{ type: 'integer' }] })).toEqual({ type: 'array', items: { type: 'integer' } });
  });

  it('gives typeless nodes a type inferred from keywords, enum or default, else leaves them any-valued', () => {
    expect(prop({ properties: { a: { type: 'string' } } })?.type).toBe('object');
    expect(prop({ items: { type: 'string' } })?.type).toBe('array');
    expect(prop({ minimum: 1 })?.type).toBe('number');
    expect(prop({ enum: ['a', 'b'] })?.type).toBe('string');
    expect(prop({ default: true })?.type).toBe('boolean');
    expect(prop({ description: 'anything' })).toEqual({ description: 'anything' });
    expect(prop({ description: 'anything', nullable: true, default: null })).toEqual({ description: 'anything', nullable: true, default: null });
  });

  it('turns draft 4 boolean exclusive bounds into the numeric form', () => {
    expect(prop({ type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 9, exclusiveMaximum: false })).toEqual({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 9,
    });
  });

  it('keeps only the keywords that apply to the type and drops unsupported ones', () => {
    expect(prop({ type: 'number', pattern: 'x', not: {}, minimum: 1, $comment: 'c', examples: [2] })).toEqual({
      type: 'number',
      minimum: 1,
      examples: [2],
    });
  });

  it('never drops a property because its name is a keyword', () => {
    const names = ['$schema', 'additionalProperties', 'strict', 'type', '__proto__', 'properties'];
    const properties = Object.fromEntries(names.map((name) => [name, { type: 'string' }]));
    const root = normalizeSchema(JSON.parse(JSON.stringify({ type: 'object', properties, required: names })));
    expect(Object.keys(root.properties)).toEqual(names);
    expect(root.required).toEqual(names);
  });

  it('moves constraints beside a union into every branch', () => {
    const node = prop({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      anyOf: [{ required: ['a'] }, { required: ['b'] }],
    });
    expect(node?.anyOf?.map((branch) => [branch.type, branch.required])).toEqual([
      ['object', ['a']],
      ['object', ['b']],
    ]);
  });

  it('flattens nested unions and removes repeated branches', () => {
    expect(prop({ anyOf: [{ anyOf: [{ type: 'string' }, { type: 'number' }] }, { type: 'string' }, { type: 'null' }] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'number' }],
      nullable: true,
    });
  });

  it('marks open maps: explicit, patternProperties, and objects without properties', () => {
    expect(prop({ type: 'object', additionalProperties: {} })?.additionalProperties).toBe(true);
    expect(prop({ type: 'object', additionalProperties: { type: 'number' } })?.additionalProperties).toEqual({ type: 'number' });
    expect(prop({ type: 'object', properties: { a: {} }, patternProperties: { '^x': {} } })?.additionalProperties).toBe(true);
    expect(prop({ type: 'object' })).toEqual({ type: 'object', properties: {}, required: [] });
  });
});
