/**
 * The normalised schema every provider emitter starts from.
 *
 * `normalize.ts` turns whatever a server sent into this shape once; the emitters then only
 * translate it. Invariants the emitters rely on (and may not re-check):
 * - no `$ref`/`$defs`, `oneOf`, `allOf`, `const`, type arrays or null branches: those became
 *   inline nodes, `anyOf`, merged nodes, one-value `enum`s, and `nullable`;
 * - a node has at most one of `type` and `anyOf`; one with neither accepts any value (the
 *   server gave no type and nothing hints at one), and each emitter writes what its provider can;
 * - a node keeps only the keywords that apply to its type (no `pattern` on a number);
 * - `object` nodes always carry `properties` and `required`, and `required` ⊆ `properties`;
 * - `array` nodes always carry `items`;
 * - `enum` values match the node's type and never include `null` (that is `nullable`).
 */

export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';

export interface SchemaNode {
  type?: JsonType;
  anyOf?: SchemaNode[];
  /** The value may also be `null`. */
  nullable?: boolean;

  title?: string;
  description?: string;
  default?: unknown;
  examples?: unknown[];
  enum?: unknown[];

  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;

  minimum?: number;
  maximum?: number;
  /** Always the numeric (draft 6+) form. */
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;

  items?: SchemaNode;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;

  properties?: Record<string, SchemaNode>;
  required?: string[];
  /**
   * `undefined`: the schema did not say. `true` or a schema: an open map. An object with no
   * properties that did not say is also open (see `isOpenObject`).
   */
  additionalProperties?: boolean | SchemaNode;
}

/** The root of every tool's parameters. */
export interface ObjectNode extends SchemaNode {
  type: 'object';
  properties: Record<string, SchemaNode>;
  required: string[];
}

/**
 * Whether an object node accepts keys it does not list. A root without properties is a tool with
 * no arguments, not a map, so it stays closed.
 */
export function isOpenObject(node: SchemaNode, isRoot: boolean): boolean {
  const extra = node.additionalProperties;
  if (extra === true || typeof extra === 'object') return true;
  if (extra === false || isRoot) return false;
  return Object.keys(node.properties ?? {}).length === 0;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
