/**
 * Every tool of the shared corpus (220 real tools from 21 servers), through every converter,
 * checked against each provider's rules by validators that do not share code with the emitters:
 * openai-node's `toStrictJsonSchema`, ajv (draft 2020-12), a walker for the keywords Google documents
 * for Gemini's JSON Schema, and an allow-list walker for Gemini's OpenAPI subset (the Vertex format).
 */
import Ajv2020 from 'ajv/dist/2020';
import { toStrictJsonSchema } from 'openai/lib/transform';
import { afterAll, describe, expect, it } from 'vitest';
import type { MCPTool } from '@shared/contracts/mcp-types';
import corpusJson from '../__fixtures__/mcp-tool-schemas.json';
import {
  convertMcpToolsToAnthropic,
  convertMcpToolsToGemini,
  convertMcpToolsToOpenAI,
  convertMcpToolsToOpenAIResponses,
  convertMcpToolsToVertex,
} from './toolConversion';
import { assignToolIds } from './toolIds';

interface CorpusEntry {
  server: string;
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

const corpus: CorpusEntry[] = corpusJson;
const { tools } = assignToolIds(
  corpus.map((entry) => ({
    id: '',
    name: entry.name,
    description: entry.description ?? '',
    inputSchema: entry.inputSchema,
    serverId: `srv-${entry.server}`,
    serverName: entry.server,
  })),
);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Rule violations found in one schema, as readable paths. */
type Check = (schema: Json) => string[];

/** Visits every subschema (not literal payloads such as `enum` or `default`). */
function walk(schema: unknown, at: string, visit: (node: Json, at: string) => void): void {
  if (!isObject(schema)) return;
  visit(schema, at);
  if (isObject(schema.properties)) {
    for (const [key, child] of Object.entries(schema.properties)) walk(child, `${at}/properties/${key}`, visit);
  }
  if (isObject(schema.additionalProperties)) walk(schema.additionalProperties, `${at}/additionalProperties`, visit);
  if (schema.items !== undefined) walk(schema.items, `${at}/items`, visit);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const branches = schema[key];
    if (Array.isArray(branches)) branches.forEach((branch, index) => walk(branch, `${at}/${key}/${index}`, visit));
  }
  for (const key of ['$defs', 'definitions'] as const) {
    const defs = schema[key];
    if (isObject(defs)) for (const [name, child] of Object.entries(defs)) walk(child, `${at}/${key}/${name}`, visit);
  }
}

function collect(schema: Json, rule: (node: Json, at: string, report: (problem: string) => void) => void): string[] {
  const problems: string[] = [];
  walk(schema, '#', (node, at) => rule(node, at, (problem) => problems.push(`${at}: ${problem}`)));
  return problems;
}

const NAME = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

// ---- OpenAI ---------------------------------------------------------------------------------

const STRICT_FORBIDDEN = [
  'allOf', 'not', 'if', 'then', 'else', 'patternProperties', 'propertyNames', 'uniqueItems',
  'minProperties', 'maxProperties', 'contains', 'dependentRequired', 'dependentSchemas', 'dependencies',
  'unevaluatedProperties', 'unevaluatedItems', 'prefixItems', 'additionalItems', '$ref', '$defs', 'oneOf',
];

const openAIBase: Check = (schema) => [
  ...(schema.type === 'object' ? [] : ['#: root type is not object']),
  ...(isObject(schema.properties) ? [] : ['#: root has no properties object']),
  ...collect(schema, (node, _at, report) => {
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('array') && node.items === undefined) report('array without items');
  }),
];

const openAIStrict: Check = (schema) => {
  const problems = [...openAIBase(schema)];
  try {
    const transformed = toStrictJsonSchema(structuredClone(schema) as Parameters<typeof toStrictJsonSchema>[0]);
    // Already strict means the oracle had nothing to add or change.
    if (JSON.stringify(transformed) !== JSON.stringify(schema)) problems.push('#: toStrictJsonSchema changed the schema');
  } catch (error) {
    problems.push(`#: toStrictJsonSchema refused: ${(error as Error).message}`);
  }
  problems.push(
    ...collect(schema, (node, _at, report) => {
      for (const key of STRICT_FORBIDDEN) if (key in node) report(`forbidden keyword ${key}`);
      if (node.type === undefined && !Array.isArray(node.anyOf)) report('typeless value');
      if (Array.isArray(node.items)) report('tuple items');
      const types = Array.isArray(node.type) ? node.type : [node.type];
      if (types.includes('object')) {
        if (node.additionalProperties !== false) report('object without additionalProperties: false');
        const keys = Object.keys(isObject(node.properties) ? node.properties : {});
        const required = Array.isArray(node.required) ? node.required : [];
        if (keys.length !== required.length || keys.some((key) => !required.includes(key))) report('not every property is required');
      }
    }),
  );
  return problems;
};

