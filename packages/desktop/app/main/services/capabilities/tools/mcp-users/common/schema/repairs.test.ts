import { describe, expect, it } from 'vitest';
import { compileGeminiSchema } from './gemini';
import { compileGeminiJsonSchema } from './geminiJsonSchema';
import { normalizeSchema } from './normalize';
import { compileOpenAISchema } from './openai';
import { repairCollector, type SchemaRepair, type SchemaRepairCode } from './repairs';

const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({ type: 'object', properties, required });

function normalized(schema: unknown): SchemaRepair[] {
  const { report, repairs } = repairCollector();
  normalizeSchema(schema, report);
  return repairs;
}

function strict(schema: unknown): SchemaRepair[] {
  const { report, repairs } = repairCollector();
  compileOpenAISchema(normalizeSchema(schema), { strict: true, report });
  return repairs;
}

/** Gemini's OpenAPI subset (the `vertex` format). */
function gemini(schema: unknown): SchemaRepair[] {
  const { report, repairs } = repairCollector();
  compileGeminiSchema(normalizeSchema(schema), report);
  return repairs;
}

function geminiJson(schema: unknown): SchemaRepair[] {
  const { report, repairs } = repairCollector();
  compileGeminiJsonSchema(normalizeSchema(schema), report);
  return repairs;
}

const codes = (repairs: SchemaRepair[]) => repairs.map((repair) => repair.code);

/**
 * Each case: a schema that needs the repair (it is reported, at its path, with its facts) and a
 * close one that does not (it is not reported).
 */
