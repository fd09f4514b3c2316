/**
 * OpenAI `parameters`, strict when the schema allows it, else non-strict.
 *
 * Strict mode needs every object closed and every property required. Optional properties are
 * therefore made nullable, and a `NullStripPlan` records which ones, so that the `null`s the
 * model then sends for "not given" are removed before the MCP call (`stripNullArguments`).
 * Open maps cannot be closed without forbidding their keys, so a schema with one is sent
 * non-strict, with the reason.
 */
import { withHints } from './description';
import { allowNull, mapProperties, toJsonSchema, type JsonSchema } from './jsonSchema';
import { isOpenObject, isRecord, type ObjectNode, type SchemaNode } from './types';

export const OPENAI_MAX_TOOLS = 128;
export const OPENAI_MAX_DESCRIPTION_LENGTH = 1024;

/** The `format` values strict mode documents; others are dropped there (the server still checks). */
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
/** Strict mode's regex engine has no lookaround or backreferences. */
const UNSUPPORTED_PATTERN = /\(\?<?[=!]|\\[1-9]/;

/** Where, in the model's arguments, a `null` means "not given". */
export interface NullStripPlan {
  /** Properties at this level that were optional before strict mode required them. */
  optional?: string[];
  properties?: Record<string, NullStripPlan>;
  items?: NullStripPlan;
}

export interface OpenAISchemaResult {
  parameters: JsonSchema;
  strict: boolean;
  /** Present when strict mode made optional arguments nullable. */
  nullPlan?: NullStripPlan;
  /** Why a strict request was sent non-strict. */
  notStrictReason?: string;
}

export function compileOpenAISchema(root: ObjectNode, options: { strict: boolean }): OpenAISchemaResult {
  if (options.strict) {
    try {
      const { schema, plan } = strictNode(root, '', true);
      return plan ? { parameters: schema, strict: true, nullPlan: plan } : { parameters: schema, strict: true };
    } catch (error) {
      if (!(error instanceof NotStrictable)) throw error;
      return { parameters: toJsonSchema(root), strict: false, notStrictReason: error.message };
    }
  }
  return { parameters: toJsonSchema(root), strict: false };
}

/**
 * Removes the `null`s strict mode made the model send for arguments it did not mean to give.
 * Returns a new value; anything the plan does not mention is passed through unchanged.
 */
export function stripNullArguments<T>(args: T, plan: NullStripPlan | undefined): T {
  return stripValue(args, plan) as T;
}

function stripValue(value: unknown, plan: NullStripPlan | undefined): unknown {
  if (!plan) return value;
  if (Array.isArray(value)) return plan.items ? value.map((item) => stripValue(item, plan.items)) : value;
  if (!isRecord(value)) return value;
  const kept = Object.entries(value)
    .filter(([key, entry]) => !(entry === null && plan.optional?.includes(key)))
    .map(([key, entry]) => [key, stripValue(entry, ownPlan(plan.properties, key))] as const);
  return Object.fromEntries(kept);
}

class NotStrictable extends Error {}

interface StrictResult {
  schema: JsonSchema;
  plan?: NullStripPlan;
}

function strictNode(node: SchemaNode, path: string, isRoot = false): StrictResult {
  if (node.anyOf) {
    const branches = node.anyOf.map((branch, index) => strictNode(branch, `${path}/anyOf/${index}`));
    const schema: JsonSchema = { anyOf: branches.map((branch) => branch.schema) };
    if (node.description) schema.description = node.description;
    return withPlan(node.nullable ? allowNull(schema) : schema, mergePlans(branches.map((branch) => branch.plan)));
  }
  if (!node.type) throw new NotStrictable(`${path || '<root>'} has no type`);
  const schema: JsonSchema = { type: node.type };
  // Strict mode documents no `default`; the model still needs to know what omitting means.
  const description = withHints(node.description, node.default === undefined || node.default === null ? [] : [`default: ${JSON.stringify(node.default)}`]);
  if (description) schema.description = description;
  if (node.enum) schema.enum = node.enum;
  let plan: NullStripPlan | undefined;
  switch (node.type) {
    case 'string':
      if (node.format && STRICT_FORMATS.has(node.format)) schema.format = node.format;
      if (node.pattern && !UNSUPPORTED_PATTERN.test(node.pattern)) schema.pattern = node.pattern;
      break;
    case 'number':
    case 'integer':
      for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'] as const) {
        if (node[key] !== undefined) schema[key] = node[key];
      }
      break;
    case 'array': {
      const items = strictNode(node.items ?? {}, `${path}/items`);
      schema.items = items.schema;
      if (node.minItems !== undefined) schema.minItems = node.minItems;
      if (node.maxItems !== undefined) schema.maxItems = node.maxItems;
      plan = items.plan && { items: items.plan };
      break;
    }
    case 'object':
      ({ plan } = strictObject(node, path, isRoot, schema));
      break;
  }
  return withPlan(node.nullable ? allowNull(schema) : schema, plan);
}

function strictObject(node: SchemaNode, path: string, isRoot: boolean, schema: JsonSchema): { plan?: NullStripPlan } {
  if (isOpenObject(node, isRoot)) {
    throw new NotStrictable(`${path || '<root>'} is an open map (additionalProperties), which strict mode cannot express`);
  }
  const properties = node.properties ?? {};
  const required = new Set(node.required ?? []);
  const optional = Object.keys(properties).filter((key) => !required.has(key));
  const children = mapProperties(properties, (child, key) =>
    strictNode(required.has(key) ? child : { ...child, nullable: true }, `${path}/properties/${key}`),
  );
  schema.properties = Object.fromEntries(Object.entries(children).map(([key, child]) => [key, child.schema]));
  schema.required = Object.keys(properties);
  schema.additionalProperties = false;
  const childPlans = Object.entries(children).flatMap(([key, child]) => (child.plan ? [[key, child.plan] as const] : []));
  const plan: NullStripPlan = {};
  if (optional.length > 0) plan.optional = optional;
  if (childPlans.length > 0) plan.properties = Object.fromEntries(childPlans);
  return Object.keys(plan).length > 0 ? { plan } : {};
}

function withPlan(schema: JsonSchema, plan: NullStripPlan | undefined): StrictResult {
  return plan ? { schema, plan } : { schema };
}

/**
 * One plan for a union: the model's value matches some branch and we cannot tell which, so a
 * `null` is stripped where any branch had an optional property of that name.
 */
function mergePlans(plans: ReadonlyArray<NullStripPlan | undefined>): NullStripPlan | undefined {
  const present = plans.filter((plan): plan is NullStripPlan => plan !== undefined);
  if (present.length <= 1) return present[0];
  const optional = [...new Set(present.flatMap((plan) => plan.optional ?? []))];
  const keys = [...new Set(present.flatMap((plan) => Object.keys(plan.properties ?? {})))];
  const merged: NullStripPlan = {};
  if (optional.length > 0) merged.optional = optional;
  const properties = keys
    .map((key) => [key, mergePlans(present.map((plan) => ownPlan(plan.properties, key)))] as const)
    .filter((entry): entry is readonly [string, NullStripPlan] => entry[1] !== undefined);
  if (properties.length > 0) merged.properties = Object.fromEntries(properties);
  const items = mergePlans(present.map((plan) => plan.items));
  if (items) merged.items = items;
  return merged;
}

function ownPlan(plans: Record<string, NullStripPlan> | undefined, key: string): NullStripPlan | undefined {
  return plans && Object.hasOwn(plans, key) ? plans[key] : undefined;
}