// ---- Anthropic ------------------------------------------------------------------------------

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, validateFormats: false });

const anthropic: Check = (schema) => {
  const problems: string[] = [];
  if (schema.type !== 'object') problems.push('#: root type is not object');
  for (const key of ['oneOf', 'anyOf', 'allOf']) if (key in schema) problems.push(`#: root ${key}`);
  try {
    ajv.compile(schema);
  } catch (error) {
    problems.push(`#: ajv 2020-12 refused: ${(error as Error).message}`);
  }
  return problems;
};

// ---- Gemini API parametersJsonSchema (Google's documented keywords, written here) -----------

/**
 * What Google documents for Gemini's JSON Schema (`responseJsonSchema`/`parametersJsonSchema`),
 * plus `default`, which the API's own errors name as a known field.
 */
const GEMINI_JSON_KEYS = new Set([
  '$id', '$defs', '$ref', '$anchor', 'type', 'format', 'title', 'description', 'enum', 'items', 'prefixItems', 'minItems',
  'maxItems', 'minimum', 'maximum', 'anyOf', 'oneOf', 'properties', 'additionalProperties', 'required', 'propertyOrdering', 'default',
]);
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

const geminiJson: Check = (schema) => [
  ...(schema.type === 'object' ? [] : ['#: root type is not object']),
  ...anthropic(schema).filter((problem) => problem.includes('ajv')),
  ...collect(schema, (node, _at, report) => {
    for (const key of Object.keys(node)) if (!GEMINI_JSON_KEYS.has(key)) report(`key ${key} not documented`);
    if ('$ref' in node && Object.keys(node).some((key) => !key.startsWith('$'))) report('$ref beside other keys');
    if (node.type !== undefined && (typeof node.type !== 'string' || !JSON_TYPES.has(node.type))) report(`type ${JSON.stringify(node.type)}`);
    if (node.enum !== undefined && (!Array.isArray(node.enum) || node.enum.some((value) => typeof value !== 'string' && typeof value !== 'number'))) {
      report('enum of other than strings and numbers');
    }
    if (node.type === 'array' && !isObject(node.items)) report('array without items');
    if (node.required !== undefined) {
      const properties = isObject(node.properties) ? node.properties : {};
      if (!Array.isArray(node.required)) report('required is not a list');
      else for (const key of node.required) if (!Object.hasOwn(properties, String(key))) report(`required ${key} is not a property`);
    }
  }),
];

/** The sub-schemas at a repair path (`a.b[]`), through union branches; an independent reader of the emitted JSON. */
function subSchemas(schema: Json, path: string): Json[] {
  const steps = path === '' ? [] : path.split('.').flatMap((part) => {
    const [name, ...rest] = part.split('[]');
    return [...(name ? [{ key: name }] : []), ...rest.map(() => ({ key: '[]' }))];
  });
  let nodes = [schema];
  const branches = (node: Json): Json[] => (Array.isArray(node.anyOf) ? node.anyOf.filter(isObject).flatMap(branches) : [node]);
  for (const { key } of steps) {
    nodes = nodes.flatMap(branches).flatMap((node) => {
      const next = key === '[]' ? node.items : isObject(node.properties) ? node.properties[key] : undefined;
      return isObject(next) ? [next] : [];
    });
  }
  return nodes.flatMap(branches);
}

// ---- Gemini's OpenAPI subset, the Vertex format (allow-list written here, independently of gemini.ts) ----

const GEMINI_KEYS = new Set([
  'type', 'description', 'enum', 'format', 'items', 'properties', 'required', 'nullable', 'anyOf', 'minItems',
  'maxItems', 'minLength', 'maxLength', 'minimum', 'maximum', 'pattern', 'title', 'default', 'example', 'propertyOrdering',
]);
const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);
const GEMINI_PROPERTY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const GEMINI_MAX_DEPTH = 16;