const CASES: Array<{
  code: SchemaRepairCode;
  compile: (schema: unknown) => SchemaRepair[];
  needs: unknown;
  clean: unknown;
  expected: Omit<SchemaRepair, 'code'>;
}> = [
  { code: 'ROOT_NOT_OBJECT', compile: normalized, needs: { type: 'string' }, clean: obj({}), expected: { path: '', detail: { type: 'string' } } },
  {
    code: 'ROOT_UNION_MERGED',
    compile: normalized,
    needs: { anyOf: [obj({ a: { type: 'string' } }), obj({ b: { type: 'string' } })] },
    clean: obj({ a: { type: 'string' } }),
    expected: { path: '' },
  },
  {
    code: 'REF_INLINED',
    compile: normalized,
    needs: { ...obj({ a: { $ref: '#/$defs/A' } }), $defs: { A: { type: 'string' } } },
    clean: obj({ a: { type: 'string' } }),
    expected: { path: 'a', detail: { ref: '#/$defs/A' } },
  },
  {
    code: 'REF_UNRESOLVED',
    compile: normalized,
    needs: obj({ a: { $ref: 'https://example.com/a.json' } }),
    clean: { ...obj({ a: { $ref: '#/$defs/A' } }), $defs: { A: { type: 'string' } } },
    expected: { path: 'a', detail: { ref: 'https://example.com/a.json' } },
  },
  {
    code: 'REF_CYCLE_CUT',
    compile: normalized,
    needs: { ...obj({ tree: { $ref: '#/$defs/Node' } }), $defs: { Node: obj({ child: { $ref: '#/$defs/Node' } }, []) } },
    clean: { ...obj({ tree: { $ref: '#/$defs/Leaf' } }), $defs: { Leaf: obj({ value: { type: 'string' } }, []) } },
    expected: { path: 'tree.child', detail: { ref: '#/$defs/Node' } },
  },
  {
    code: 'DEPTH_CUT',
    compile: normalized,
    needs: obj({ a: Array.from({ length: 40 }).reduce<unknown>((inner) => ({ type: 'array', items: inner }), { type: 'string' }) }),
    clean: obj({ a: Array.from({ length: 10 }).reduce<unknown>((inner) => ({ type: 'array', items: inner }), { type: 'string' }) }),
    expected: { path: `a${'[]'.repeat(32)}` },
  },
  {
    code: 'ALL_OF_MERGED',
    compile: normalized,
    needs: obj({ a: { allOf: [{ type: 'string' }, { minLength: 1 }] } }),
    clean: obj({ a: { type: 'string', minLength: 1 } }),
    expected: { path: 'a' },
  },
  {
    code: 'ONE_OF_TO_ANY_OF',
    compile: normalized,
    needs: obj({ a: { oneOf: [{ type: 'string' }, { type: 'number' }] } }),
    clean: obj({ a: { anyOf: [{ type: 'string' }, { type: 'number' }] } }),
    expected: { path: 'a' },
  },
  {
    code: 'TYPE_LIST_SPLIT',
    compile: normalized,
    needs: obj({ a: { type: ['string', 'number'] } }),
    clean: obj({ a: { type: ['string', 'null'] } }),
    expected: { path: 'a', detail: { types: 'string, number' } },
  },
  { code: 'ANY_TO_STRING', compile: gemini, needs: obj({ a: {} }), clean: obj({ a: { enum: ['x', 'y'] } }), expected: { path: 'a' } },
  { code: 'EMPTY_ENUM_VALUE_DROPPED', compile: gemini, needs: obj({ a: { enum: ['', 'x'] } }), clean: obj({ a: { enum: ['x', 'y'] } }), expected: { path: 'a' } },
  { code: 'CONST_TO_ENUM', compile: normalized, needs: obj({ a: { const: 'x' } }), clean: obj({ a: { enum: ['x'] } }), expected: { path: 'a' } },
  {
    code: 'TUPLE_LOOSENED',
    compile: normalized,
    needs: obj({ point: { type: 'array', prefixItems: [{ type: 'number' }, { type: 'string' }] } }),
    clean: obj({ point: { type: 'array', items: { type: 'number' } } }),
    expected: { path: 'point' },
  },
  {
    code: 'PATTERN_PROPERTIES_OPENED',
    compile: normalized,
    needs: obj({ env: { type: 'object', patternProperties: { '^[A-Z]+$': { type: 'string' } } } }),
    clean: obj({ env: { type: 'object', additionalProperties: { type: 'string' } } }),
    expected: { path: 'env' },
  },
  {
    code: 'KEYWORD_DROPPED',
    compile: normalized,
    needs: obj({ a: { type: 'string', not: { enum: ['x'] } } }),
    clean: obj({ a: { type: 'string', minLength: 1 } }),
    expected: { path: 'a', detail: { keyword: 'not' } },
  },
  {
    code: 'STRICT_OPTIONAL_NULLABLE',
    compile: strict,
    needs: obj({ q: { type: 'string' }, limit: { type: 'integer' } }, ['q']),
    clean: obj({ q: { type: 'string' }, limit: { type: 'integer' } }),
    expected: { path: '', detail: { names: 'limit' } },
  },
  {
    code: 'STRICT_DEFAULT_TO_DESCRIPTION',
    compile: strict,
    needs: obj({ limit: { type: 'integer', default: 10 } }),
    clean: obj({ limit: { type: 'integer' } }),
    expected: { path: 'limit' },
  },
  {
    code: 'STRICT_FORMAT_DROPPED',
    compile: strict,
    needs: obj({ url: { type: 'string', format: 'uri' } }),
    clean: obj({ when: { type: 'string', format: 'date-time' } }),
    expected: { path: 'url', detail: { format: 'uri' } },
  },
  {
    code: 'STRICT_PATTERN_DROPPED',
    compile: strict,
    needs: obj({ a: { type: 'string', pattern: '^(?!x)' } }),
    clean: obj({ a: { type: 'string', pattern: '^[a-z]+$' } }),
    expected: { path: 'a', detail: { pattern: '^(?!x)' } },
  },
  {
    code: 'ADDITIONAL_PROPERTIES_DROPPED',
    compile: gemini,
    needs: obj({ env: { type: 'object', additionalProperties: { type: 'string' } } }),
    clean: obj({ env: { type: 'object', properties: { HOME: { type: 'string' } }, additionalProperties: false } }),
    expected: { path: 'env' },
  },
  {
    code: 'FORMAT_TO_DESCRIPTION',
    compile: gemini,
    needs: obj({ url: { type: 'string', format: 'uri' } }),
    clean: obj({ when: { type: 'string', format: 'date-time' } }),
    expected: { path: 'url', detail: { format: 'uri' } },
  },
  { code: 'ENUM_TO_DESCRIPTION', compile: gemini, needs: obj({ n: { enum: [1, 2] } }), clean: obj({ s: { enum: ['a', 'b'] } }), expected: { path: 'n' } },
  {
    code: 'PROPERTY_RENAMED',
    compile: gemini,
    needs: obj({ 'max-results': { type: 'integer' } }),
    clean: obj({ max_results: { type: 'integer' } }),
    expected: { path: 'max-results', detail: { name: 'max-results', sent: 'max_results' } },
  },
  {
    code: 'EXCLUSIVE_BOUND_INCLUSIVE',
    compile: gemini,
    needs: obj({ n: { type: 'integer', exclusiveMinimum: 0 } }),
    clean: obj({ n: { type: 'integer', minimum: 1 } }),
    expected: { path: 'n' },
  },
];

