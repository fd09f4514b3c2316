/**
 * Gemini API `parametersJsonSchema`: JSON Schema, which (unlike the OpenAPI subset in
 * `gemini.ts`) can say "a map of any keys" (`additionalProperties`) and "any value" (no `type`),
 * so nothing a server accepts is taken away from the model.
 *
 * Google documents the JSON Schema keywords Gemini supports (the `responseJsonSchema` /
 * `parametersJsonSchema` reference): `$id $defs $ref $anchor type format title description enum`
 * (strings and numbers) `items prefixItems minItems maxItems minimum maximum anyOf oneOf
 * properties additionalProperties required`, plus `propertyOrdering`; a node with `$ref` may
 * carry nothing else but `$` keys. Only those are written here (refs arrive inlined by the
 * normaliser), and `default`, which the API's own errors name as a known field. The rest is
 * moved into the description (`format`s it does not list, non-string enums) or left out as a
 * looser schema the MCP server still checks (lengths, `pattern`, `multipleOf`, `uniqueItems`).
 * Nullability is an `anyOf` with a `null` branch, the form Pydantic's `Optional` produces and
 * Gemini's own examples use, rather than a type list. Property names are renamed as for the
 * subset (the argument names Gemini sends back have one form).
 */
import { mergePlans, objectPlan, type ArgumentPlan } from './argumentPlan';
import { withHints } from './description';
import { isValueOf, sentPropertyNames, writeBounds } from './gemini';
import type { JsonSchema } from './jsonSchema';
import { itemsSite, propertyPath, propertySite, type RepairSite, type ReportRepair } from './repairs';
import { isOpenObject, type ObjectNode, type SchemaNode } from './types';

/** The `format`s Gemini's JSON Schema support names; others become a hint. */
const GEMINI_JSON_FORMATS = new Set(['date-time', 'date', 'time']);

/** Constraints outside the documented keywords; the server still checks them. */
const DROPPED_KEYWORDS = ['pattern', 'minLength', 'maxLength', 'multipleOf', 'uniqueItems'] as const;

export interface GeminiJsonSchemaResult {
  /** Left out for a tool without arguments. */
  parametersJsonSchema?: JsonSchema;
  /** Present when properties were renamed (see `restoreArguments`). */
  argumentPlan?: ArgumentPlan;
}

interface Written {
  schema: JsonSchema;
  plan?: ArgumentPlan;
}

export function compileGeminiJsonSchema(root: ObjectNode, report?: ReportRepair): GeminiJsonSchemaResult {
  if (Object.keys(root.properties).length === 0) return {};
  const { schema, plan } = writeNode(root, { at: '', report }, true);
  return plan ? { parametersJsonSchema: schema, argumentPlan: plan } : { parametersJsonSchema: schema };
}

function writeNode(node: SchemaNode, where: RepairSite, isRoot = false): Written {
  const out: JsonSchema = {};
  if (node.title) out.title = node.title;
  const notes: string[] = [];
  let plan: ArgumentPlan | undefined;
  if (node.anyOf) {
    const branches = node.anyOf.map((branch) => writeNode(branch, where));
    out.anyOf = branches.map((branch) => branch.schema);
    plan = mergePlans(branches.map((branch) => branch.plan));
  } else if (node.type) {
    out.type = node.type;
    if (isValueOf(node.default, node.type)) out.default = node.default;
    if (node.enum) writeEnum(node.enum, out, notes, where);
    plan = writeTyped(node, node.type, out, notes, where, isRoot);
  } else if (['string', 'number', 'boolean'].includes(typeof node.default)) {
    // Any value: no type at all is what says so.
    out.default = node.default;
  }
  if (where.report) reportDropped(node, where);
  const description = withHints(node.description, notes);
  if (description) out.description = description;
  const schema = node.nullable ? allowNull(out) : out;
  return plan ? { schema, plan } : { schema };
}

