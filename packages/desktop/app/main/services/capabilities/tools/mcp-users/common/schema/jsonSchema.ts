/**
 * Writes a normalised node back as plain JSON Schema (valid in draft 2020-12 and in OpenAI's
 * non-strict mode): the form for providers that accept JSON Schema as it is.
 */
import type { SchemaNode } from './types';

export type JsonSchema = Record<string, unknown>;

/** Keys copied as they are; children are written separately. */
const PLAIN_KEYS = [
  'title', 'description', 'default', 'examples', 'enum', 'format', 'pattern', 'minLength', 'maxLength',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems',
  'uniqueItems', 'required',
] as const satisfies ReadonlyArray<keyof SchemaNode>;

export function toJsonSchema(node: SchemaNode): JsonSchema {
  const out: JsonSchema = {};
  if (node.type) out.type = node.type;
  if (node.anyOf) out.anyOf = node.anyOf.map(toJsonSchema);
  for (const key of PLAIN_KEYS) {
    if (node[key] !== undefined) out[key] = node[key];
  }
  if (node.items) out.items = toJsonSchema(node.items);
  if (node.properties) out.properties = mapProperties(node.properties, toJsonSchema);
  if (node.additionalProperties !== undefined) {
    const extra = node.additionalProperties;
    out.additionalProperties = typeof extra === 'boolean' ? extra : toJsonSchema(extra);
  }
  return node.nullable ? allowNull(out) : out;
}

/**
 * Makes a written schema accept `null` too, in the form strict validators recognise:
 * a type array, `null` in an `enum`, or a null branch on a union.
 */
export function allowNull(schema: JsonSchema): JsonSchema {
  const out = { ...schema };
  if (Array.isArray(out.anyOf)) {
    out.anyOf = [...out.anyOf, { type: 'null' }];
    return out;
  }
  if (typeof out.type === 'string' && out.type !== 'null') out.type = [out.type, 'null'];
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  return out;
}

/** Object.fromEntries keeps a property named `__proto__` as data. */
export function mapProperties<T>(properties: Record<string, SchemaNode>, write: (node: SchemaNode, key: string) => T): Record<string, T> {
  return Object.fromEntries(Object.entries(properties).map(([key, node]) => [key, write(node, key)]));
}
