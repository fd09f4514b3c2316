/**
 * The one normalisation pass: a server's JSON Schema (any draft, any generator) → `SchemaNode`
 * (see `types.ts` for the invariants). Everything a provider might refuse and that has an exact
 * or safely looser equivalent is rewritten here, so the emitters only translate.
 *
 * "Safely looser" is the rule for what cannot be kept: the MCP server validates the arguments
 * again, so dropping a constraint (`not`, `propertyNames`, tuple positions) only lets the model
 * send something the server then rejects, whereas a tighter or wrong schema would stop the model
 * from sending something valid. Keys are only ever read by name from schema positions; property
 * maps are copied whole, so a property called `$schema` or `additionalProperties` survives.
 */
import { processJsonSchema, stringArray } from './processJsonSchema';
import { resolveLocalRef } from './refs';
import { itemsPath, propertyPath, type ReportRepair } from './repairs';
import { isRecord, type JsonType, type ObjectNode, type SchemaNode } from './types';

type Raw = Record<string, unknown>;

/** Nesting deeper than this is cut off like a cycle; no real tool needs it. */
const MAX_DEPTH = 32;

const JSON_TYPES: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** Keywords that describe a value rather than constrain it: they stay on a union's outer node. */
const ANNOTATIONS = ['title', 'description', 'default', 'examples', 'example'] as const;

/**
 * Constraints no provider form keeps and the normaliser drops (safely looser, see above). Only
 * looked for when repairs are reported.
 */
const DROPPED_KEYWORDS = [
  'not', 'if', 'then', 'else', 'propertyNames', 'minProperties', 'maxProperties', 'dependencies', 'dependentRequired',
  'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems', 'contains', 'minContains', 'maxContains',
] as const;