describe('schema repairs', () => {
  it.each(CASES)('$code is reported when the schema needs it, and not otherwise', ({ code, compile, needs, clean, expected }) => {
    expect(compile(needs)).toContainEqual({ code, ...expected });
    expect(codes(compile(clean))).not.toContain(code);
  });

  it('reports the keywords strict mode and Gemini drop, each for its own provider', () => {
    const schema = obj({ tags: { type: 'array', items: { type: 'string', maxLength: 8 }, uniqueItems: true }, n: { type: 'number', multipleOf: 5 } });
    expect(strict(schema)).toEqual(
      expect.arrayContaining([
        { code: 'KEYWORD_DROPPED', path: 'tags[]', detail: { keyword: 'maxLength' } },
        { code: 'KEYWORD_DROPPED', path: 'tags', detail: { keyword: 'uniqueItems' } },
      ]),
    );
    expect(strict(schema)).not.toContainEqual(expect.objectContaining({ detail: { keyword: 'multipleOf' } }));
    expect(gemini(schema)).toEqual(
      expect.arrayContaining([
        { code: 'KEYWORD_DROPPED', path: 'n', detail: { keyword: 'multipleOf' } },
        { code: 'KEYWORD_DROPPED', path: 'tags', detail: { keyword: 'uniqueItems' } },
      ]),
    );
    expect(gemini(schema)).not.toContainEqual(expect.objectContaining({ detail: { keyword: 'maxLength' } }));
  });

  it('reports what Gemini JSON Schema changes, and none of what only the OpenAPI subset loses', () => {
    const schema = obj({
      env: { type: 'object', additionalProperties: { type: 'string' } },
      any: {},
      e: { enum: ['', 'x'] },
      flags: { enum: [true, 1] },
      url: { type: 'string', format: 'uri', pattern: '^h', minLength: 3 },
      n: { type: 'integer', exclusiveMinimum: 0, multipleOf: 2 },
    });
    expect(geminiJson(schema)).toEqual([
      { code: 'ENUM_TO_DESCRIPTION', path: 'flags' },
      { code: 'FORMAT_TO_DESCRIPTION', path: 'url', detail: { format: 'uri' } },
      { code: 'KEYWORD_DROPPED', path: 'url', detail: { keyword: 'pattern' } },
      { code: 'KEYWORD_DROPPED', path: 'url', detail: { keyword: 'minLength' } },
      { code: 'EXCLUSIVE_BOUND_INCLUSIVE', path: 'n' },
      { code: 'KEYWORD_DROPPED', path: 'n', detail: { keyword: 'multipleOf' } },
    ]);
    expect(codes(gemini(schema))).toEqual(expect.arrayContaining(['ADDITIONAL_PROPERTIES_DROPPED', 'ANY_TO_STRING', 'EMPTY_ENUM_VALUE_DROPPED']));
  });

  it('reports nothing for a strict attempt that fell back to non-strict: that schema is sent as normalised', () => {
    const schema = obj({ env: { type: 'object', additionalProperties: { type: 'string' } }, limit: { type: 'integer', default: 3 } }, []);
    const { report, repairs } = repairCollector();
    const result = compileOpenAISchema(normalizeSchema(schema), { strict: true, report });
    expect(result.strict).toBe(false);
    expect(repairs).toEqual([]);
  });

  it('reports each repair once, however many union branches repeat it', () => {
    const repairs = normalized({ ...obj({ a: { anyOf: [{ $ref: '#/$defs/A' }, { $ref: '#/$defs/A' }] } }), $defs: { A: { type: 'string' } } });
    expect(repairs.filter((repair) => repair.code === 'REF_INLINED')).toHaveLength(1);
  });

  it('does not change what the compilers emit', () => {
    const schema = {
      ...obj({ a: { $ref: '#/$defs/A' }, url: { type: 'string', format: 'uri' }, n: { oneOf: [{ type: 'integer', exclusiveMinimum: 0 }, { const: 'x' }] } }, ['a']),
      $defs: { A: { type: ['string', 'number'], default: 'x' } },
    };
    const { report } = repairCollector();
    expect(normalizeSchema(schema, report)).toEqual(normalizeSchema(schema));
    const root = normalizeSchema(schema);
    expect(compileOpenAISchema(root, { strict: true, report })).toEqual(compileOpenAISchema(root, { strict: true }));
    expect(compileGeminiSchema(root, report)).toEqual(compileGeminiSchema(root));
    expect(compileGeminiJsonSchema(root, report)).toEqual(compileGeminiJsonSchema(root));
  });
});
