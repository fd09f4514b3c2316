/**
 * Gemini `parameters`: the OpenAPI 3.0 subset, where an unknown key is a hard 400. The Gemini API
 * now takes JSON Schema (`geminiJsonSchema.ts`); this form is the `vertex` format, for Vertex AI
 * and older gateways. `GeminiSchema` is the allow-list: the writer can only set the keys it
 * declares, and each normalised keyword is either mapped onto one of them or dropped (a looser
 * schema the MCP server still checks). Some things the subset cannot say at all (an open map, a
 * value of any type, an empty enum value): those are narrowed and reported as losses
 * (`SCHEMA_LOSSES`). Property names outside Gemini's form are renamed, and an `ArgumentPlan`
 * gives the server its names back.
 */
import { mergePlans, objectPlan, type ArgumentPlan } from './argumentPlan';
import { withHints } from './description';
import { itemsSite, propertyPath, propertySite, type RepairSite, type ReportRepair } from './repairs';
import { isOpenObject, type ObjectNode, type SchemaNode } from './types';

export const GEMINI_MAX_DECLARATIONS = 512;
/** Vertex AI's lower limit; worth a warning because the same request may go there. */
export const VERTEX_MAX_DECLARATIONS = 128;

export type GeminiType = 'STRING' | 'NUMBER' | 'INTEGER' | 'BOOLEAN' | 'ARRAY' | 'OBJECT' | 'NULL';

export interface GeminiSchema {
  type?: GeminiType;
  description?: string;
  title?: string;
  nullable?: boolean;
  enum?: string[];
  format?: 'enum' | 'date-time';
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: GeminiSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, GeminiSchema>;
  required?: string[];
  anyOf?: GeminiSchema[];
  default?: unknown;
  example?: unknown;
  propertyOrdering?: string[];
}

/** Property names Gemini accepts (evidence is thin, so stay conservative: renaming is cheap). */
const PROPERTY_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const MAX_PROPERTY_NAME = 64;

export interface GeminiSchemaResult {
  /** Left out for a tool without arguments: Gemini wants `parameters` absent then. */
  parameters?: GeminiSchema;
  /** Present when properties were renamed (see `restoreArguments`). */
  argumentPlan?: ArgumentPlan;
}

interface Written {
  schema: GeminiSchema;
  plan?: ArgumentPlan;
}

/** `report` hears what Gemini's subset could not keep and where it went instead. */
export function compileGeminiSchema(root: ObjectNode, report?: ReportRepair): GeminiSchemaResult {
  if (Object.keys(root.properties).length === 0) return {};
  const { schema, plan } = writeNode(root, { at: '', report });
  return plan ? { parameters: schema, argumentPlan: plan } : { parameters: schema };
}

/** Constraints Gemini's subset has no key for; the server still checks them. */
const GEMINI_DROPPED_KEYWORDS = ['multipleOf', 'uniqueItems'] as const;

function writeNode(node: SchemaNode, where: RepairSite): Written {
  if (node.anyOf) return writeUnion(node, node.anyOf, where);
  // Every node needs a type here; a string is the one every value can be written as.
  if (!node.type) where.report?.({ code: 'ANY_TO_STRING', path: where.at });
  const type = node.type ?? 'string';
  const out: GeminiSchema = { type: type.toUpperCase() as GeminiType };
  let plan: ArgumentPlan | undefined;
  if (node.title) out.title = node.title;
  const notes: string[] = [];
  if (node.nullable) out.nullable = true;
  if (isValueOf(node.default, type)) out.default = node.default;
  if (isValueOf(node.examples?.[0], type)) out.example = node.examples?.[0];
  if (node.enum) writeEnum(node.enum, out, notes, where);
  if (where.report) reportGeminiLosses(node, type, where);
  switch (type) {
    case 'string':
      // Gemini knows two formats; `uri`, `uuid` and the rest become a hint for the model.
      if (node.format === 'date-time') out.format = 'date-time';
      else if (node.format) notes.push(`format: ${node.format}`);
      if (node.pattern) out.pattern = node.pattern;
      if (node.minLength !== undefined) out.minLength = node.minLength;
      if (node.maxLength !== undefined) out.maxLength = node.maxLength;
      break;
    case 'number':
    case 'integer':
      writeBounds(node, type, out);
      break;
    case 'array': {
      const items = writeNode(node.items ?? {}, itemsSite(where));
      out.items = items.schema;
      if (node.minItems !== undefined) out.minItems = node.minItems;
      if (node.maxItems !== undefined) out.maxItems = node.maxItems;
      plan = items.plan && { items: items.plan };
      break;
    }
    case 'object':
      plan = writeObject(node, out, where);
      break;
    case 'boolean':
    case 'null':
      // The type alone says all there is: no keywords of their own to write.
      break;
  }
  const description = withHints(node.description, notes);
  if (description) out.description = description;
  return plan ? { schema: out, plan } : { schema: out };
}

function writeObject(node: SchemaNode, out: GeminiSchema, where: RepairSite): ArgumentPlan | undefined {
  const { sentNames, renamed } = sentPropertyNames(node, where);
  const children = Object.entries(node.properties ?? {}).map(
    ([key, child]) => [sentNames.get(key) ?? key, writeNode(child, propertySite(where, key))] as const,
  );
  out.properties = Object.fromEntries(children.map(([sent, child]) => [sent, child.schema]));
  const required = (node.required ?? []).map((key) => sentNames.get(key) ?? key);
  if (required.length > 0) out.required = required;
  return objectPlan([], renamed, children.map(([sent, child]) => [sent, child.plan] as const));
}