function writeTyped(node: SchemaNode, type: NonNullable<SchemaNode['type']>, out: JsonSchema, notes: string[], where: RepairSite, isRoot: boolean): ArgumentPlan | undefined {
  switch (type) {
    case 'string':
      if (node.format && GEMINI_JSON_FORMATS.has(node.format)) out.format = node.format;
      else if (node.format) {
        notes.push(`format: ${node.format}`);
        where.report?.({ code: 'FORMAT_TO_DESCRIPTION', path: where.at, detail: { format: node.format } });
      }
      return undefined;
    case 'number':
    case 'integer':
      if (node.exclusiveMinimum !== undefined || node.exclusiveMaximum !== undefined) where.report?.({ code: 'EXCLUSIVE_BOUND_INCLUSIVE', path: where.at });
      writeBounds(node, type, out);
      return undefined;
    case 'array': {
      const items = writeNode(node.items ?? {}, itemsSite(where));
      out.items = items.schema;
      if (node.minItems !== undefined) out.minItems = node.minItems;
      if (node.maxItems !== undefined) out.maxItems = node.maxItems;
      return items.plan && { items: items.plan };
    }
    case 'object':
      return writeObject(node, out, where, isRoot);
    case 'boolean':
    case 'null':
      // The type alone says all there is.
      return undefined;
  }
}

function writeObject(node: SchemaNode, out: JsonSchema, where: RepairSite, isRoot: boolean): ArgumentPlan | undefined {
  const { sentNames, renamed } = sentPropertyNames(node, where);
  const children = Object.entries(node.properties ?? {}).map(
    ([key, child]) => [sentNames.get(key) ?? key, writeNode(child, propertySite(where, key))] as const,
  );
  out.properties = Object.fromEntries(children.map(([sent, child]) => [sent, child.schema]));
  const required = (node.required ?? []).map((key) => sentNames.get(key) ?? key);
  if (required.length > 0) out.required = required;
  // Said explicitly either way: an open map is what the subset could not express.
  const extra = node.additionalProperties;
  if (typeof extra === 'object') out.additionalProperties = writeValues(extra, where);
  else if (isOpenObject(node, isRoot)) out.additionalProperties = true;
  else if (extra === false) out.additionalProperties = false;
  return objectPlan([], renamed, children.map(([sent, child]) => [sent, child.plan] as const));
}

/**
 * A map's value schema. An argument plan has no place for a map's values, so one whose objects
 * would need renames back is sent as "any value" instead: looser, and the server still checks.
 */
function writeValues(values: SchemaNode, where: RepairSite): JsonSchema | true {
  const written = writeNode(values, where.report ? { at: propertyPath(where.at, '*'), report: where.report } : where);
  return written.plan ? true : written.schema;
}

/** Gemini's JSON Schema enums hold strings and numbers; any other enum becomes a hint. */
function writeEnum(values: unknown[], out: JsonSchema, notes: string[], where: RepairSite): void {
  if (values.every((value) => typeof value === 'string' || typeof value === 'number')) {
    out.enum = values;
    return;
  }
  notes.push(`one of: ${values.map((value) => JSON.stringify(value)).join(', ')}`);
  where.report?.({ code: 'ENUM_TO_DESCRIPTION', path: where.at });
}

function reportDropped(node: SchemaNode, { at: path, report }: RepairSite): void {
  for (const keyword of DROPPED_KEYWORDS) {
    if (node[keyword] !== undefined) report?.({ code: 'KEYWORD_DROPPED', path, detail: { keyword } });
  }
}

/** `null` too, as a branch of its own: the annotations stay outside, describing the whole value. */
function allowNull(schema: JsonSchema): JsonSchema {
  if (schema.type === undefined && schema.anyOf === undefined) return schema;
  const { title, description, default: fallback, anyOf, ...value } = schema;
  const outer: JsonSchema = {};
  if (title !== undefined) outer.title = title;
  if (description !== undefined) outer.description = description;
  if (fallback !== undefined) outer.default = fallback;
  outer.anyOf = [...(Array.isArray(anyOf) ? anyOf : [value]), { type: 'null' }];
  return outer;
}