const vertex: Check = (schema) => [
  ...(schema.type === 'OBJECT' ? [] : ['#: root type is not OBJECT']),
  ...collect(schema, (node, at, report) => {
    for (const key of Object.keys(node)) if (!GEMINI_KEYS.has(key)) report(`key ${key} not allowed`);
    if ('anyOf' in node) {
      if (Object.keys(node).length !== 1) report('anyOf is not alone in its node');
      if (!Array.isArray(node.anyOf) || node.anyOf.length === 0) report('empty anyOf');
    } else if (typeof node.type !== 'string' || !GEMINI_TYPES.has(node.type)) {
      report(`type ${JSON.stringify(node.type)} is not a single Gemini type`);
    }
    if (node.enum !== undefined) {
      if (node.type !== 'STRING') report('enum on a non-STRING');
      if (!Array.isArray(node.enum) || node.enum.some((value) => typeof value !== 'string' || value === '')) report('enum with a non-string or empty value');
    }
    if (node.format !== undefined && (node.type !== 'STRING' || !['enum', 'date-time'].includes(String(node.format)))) {
      report(`format ${JSON.stringify(node.format)}`);
    }
    if (node.type === 'ARRAY' && !isObject(node.items)) report('ARRAY without items');
    const properties = isObject(node.properties) ? node.properties : {};
    for (const key of Object.keys(properties)) if (!GEMINI_PROPERTY.test(key)) report(`property name ${key}`);
    if (node.required !== undefined) {
      if (!Array.isArray(node.required)) report('required is not a list');
      else for (const key of node.required) if (!Object.hasOwn(properties, String(key))) report(`required ${key} is not a property`);
    }
    if (at.split('/').length > GEMINI_MAX_DEPTH * 2) report('nesting too deep');
  }),
];

// ---- The run --------------------------------------------------------------------------------

const clean = { openaiStrict: 0, openaiFallback: 0, responses: 0, anthropic: 0, gemini: 0, vertex: 0 };
/** Tools whose conversion took away arguments the server accepts, per format. */
const lossy = { gemini: 0, vertex: 0 };

afterAll(() => {
  console.log(
    `Corpus: ${tools.length} tools. Clean conversions — OpenAI: ${clean.openaiStrict + clean.openaiFallback} ` +
      `(${clean.openaiStrict} strict, ${clean.openaiFallback} non-strict fallback), OpenAI Responses: ${clean.responses}, ` +
      `Anthropic: ${clean.anthropic}, Gemini: ${clean.gemini}, Vertex: ${clean.vertex}. ` +
      `Lossy tools — Gemini (parametersJsonSchema): ${lossy.gemini}, Vertex (parameters): ${lossy.vertex}`,
  );
});

function expectClean(problems: string[], tool: MCPTool): void {
  expect(problems, `${tool.serverName}/${tool.name}`).toEqual([]);
}

/** Worse than the corpus: what real servers have been seen to send, and outright nonsense. */
const HOSTILE: Array<Record<string, unknown>> = [
  { type: 'object', properties: [], required: 'a' },
  { type: 'object', properties: { a: { type: 'foo', items: true, enum: [] }, b: { anyOf: [] }, c: true, d: false, e: null } },
  { type: 'object', properties: { a: { oneOf: [{ type: 'null' }] }, b: { allOf: [{ type: 'string' }, { type: 'number' }] } } },
  { type: 'object', properties: { a: { $ref: '#/properties/a' }, b: { $ref: '#/$defs/missing' }, c: { $ref: '#/%ZZ' } } },
  { type: 'object', properties: { t: { type: 'array', items: [{ type: 'string' }, { type: 'object', additionalProperties: true }], additionalItems: false } } },
  { type: 'object', properties: { n: { type: 'integer', enum: [1, '2', null, 1.5], minimum: 'x', exclusiveMinimum: true } } },
  { type: 'object', properties: { m: { type: 'object', patternProperties: { '.*': { type: 'string' } }, propertyNames: { maxLength: 3 } } } },
  { type: 'object', properties: { s: { type: 'string', enum: ['', 'ok'], format: 'uri', const: 'ok', if: {}, then: {}, not: {} } } },
  { $ref: '#', properties: { a: { $ref: '#' } } },
  { anyOf: [{ $ref: '#/$defs/A' }, { type: 'string' }], $defs: { A: { type: 'object', properties: { x: { type: 'number' } } } } },
  JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"},"$schema":{"type":"string"},"additionalProperties":{"type":"boolean"},"strict":{"type":"boolean"}}}'),
];

