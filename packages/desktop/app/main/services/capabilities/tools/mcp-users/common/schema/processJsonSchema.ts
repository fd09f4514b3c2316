/**
 * The `processJsonSchema` contract: whatever a server sent, the result is an object root.
 * - empty or not an object → `{ type: 'object', properties: {}, required: [] }`;
 * - `type: 'object'` → its `properties`, `required` and `description`;
 * - anything else is wrapped as an object.
 *
 * Two additions beyond that: the root's `$defs`/`definitions` are carried along so that
 * local `$ref`s inside the properties still resolve, and a root `$ref` or root union is unwrapped
 * first, because dropping the properties of a root `anyOf` would cost the user the whole tool.
 */
import { resolveLocalRef } from './refs';
import { isRecord } from './types';

// A type alias, not an interface, so that it is also a plain `Record<string, unknown>`.
export type ProcessedSchema = {
  type: 'object';
  properties: Record<string, unknown>;
  required: string[];
  description?: string;
  $defs?: Record<string, unknown>;
  definitions?: Record<string, unknown>;
};

/** Root `$ref` chains longer than this are treated as cycles. */
const MAX_ROOT_REF_HOPS = 8;

export function processJsonSchema(schema: unknown): ProcessedSchema {
  const result: ProcessedSchema = { type: 'object', properties: {}, required: [] };
  if (!isRecord(schema)) return result;
  if (isRecord(schema.$defs)) result.$defs = schema.$defs;
  if (isRecord(schema.definitions)) result.definitions = schema.definitions;

  const root = derefRoot(schema);
  const description = root.description ?? schema.description;
  if (typeof description === 'string' && description !== '') result.description = description;

  const shape = objectShape(root, schema);
  result.properties = shape.properties;
  result.required = shape.required;
  return result;
}

function derefRoot(schema: Record<string, unknown>): Record<string, unknown> {
  let node = schema;
  for (let hop = 0; hop < MAX_ROOT_REF_HOPS && typeof node.$ref === 'string'; hop++) {
    const target = resolveLocalRef(schema, node.$ref);
    if (!target) break;
    const { $ref: _ref, ...siblings } = node;
    node = { ...target, ...siblings };
  }
  return node;
}

interface ObjectShape {
  properties: Record<string, unknown>;
  required: string[];
}

/**
 * The properties a root declares. A root union (`anyOf`/`oneOf`) offers every branch's
 * properties and requires only what all branches require; a root `allOf` offers and requires
 * the union of its branches. Branches that are not objects contribute nothing.
 */
function objectShape(node: Record<string, unknown>, root: Record<string, unknown>): ObjectShape {
  const own: ObjectShape = {
    properties: isRecord(node.properties) ? node.properties : {},
    required: stringArray(node.required),
  };
  const union = [node.anyOf, node.oneOf].find(Array.isArray);
  const branches = (union ?? (Array.isArray(node.allOf) ? node.allOf : []))
    .filter(isRecord)
    .map((branch) => objectShape(derefBranch(branch, root), root))
    .filter((shape) => Object.keys(shape.properties).length > 0);
  if (branches.length === 0) return own;

  // A Map, not assignment: a property may be called `__proto__`.
  const properties = new Map(Object.entries(own.properties));
  for (const shape of branches) {
    for (const [key, value] of Object.entries(shape.properties)) {
      if (!properties.has(key)) properties.set(key, value);
    }
  }
  const branchRequired = branches.map((shape) => shape.required);
  const required = union
    ? branchRequired.reduce((common, next) => common.filter((key) => next.includes(key)))
    : branchRequired.flat();
  return { properties: Object.fromEntries(properties), required: [...new Set([...own.required, ...required])] };
}

function derefBranch(branch: Record<string, unknown>, root: Record<string, unknown>): Record<string, unknown> {
  return typeof branch.$ref === 'string' ? (resolveLocalRef(root, branch.$ref) ?? branch) : branch;
}

export function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}
