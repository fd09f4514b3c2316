/**
 * OpenAI `parameters`, strict when the schema allows it, else non-strict.
 *
 * Strict mode needs every object closed and every property required. Optional properties are
 * therefore made nullable, and an `ArgumentPlan` records which ones, so that the `null`s the
 * model then sends for "not given" are removed before the MCP call (`restoreArguments`).
 * Open maps cannot be closed without forbidding their keys, so a schema with one is sent
 * non-strict, with the reason.
 */
import { withHints } from './description';
import { mergePlans, objectPlan, type ArgumentPlan } from './argumentPlan';
import { allowNull, mapProperties, toJsonSchema, type JsonSchema } from './jsonSchema';
import { itemsSite, propertySite, type RepairSite, type ReportRepair, type SchemaRepair } from './repairs';
import { isOpenObject, type ObjectNode, type SchemaNode } from './types';

export const OPENAI_MAX_TOOLS = 128;
export const OPENAI_MAX_DESCRIPTION_LENGTH = 1024;

/** The `format` values strict mode documents; others are dropped there (the server still checks). */
const STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
/** Strict mode's regex engine has no lookaround or backreferences. */
const UNSUPPORTED_PATTERN = /\(\?<?[=!]|\\[1-9]/;

export interface OpenAISchemaResult {
  parameters: JsonSchema;
  strict: boolean;
  /** Present when strict mode made optional arguments nullable (see `restoreArguments`). */
  argumentPlan?: ArgumentPlan;
  /** Why a strict request was sent non-strict. */
  notStrictReason?: string;
  /** The same, for a UI to put in its own words: what kind of node, and where (`SchemaRepair.path`). */
  notStrictDetail?: { reason: NotStrictReason; path: string };
}

export type NotStrictReason = 'OPEN_MAP' | 'NO_TYPE';

/** `report` hears what strict mode changed; a schema sent non-strict is sent as normalised, with no repairs. */
export function compileOpenAISchema(root: ObjectNode, options: { strict: boolean; report?: ReportRepair }): OpenAISchemaResult {
  if (options.strict) {
    // Held back until the whole schema proved strictable: a strict attempt that fails changed nothing.
    const held: SchemaRepair[] | undefined = options.report ? [] : undefined;
    try {
      const { schema, plan } = strictNode(root, '', { at: '', report: held && ((repair) => held.push(repair)) }, true);
      if (held && options.report) held.forEach(options.report);
      return plan ? { parameters: schema, strict: true, argumentPlan: plan } : { parameters: schema, strict: true };
    } catch (error) {
      if (!(error instanceof NotStrictable)) throw error;
      return {
        parameters: toJsonSchema(root),
        strict: false,
        notStrictReason: error.message,
        notStrictDetail: { reason: error.reason, path: error.at },
      };
    }
  }
  return { parameters: toJsonSchema(root), strict: false };
}

class NotStrictable extends Error {
  constructor(
    message: string,
    readonly reason: NotStrictReason,
    readonly at: string,
  ) {
    super(message);
  }
}

interface StrictResult {
  schema: JsonSchema;
  plan?: ArgumentPlan;
}

/** Constraints strict mode does not document; the server still checks them. */
const STRICT_DROPPED_KEYWORDS = ['minLength', 'maxLength', 'uniqueItems'] as const;

function strictNode(node: SchemaNode, path: string, where: RepairSite, isRoot = false): StrictResult {
  if (node.anyOf) {
    const branches = node.anyOf.map((branch, index) => strictNode(branch, `${path}/anyOf/${index}`, where));
    const schema: JsonSchema = { anyOf: branches.map((branch) => branch.schema) };
    if (node.description) schema.description = node.description;
    return withPlan(node.nullable ? allowNull(schema) : schema, mergePlans(branches.map((branch) => branch.plan)));
  }
  if (!node.type) throw new NotStrictable(`${path || '<root>'} has no type`, 'NO_TYPE', where.at);
  const schema: JsonSchema = { type: node.type };
  // Strict mode documents no `default`; the model still needs to know what omitting means.
  const description = withHints(node.description, node.default === undefined || node.default === null ? [] : [`default: ${JSON.stringify(node.default)}`]);
  if (description) schema.description = description;
  if (node.enum) schema.enum = node.enum;
  if (where.report) reportStrictLosses(node, where);
  let plan: ArgumentPlan | undefined;
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
      const items = strictNode(node.items ?? {}, `${path}/items`, itemsSite(where));
      schema.items = items.schema;
      if (node.minItems !== undefined) schema.minItems = node.minItems;
      if (node.maxItems !== undefined) schema.maxItems = node.maxItems;
      plan = items.plan && { items: items.plan };
      break;
    }
    case 'object':
      plan = strictObject(node, path, where, isRoot, schema);
      break;
    case 'boolean':
    case 'null':
      // The type alone says all there is: no keywords of their own to write.
      break;
  }
  return withPlan(node.nullable ? allowNull(schema) : schema, plan);
}

function strictObject(node: SchemaNode, path: string, where: RepairSite, isRoot: boolean, schema: JsonSchema): ArgumentPlan | undefined {
  if (isOpenObject(node, isRoot)) {
    throw new NotStrictable(`${path || '<root>'} is an open map (additionalProperties), which strict mode cannot express`, 'OPEN_MAP', where.at);
  }
  const properties = node.properties ?? {};
  const required = new Set(node.required ?? []);
  const optional = Object.keys(properties).filter((key) => !required.has(key));
  if (optional.length > 0) where.report?.({ code: 'STRICT_OPTIONAL_NULLABLE', path: where.at, detail: { names: optional.join(', ') } });
  const children = mapProperties(properties, (child, key) =>
    strictNode(required.has(key) ? child : { ...child, nullable: true }, `${path}/properties/${key}`, propertySite(where, key)),
  );
  schema.properties = Object.fromEntries(Object.entries(children).map(([key, child]) => [key, child.schema]));
  schema.required = Object.keys(properties);
  schema.additionalProperties = false;
  return objectPlan(optional, [], Object.entries(children).map(([key, child]) => [key, child.plan] as const));
}

/** What `strictNode` leaves out or moves for this node (its children report their own). */
function reportStrictLosses(node: SchemaNode, { at: path, report }: RepairSite): void {
  if (!report) return;
  if (node.default !== undefined && node.default !== null) report({ code: 'STRICT_DEFAULT_TO_DESCRIPTION', path });
  if (node.type === 'string' && node.format && !STRICT_FORMATS.has(node.format)) {
    report({ code: 'STRICT_FORMAT_DROPPED', path, detail: { format: node.format } });
  }
  if (node.type === 'string' && node.pattern && UNSUPPORTED_PATTERN.test(node.pattern)) {
    report({ code: 'STRICT_PATTERN_DROPPED', path, detail: { pattern: node.pattern } });
  }
  for (const keyword of STRICT_DROPPED_KEYWORDS) {
    if (node[keyword] !== undefined) report({ code: 'KEYWORD_DROPPED', path, detail: { keyword } });
  }
}

function withPlan(schema: JsonSchema, plan: ArgumentPlan | undefined): StrictResult {
  return plan ? { schema, plan } : { schema };
}