describe('hostile schemas still convert cleanly', () => {
  const hostile = assignToolIds(
    HOSTILE.map((inputSchema, index) => ({ id: '', name: `hostile.${index}`, description: '', inputSchema, serverId: 's', serverName: 'hostile' })),
  ).tools;

  it('for every provider, no tool dropped', () => {
    const openai = convertMcpToolsToOpenAI(hostile, { strict: true });
    const anthropicOut = convertMcpToolsToAnthropic(hostile);
    const geminiOut = convertMcpToolsToGemini(hostile);
    const vertexOut = convertMcpToolsToVertex(hostile);
    expect([openai, anthropicOut, geminiOut, vertexOut].flatMap((result) => result.warnings).filter((w) => w.code === 'TOOL_DROPPED')).toEqual([]);
    hostile.forEach((source, index) => {
      const fn = openai.tools[index]!.function;
      const declaration = geminiOut.tools[0]!.functionDeclarations[index]!;
      const vertexDeclaration = vertexOut.tools[0]!.functionDeclarations[index]!;
      expectClean(
        [
          ...(fn.strict ? openAIStrict(fn.parameters) : openAIBase(fn.parameters)),
          ...anthropic(anthropicOut.tools[index]!.input_schema),
          ...(declaration.parametersJsonSchema ? geminiJson(declaration.parametersJsonSchema) : []),
          ...(vertexDeclaration.parameters ? vertex(vertexDeclaration.parameters as Json) : []),
        ],
        source,
      );
    });
    const names = Object.keys(anthropicOut.tools[10]!.input_schema.properties);
    expect(names).toEqual(['__proto__', '$schema', 'additionalProperties', 'strict']);
  });
});