/** Which keywords imply which type, for nodes that do not say (draft 7 allows that). */
const TYPE_HINTS: ReadonlyArray<readonly [JsonType, readonly string[]]> = [
  ['object', ['properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties']],
  ['array', ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains']],
  ['string', ['minLength', 'maxLength', 'pattern', 'format']],
  ['number', ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf']],
];

/** `report`, when given, hears every change made to the server's schema (see `repairs.ts`). */
export function normalizeSchema(schema: unknown, report?: ReportRepair): ObjectNode {
  const processed = processJsonSchema(schema);
  if (report) reportRoot(schema, report);
  const root = new Normalizer(processed, report).node(processed, 0, '');
  // processJsonSchema always yields `type: 'object'` without a union, so the root is an object.
  return { ...root, type: 'object', properties: root.properties ?? {}, required: root.required ?? [] };
}

class Normalizer {
  /** Refs being expanded on the current path: meeting one again is a cycle. */
  private readonly expanding = new Set<string>();

  constructor(
    private readonly root: Raw,
    private readonly report: ReportRepair | undefined,
  ) {}

  /** `path` is only for reports (see `SchemaRepair.path`); without a listener it stays `''`. */
  node(schema: unknown, depth: number, path: string): SchemaNode {
    // `true`, `{}` and nonsense all mean "any value"; `false` cannot be sent at all, and
    // treating it as "any" is the looser choice.
    const raw = isRecord(schema) ? schema : {};
    if (typeof raw.$ref === 'string') return this.ref(raw, raw.$ref, depth, path);
    if (depth > MAX_DEPTH) {
      this.report?.({ code: 'DEPTH_CUT', path });
      return cutOff(raw);
    }
    if (Array.isArray(raw.allOf)) this.report?.({ code: 'ALL_OF_MERGED', path });
    const flat = Array.isArray(raw.allOf) ? this.flattenAllOf(raw) : raw;
    const union = [flat.anyOf, flat.oneOf].find(Array.isArray);
    if (union && union === flat.oneOf) this.report?.({ code: 'ONE_OF_TO_ANY_OF', path });
    return union ? this.union(flat, union, depth, path) : this.typed(flat, depth, path);
  }

  private ref(raw: Raw, ref: string, depth: number, path: string): SchemaNode {
    const { $ref: _ref, ...siblings } = raw;
    const target = resolveLocalRef(this.root, ref);
    if (!target) {
      this.report?.({ code: 'REF_UNRESOLVED', path, detail: { ref } });
      return this.node(siblings, depth, path);
    }
    if (this.expanding.has(ref) || depth > MAX_DEPTH) {
      this.report?.({ code: 'REF_CYCLE_CUT', path, detail: { ref } });
      return cutOff(mergeRaw(siblings, target));
    }
    this.report?.({ code: 'REF_INLINED', path, detail: { ref } });
    this.expanding.add(ref);
    try {
      return this.node(mergeRaw(siblings, target), depth, path);
    } finally {
      this.expanding.delete(ref);
    }
  }

  /** `allOf` → one node. Refs are expanded once each, which is what ends a self-referencing `allOf`. */
  private flattenAllOf(raw: Raw): Raw {
    const { allOf, ...rest } = raw;
    let merged: Raw = rest;
    const queue = Array.isArray(allOf) ? [...allOf] : [];
    const seen = new Set<string>();
    for (let branch = queue.shift(); branch !== undefined; branch = queue.shift()) {
      if (!isRecord(branch)) continue;
      let part: Raw = branch;
      if (typeof part.$ref === 'string') {
        const ref = part.$ref;
        const target = seen.has(ref) ? undefined : resolveLocalRef(this.root, ref);
        seen.add(ref);
        const { $ref: _ref, ...siblings } = part;
        part = target ? mergeRaw(siblings, target) : siblings;
      }
      if (Array.isArray(part.allOf)) {
        const { allOf: nested, ...own } = part;
        queue.push(...nested);
        part = own;
      }
      merged = mergeRaw(merged, part);
    }
    return merged;
  }

  private union(raw: Raw, union: unknown[], depth: number, path: string): SchemaNode {
    const annotations = readAnnotations(raw);
    const constraints = withoutKeys(raw, ['anyOf', 'oneOf', 'nullable', ...ANNOTATIONS]);
    let nullable = isNullableMarker(raw);
    const branches: SchemaNode[] = [];
    for (const branch of union) {
      if (isNullSchema(branch)) {
        nullable = true;
        continue;
      }
      // A ∧ (B ∨ C) = (A ∧ B) ∨ (A ∧ C): constraints beside the union move into every branch,
      // which also gives constraint-only branches (`{ required: ['a'] }`) their parent's type.
      const merged = Object.keys(constraints).length > 0 ? mergeRaw(constraints, isRecord(branch) ? branch : {}) : branch;
      const node = this.node(merged, depth + 1, path);
      if (node.nullable && node.anyOf) nullable = true;
      branches.push(...flattenUnion(node));
    }
    const unique = dedupe(branches);
    const [only, ...others] = unique;
    if (!only) return { type: 'null', ...annotations };
    if (others.length === 0) return withNullable({ ...only, ...annotations }, nullable || Boolean(only.nullable));
    return withNullable({ anyOf: unique, ...annotations }, nullable);
  }

  private typed(raw: Raw, depth: number, path: string): SchemaNode {
    const declared = declaredTypes(raw.type) ?? inferTypes(raw);
    if (this.report) reportTyped(raw, declared ?? [], path, this.report);
    // Any value: the node stays typeless, and each emitter says what its provider can do with that.
    if (!declared) return withNullable(readAnnotations(raw), isNullableMarker(raw));
    const nullable = isNullableMarker(raw) || declared.includes('null') || enumValues(raw).includes(null);
    const nonNull = declared.filter((type) => type !== 'null');
    const [first = 'null', ...others] = nonNull;
    if (others.length === 0) return withNullable(this.single(first, raw, depth, path), nullable);
    // `["boolean", "string"]`: one branch per type, each keeping the keywords that apply to it;
    // the annotations describe the whole value and stay outside.
    const constraints = withoutKeys(raw, ANNOTATIONS);
    const branches = nonNull.map((type) => this.single(type, constraints, depth + 1, path));
    return withNullable({ anyOf: branches, ...readAnnotations(raw) }, nullable);
  }

  private single(type: JsonType, raw: Raw, depth: number, path: string): SchemaNode {
    const node: SchemaNode = { type, ...readAnnotations(raw) };
    const values = enumValues(raw).filter((value) => value !== null && matchesType(value, type));
    if (values.length > 0) node.enum = values;
    switch (type) {
      case 'string':
        copyStrings(raw, node, ['format', 'pattern']);
        copyCounts(raw, node, ['minLength', 'maxLength']);
        break;
      case 'number':
      case 'integer':
        copyBounds(raw, node);
        break;
      case 'array':
        node.items = this.node(itemsSchema(raw), depth + 1, this.report ? itemsPath(path) : path);
        copyCounts(raw, node, ['minItems', 'maxItems']);
        if (raw.uniqueItems === true) node.uniqueItems = true;
        break;
      case 'object':
        Object.assign(node, this.object(raw, depth, path));
        break;
      case 'boolean':
      case 'null':
        // The type alone says all there is: no keywords of their own to carry over.
        break;
    }
    return node;
  }

  private object(raw: Raw, depth: number, path: string): Pick<SchemaNode, 'properties' | 'required' | 'additionalProperties'> {
    const entries = Object.entries(isRecord(raw.properties) ? raw.properties : {});
    const properties = Object.fromEntries(entries.map(([key, value]) => [key, this.node(value, depth + 1, this.report ? propertyPath(path, key) : path)]));
    // Draft 3 marked required-ness on the property itself (`required: true`).
    const draft3 = entries.filter(([, value]) => isRecord(value) && value.required === true).map(([key]) => key);
    const required = [...new Set([...stringArray(raw.required), ...draft3])].filter((key) => Object.hasOwn(properties, key));
    const result: Pick<SchemaNode, 'properties' | 'required' | 'additionalProperties'> = { properties, required };
    const extra = raw.additionalProperties;
    if (typeof extra === 'boolean') result.additionalProperties = extra;
    else if (isRecord(extra)) {
      result.additionalProperties = Object.keys(extra).length === 0 ? true : this.node(extra, depth + 1, this.report ? propertyPath(path, '*') : path);
    }
    // Pattern-matched keys are extra keys to every provider: dropping the patterns must open
    // the object, or their keys would become forbidden.
    const patterns = raw.patternProperties;
    if (isRecord(patterns) && Object.keys(patterns).length > 0) {
      this.report?.({ code: 'PATTERN_PROPERTIES_OPENED', path });
      if (typeof result.additionalProperties !== 'object') result.additionalProperties = true;
    }
    return result;
  }
}

/** What `processJsonSchema` did to the root, read from what the server sent. */
function reportRoot(schema: unknown, report: ReportRepair): void {
  if (!isRecord(schema)) return;
  if ([schema.anyOf, schema.oneOf, schema.allOf].some(Array.isArray)) report({ code: 'ROOT_UNION_MERGED', path: '' });
  const types = declaredTypes(schema.type);
  if (types && !types.includes('object')) report({ code: 'ROOT_NOT_OBJECT', path: '', detail: { type: types.join(', ') } });
}

/** The repairs a typed node makes: its type split, `const` as an enum, tuples, dropped constraints. */
function reportTyped(raw: Raw, declared: JsonType[], path: string, report: ReportRepair): void {
  const types = declared.filter((type) => type !== 'null');
  if (types.length > 1) report({ code: 'TYPE_LIST_SPLIT', path, detail: { types: types.join(', ') } });
  if (!Array.isArray(raw.enum) && 'const' in raw && raw.const !== undefined) report({ code: 'CONST_TO_ENUM', path });
  if (types.includes('array') && [raw.prefixItems, raw.items].some(Array.isArray)) report({ code: 'TUPLE_LOOSENED', path });
  for (const keyword of DROPPED_KEYWORDS) {
    if (raw[keyword] !== undefined) report({ code: 'KEYWORD_DROPPED', path, detail: { keyword } });
  }
}

/** A union inside a union is one union; the inner one's annotations go to its branches. */
function flattenUnion(node: SchemaNode): SchemaNode[] {
  if (!node.anyOf) return [node];
  const { anyOf, nullable: _nullable, ...annotations } = node;
  return anyOf.map((branch) => ({ ...annotations, ...branch }));
}

/** Generators repeat branches (`anyOf: [string, string, object]`); one of each is enough. */
function dedupe(branches: SchemaNode[]): SchemaNode[] {
  const seen = new Set<string>();
  return branches.filter((branch) => {
    const key = JSON.stringify(branch);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Where a cycle or excessive depth stops: same type and description, no children (an open object). */
function cutOff(raw: Raw): SchemaNode {
  const types = declaredTypes(raw.type)?.filter((type) => type !== 'null') ?? inferTypes(raw);
  const type = types?.[0] ?? 'object';
  const node: SchemaNode = { type, ...readAnnotations(raw) };
  if (type === 'array') node.items = { type: 'string' };
  if (type === 'object') Object.assign(node, { properties: {}, required: [], additionalProperties: true });
  return node;
}

/**
 * Intersects two raw schemas (for `allOf`, `$ref` siblings and union distribution). Properties
 * present on both sides are kept as an `allOf` of the two, merged when that property is reached.
 */
function mergeRaw(a: Raw, b: Raw): Raw {
  const out: Raw = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    if (mine === undefined) {
      out[key] = value;
      continue;
    }
    switch (key) {
      case 'properties':
        if (isRecord(mine) && isRecord(value)) out[key] = mergeProperties(mine, value);
        break;
      case 'required':
        out[key] = [...new Set([...stringArray(mine), ...stringArray(value)])];
        break;
      case 'allOf':
        if (Array.isArray(mine) && Array.isArray(value)) out[key] = [...mine, ...value];
        break;
      case 'type':
        out[key] = intersectTypes(mine, value);
        break;
      case 'enum':
        if (Array.isArray(mine) && Array.isArray(value)) out[key] = mine.filter((entry) => value.includes(entry));
        break;
      case 'additionalProperties':
        if (value === false) out[key] = false;
        break;
      case 'minimum':
      case 'exclusiveMinimum':
      case 'minLength':
      case 'minItems':
        if (typeof mine === 'number' && typeof value === 'number') out[key] = Math.max(mine, value);
        break;
      case 'maximum':
      case 'exclusiveMaximum':
      case 'maxLength':
      case 'maxItems':
        if (typeof mine === 'number' && typeof value === 'number') out[key] = Math.min(mine, value);
        break;
      // Anything else (annotations, a second union): the first side wins.
    }
  }
  return out;
}

function mergeProperties(a: Raw, b: Raw): Raw {
  const merged = new Map(Object.entries(a));
  for (const [key, value] of Object.entries(b)) {
    const mine = merged.get(key);
    merged.set(key, mine === undefined ? value : { allOf: [mine, value] });
  }
  return Object.fromEntries(merged);
}

function intersectTypes(a: unknown, b: unknown): unknown {
  const left = declaredTypes(a);
  const right = declaredTypes(b);
  if (!left || !right) return left ? a : b;
  const common = left.filter((type) => right.includes(type) || (type === 'integer' && right.includes('number')));
  const fromRight = right.filter((type) => type === 'integer' && left.includes('number'));
  const both = [...new Set([...common, ...fromRight])];
  // Contradictory branches cannot both hold; the later, more specific one is the better guess.
  return both.length === 0 ? b : both.length === 1 ? both[0] : both;
}

function declaredTypes(type: unknown): JsonType[] | undefined {
  const list = Array.isArray(type) ? type : typeof type === 'string' ? [type] : undefined;
  const types = list?.filter((entry): entry is JsonType => JSON_TYPES.includes(entry as JsonType));
  return types && types.length > 0 ? [...new Set(types)] : undefined;
}

/**
 * The types a node without `type` stands for, from its enum, its keywords or its default.
 * `undefined`: nothing hints at one, so the node accepts any value.
 */
function inferTypes(raw: Raw): JsonType[] | undefined {
  const values = enumValues(raw);
  if (values.length > 0) return [...new Set(values.map(typeOfValue))];
  for (const [type, keywords] of TYPE_HINTS) {
    if (keywords.some((keyword) => raw[keyword] !== undefined)) return [type];
  }
  if (raw.default !== undefined && raw.default !== null) return [typeOfValue(raw.default)];
  return undefined;
}

function typeOfValue(value: unknown): JsonType {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'number':
      return Number.isInteger(value) ? 'integer' : 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return 'object';
    default:
      return 'string';
  }
}

function matchesType(value: unknown, type: JsonType): boolean {
  const actual = typeOfValue(value);
  return actual === type || (type === 'number' && actual === 'integer');
}

/** `enum`, or `const` as a one-value enum. */
function enumValues(raw: Raw): unknown[] {
  if (Array.isArray(raw.enum)) return raw.enum;
  return 'const' in raw && raw.const !== undefined ? [raw.const] : [];
}

function isNullableMarker(raw: Raw): boolean {
  return raw.nullable === true;
}

function isNullSchema(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  const types = declaredTypes(schema.type);
  return (types?.length === 1 && types[0] === 'null') || ('const' in schema && schema.const === null);
}

function withNullable(node: SchemaNode, nullable: boolean): SchemaNode {
  if (nullable && node.type !== 'null') node.nullable = true;
  else delete node.nullable;
  return node;
}

function readAnnotations(raw: Raw): Pick<SchemaNode, 'title' | 'description' | 'default' | 'examples'> {
  const out: Pick<SchemaNode, 'title' | 'description' | 'default' | 'examples'> = {};
  if (typeof raw.title === 'string') out.title = raw.title;
  if (typeof raw.description === 'string') out.description = raw.description;
  if (raw.default !== undefined) out.default = raw.default;
  if (Array.isArray(raw.examples) && raw.examples.length > 0) out.examples = raw.examples;
  else if (raw.example !== undefined) out.examples = [raw.example];
  return out;
}

/** Tuples (`items: [...]`, `prefixItems`) become a list of any of their positions. */
function itemsSchema(raw: Raw): unknown {
  const positional = [raw.prefixItems, raw.items].find(Array.isArray) ?? [];
  const rest = isRecord(raw.items) ? [raw.items] : isRecord(raw.additionalItems) ? [raw.additionalItems] : [];
  const all = [...positional, ...rest];
  if (all.length === 0) return {};
  return all.length === 1 ? all[0] : { anyOf: all };
}

function copyStrings(raw: Raw, node: SchemaNode, keys: ReadonlyArray<'format' | 'pattern'>): void {
  for (const key of keys) {
    const value = raw[key];
    if (typeof value === 'string' && value !== '') node[key] = value;
  }
}

function copyCounts(raw: Raw, node: SchemaNode, keys: ReadonlyArray<'minLength' | 'maxLength' | 'minItems' | 'maxItems'>): void {
  for (const key of keys) {
    const value = raw[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) node[key] = value;
  }
}

/** Numeric bounds, with draft 4's boolean `exclusiveMinimum` turned into the numeric form. */
function copyBounds(raw: Raw, node: SchemaNode): void {
  const bound = (key: string): number | undefined => {
    const value = raw[key];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  };
  for (const [inclusive, exclusive] of [['minimum', 'exclusiveMinimum'], ['maximum', 'exclusiveMaximum']] as const) {
    const limit = bound(inclusive);
    const flag = raw[exclusive];
    if (flag === true && limit !== undefined) node[exclusive] = limit;
    else if (limit !== undefined) node[inclusive] = limit;
    const numeric = bound(exclusive);
    if (numeric !== undefined) node[exclusive] = numeric;
  }
  const step = bound('multipleOf');
  if (step !== undefined && step > 0) node.multipleOf = step;
}

function withoutKeys(raw: Raw, keys: readonly string[]): Raw {
  return Object.fromEntries(Object.entries(raw).filter(([key]) => !keys.includes(key)));
}