/**
 * The name each property is sent under: its own, or a Gemini-safe one (both Gemini forms), with
 * the renames as `[sent, original]` for the argument plan.
 */
export function sentPropertyNames(node: SchemaNode, where: RepairSite): { sentNames: Map<string, string>; renamed: Array<readonly [string, string]> } {
  const keys = Object.keys(node.properties ?? {});
  // Valid names are reserved first, so a rename never takes a name the server uses.
  const taken = new Set(keys.filter((key) => PROPERTY_NAME.test(key)));
  const renamed: Array<readonly [string, string]> = [];
  const sentNames = new Map<string, string>();
  for (const key of keys) {
    const sent = PROPERTY_NAME.test(key) ? key : propertyName(key, taken);
    taken.add(sent);
    sentNames.set(key, sent);
    if (sent !== key) {
      renamed.push([sent, key]);
      where.report?.({ code: 'PROPERTY_RENAMED', path: propertyPath(where.at, key), detail: { name: key, sent } });
    }
  }
  return { sentNames, renamed };
}

/** A Gemini-safe name for an invalid property name, distinct from the names taken at its level. */
function propertyName(key: string, taken: ReadonlySet<string>): string {
  const cleaned = key.replace(/[^A-Za-z0-9_]/g, '_');
  const base = (/^[A-Za-z_]/.test(cleaned) ? cleaned : `_${cleaned}`).slice(0, MAX_PROPERTY_NAME);
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base.slice(0, MAX_PROPERTY_NAME - `_${n}`.length)}_${n}`;
  return candidate;
}

/**
 * Vertex wants `anyOf` alone in its node, so what describes the whole value (description,
 * nullability, default) moves into every branch that does not say otherwise.
 */
function writeUnion(node: SchemaNode, branches: SchemaNode[], where: RepairSite): Written {
  const shared: SchemaNode = {};
  if (node.description) shared.description = node.description;
  if (node.title) shared.title = node.title;
  const written = branches.map((branch) => writeNode({ ...shared, ...branch, nullable: Boolean(node.nullable || branch.nullable) }, where));
  const schema: GeminiSchema = { anyOf: written.map((branch) => branch.schema) };
  const plan = mergePlans(written.map((branch) => branch.plan));
  return plan ? { schema, plan } : { schema };
}

/** What `writeNode` leaves out of this node or moves into its description (its children report their own). */
function reportGeminiLosses(node: SchemaNode, type: string, { at: path, report }: RepairSite): void {
  if (!report) return;
  // A closed object loses nothing by the key's absence; an open map's extra keys go unsaid.
  if (type === 'object' && isOpenObject(node, false)) report({ code: 'ADDITIONAL_PROPERTIES_DROPPED', path });
  if (type === 'string' && node.format && node.format !== 'date-time') report({ code: 'FORMAT_TO_DESCRIPTION', path, detail: { format: node.format } });
  if (node.enum && type !== 'string') report({ code: 'ENUM_TO_DESCRIPTION', path });
  if (node.exclusiveMinimum !== undefined || node.exclusiveMaximum !== undefined) report({ code: 'EXCLUSIVE_BOUND_INCLUSIVE', path });
  for (const keyword of GEMINI_DROPPED_KEYWORDS) {
    if (node[keyword] !== undefined) report({ code: 'KEYWORD_DROPPED', path, detail: { keyword } });
  }
}

/** Gemini enums are non-empty strings on a STRING; other enums become a hint in the description. */
function writeEnum(values: unknown[], out: GeminiSchema, notes: string[], where: RepairSite): void {
  if (out.type === 'STRING') {
    const strings = values.filter((value): value is string => typeof value === 'string' && value !== '');
    if (strings.length < values.length) where.report?.({ code: 'EMPTY_ENUM_VALUE_DROPPED', path: where.at });
    if (strings.length > 0) out.enum = strings;
    return;
  }
  notes.push(`one of: ${values.map((value) => JSON.stringify(value)).join(', ')}`);
}

/** Exclusive bounds become inclusive ones: exact for integers, a hair looser for numbers. */
export function writeBounds(node: SchemaNode, type: 'number' | 'integer', out: { minimum?: number; maximum?: number }): void {
  const above = (bound: number) => (type === 'integer' ? Math.floor(bound) + 1 : bound);
  const below = (bound: number) => (type === 'integer' ? Math.ceil(bound) - 1 : bound);
  const lower = [node.minimum, node.exclusiveMinimum === undefined ? undefined : above(node.exclusiveMinimum)];
  const upper = [node.maximum, node.exclusiveMaximum === undefined ? undefined : below(node.exclusiveMaximum)];
  const minimum = lower.filter((value) => value !== undefined);
  const maximum = upper.filter((value) => value !== undefined);
  if (minimum.length > 0) out.minimum = Math.max(...minimum);
  if (maximum.length > 0) out.maximum = Math.min(...maximum);
}

/** `default` and `example` are kept only when they are a plain value of the node's own type. */
export function isValueOf(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return false;
  }
}