describe('every corpus tool converts cleanly for every provider', () => {
  it('has the 220 tools the rules were written against', () => {
    expect(tools).toHaveLength(220);
    expect(new Set(tools.map((tool) => tool.id)).size).toBe(220);
  });

  it('uses validators that catch what the raw schemas get wrong', () => {
    const failing = (check: Check) => tools.filter((tool) => check(tool.inputSchema).length > 0).length;
    // The raw corpus breaks every provider's rules somewhere; a validator that passed it would be vacuous.
    expect(failing(openAIStrict)).toBeGreaterThan(100);
    expect(failing(vertex)).toBeGreaterThan(100);
    expect(failing(geminiJson)).toBeGreaterThan(100);
    expect(anthropic({ type: 'object', properties: { n: { type: 'number', minimum: 0, exclusiveMinimum: true } } })).not.toEqual([]);
    expect(anthropic({ type: 'object', anyOf: [{ required: [] }] })).not.toEqual([]);
  });

  it('OpenAI Chat Completions, strict where possible', () => {
    const { tools: out, warnings } = convertMcpToolsToOpenAI(tools, { strict: true });
    expect(warnings.filter((warning) => warning.code === 'TOOL_DROPPED')).toEqual([]);
    expect(out).toHaveLength(tools.length);
    out.forEach((tool, index) => {
      const source = tools[index]!;
      const fn = tool.function;
      const problems = [
        ...(NAME.test(fn.name) ? [] : [`name ${fn.name}`]),
        ...(fn.description.length <= 1024 ? [] : ['description over 1024']),
        ...(fn.strict ? openAIStrict(fn.parameters) : openAIBase(fn.parameters)),
      ];
      expectClean(problems, source);
      if (fn.strict) clean.openaiStrict++;
      else clean.openaiFallback++;
    });
    // Fallbacks say why (an open map); nothing else falls back.
    const fallbacks = warnings.filter((warning) => warning.code === 'NOT_STRICT');
    expect(fallbacks).toHaveLength(clean.openaiFallback);
    for (const warning of fallbacks) expect(warning.message).toMatch(/open map/);
  });

  it('OpenAI non-strict output also validates as JSON Schema', () => {
    const { tools: out } = convertMcpToolsToOpenAI(tools, { strict: false });
    out.forEach((tool, index) => {
      expect(tool.function.strict).toBe(false);
      expectClean([...openAIBase(tool.function.parameters), ...anthropic(tool.function.parameters)], tools[index]!);
    });
  });

  it('OpenAI Responses: flat shape, strict always explicit', () => {
    const { tools: out } = convertMcpToolsToOpenAIResponses(tools);
    expect(out).toHaveLength(tools.length);
    out.forEach((tool, index) => {
      expect(Object.keys(tool).sort()).toEqual(['description', 'name', 'parameters', 'strict', 'type']);
      expect(typeof tool.strict).toBe('boolean');
      expectClean(tool.strict ? openAIStrict(tool.parameters) : openAIBase(tool.parameters), tools[index]!);
      clean.responses++;
    });
  });

  it('Anthropic', () => {
    const { tools: out, warnings } = convertMcpToolsToAnthropic(tools);
    expect(warnings).toEqual([]);
    expect(out).toHaveLength(tools.length);
    out.forEach((tool, index) => {
      expectClean([...(NAME.test(tool.name) ? [] : [`name ${tool.name}`]), ...anthropic(tool.input_schema)], tools[index]!);
      clean.anthropic++;
    });
  });

  it('Gemini API: parametersJsonSchema, lossless', () => {
    const { tools: out, warnings } = convertMcpToolsToGemini(tools);
    expect(warnings).toEqual([]);
    expect(out).toHaveLength(1);
    const declarations = out[0]!.functionDeclarations;
    expect(declarations).toHaveLength(tools.length);
    // Where the OpenAPI subset has to narrow a tool, JSON Schema must keep it open: read back
    // independently at each place the Vertex conversion reported, and checked with ajv.
    const losses = convertMcpToolsToVertex(tools).warnings.filter((warning) => warning.code === 'LOSSY_SCHEMA');
    declarations.forEach((declaration, index) => {
      const source = tools[index]!;
      const problems = [...(NAME.test(declaration.name) ? [] : [`name ${declaration.name}`])];
      const hasArguments = Object.keys(isObject(source.inputSchema.properties) ? source.inputSchema.properties : {}).length > 0;
      const schema = declaration.parametersJsonSchema;
      if (schema) problems.push(...geminiJson(schema));
      else if (hasArguments) problems.push('parametersJsonSchema left out of a tool with arguments');
      let lost = false;
      for (const loss of losses.filter((warning) => warning.toolId === declaration.name)) {
        // Union branches share their value's path: one branch there must keep what the subset lost.
        // A map must say it is open (Gemini, like the subset, reads an object's properties as all
        // there is); ajv then decides that an unlisted key, or a non-string value, is accepted.
        const kept = subSchemas(schema ?? {}, String(loss.detail?.path)).some((node) =>
          loss.detail?.loss === 'ANY_TO_STRING'
            ? node.type === undefined && ajv.validate(node, { any: [1, true] })
            : node.type === 'object' &&
              (isObject(node.additionalProperties) || (node.additionalProperties === true && ajv.validate({ ...node, required: [] }, { 'an-unlisted-key': [1, 'x'] }))),
        );
        if (!kept) lost = true;
      }
      if (lost) lossy.gemini++;
      expectClean(problems, source);
      clean.gemini++;
    });
    expect(lossy.gemini).toBe(0);
  });

  it('Vertex AI: the OpenAPI subset, with a warning for every tool it narrows', () => {
    const { tools: out, warnings } = convertMcpToolsToVertex(tools);
    expect(warnings.filter((warning) => warning.code === 'TOOL_DROPPED')).toEqual([]);
    expect(out).toHaveLength(1);
    const declarations = out[0]!.functionDeclarations;
    expect(declarations).toHaveLength(tools.length);
    declarations.forEach((declaration, index) => {
      const source = tools[index]!;
      const problems = [...(NAME.test(declaration.name) ? [] : [`name ${declaration.name}`])];
      const hasArguments = Object.keys(isObject(source.inputSchema.properties) ? source.inputSchema.properties : {}).length > 0;
      if (declaration.parameters) problems.push(...vertex(declaration.parameters as Json));
      else if (hasArguments) problems.push('parameters left out of a tool with arguments');
      expectClean(problems, source);
      clean.vertex++;
    });
    const lossyTools = new Set(warnings.filter((warning) => warning.code === 'LOSSY_SCHEMA').map((warning) => warning.toolId));
    lossy.vertex = lossyTools.size;
    // Each warning names the tool and the property; the open maps that list no keys at all are the
    // ones where the model could only ever send {}.
    for (const warning of warnings.filter((entry) => entry.code === 'LOSSY_SCHEMA')) {
      expect(warning.message).toContain(`"${tools.find((tool) => tool.id === warning.toolId)?.name}"`);
      expect(warning.message).toContain(String(warning.detail?.path));
    }
    expect(lossyTools.size).toBe(23);
  });
});
