/**
 * Whether a tool's input schema can be shown as a generated form, and the arguments the form
 * starts with. The form (rjsf) recurses into every `$ref` it meets and renders every `enum`
 * value as an option, so some schemas a server may send would hang or crash it; those are sent
 * to the raw-JSON editor with the reason instead. The checks are a bounded walk: a schema is
 * data from a server and may be anything.
 */
import { getDefaultFormState, type Experimental_DefaultFormStateBehavior, type RJSFSchema } from '@rjsf/utils';
import { cfworkerValidator } from './cfworkerValidator';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a schema gets the JSON editor instead of a form; each has a sentence in `playground.fallback`. */
export type FallbackReason = 'refCycle' | 'unresolvedRef' | 'typeUnion' | 'hugeEnum' | 'tooLarge' | 'notObject';

/** Past these a select or a form stops being usable (and rendering it gets slow). */
export const LIMITS = { enumValues: 500, nodes: 3000, depth: 24 } as const;

/** Keywords whose values are subschemas (or maps or lists of them); everything else is data. */
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;
const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const SUBSCHEMA_ONE = ['additionalProperties', 'items', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'] as const;

function children(node: Json): unknown[] {
  const out: unknown[] = [];
  for (const key of SUBSCHEMA_MAPS) if (isObject(node[key])) out.push(...Object.values(node[key]));
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(node[key])) out.push(...node[key]);
  for (const key of SUBSCHEMA_ONE) {
    const value = node[key];
    if (Array.isArray(value)) out.push(...value);
    else if (isObject(value)) out.push(value);
  }
  return out;
}

/** A local JSON pointer (`#/$defs/a`) resolved in the root, or undefined. */
export function resolveLocal(root: Json, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(at) && !Array.isArray(at)) return undefined;
    at = (at as Json)[key];
  }
  return at;
}

/**
 * The reason the form cannot show this schema, or undefined when it can. Follows `$ref`s the
 * way the form would (so a cycle is a ref reached again while inside itself).
 */
export function formFallbackReason(schema: unknown): FallbackReason | undefined {
  if (!isObject(schema)) return 'notObject';
  if (schema.type !== undefined && schema.type !== 'object') return 'notObject';
  let nodes = 0;
  let found: FallbackReason | undefined;
  const visit = (node: unknown, depth: number, refStack: readonly string[]): void => {
    if (found || !isObject(node)) return;
    nodes += 1;
    if (nodes > LIMITS.nodes || depth > LIMITS.depth) {
      found = 'tooLarge';
      return;
    }
    if (Array.isArray(node.type) && node.type.filter((t) => t !== 'null').length > 1) {
      // rjsf renders only the first type of a union, so a value of the others could not be entered.
      found = 'typeUnion';
      return;
    }
    if (Array.isArray(node.enum) && node.enum.length > LIMITS.enumValues) {
      found = 'hugeEnum';
      return;
    }
    if (typeof node.$ref === 'string') {
      if (refStack.includes(node.$ref)) {
        found = 'refCycle';
        return;
      }
      const target = resolveLocal(schema, node.$ref);
      if (!isObject(target)) {
        found = 'unresolvedRef';
        return;
      }
      visit(target, depth + 1, [...refStack, node.$ref]);
    }
    // Definitions are reached through the refs that use them, not on their own.
    for (const child of children({ ...node, $defs: undefined, definitions: undefined })) visit(child, depth + 1, refStack);
  };
  visit(schema, 0, []);
  return found;
}

/**
 * The schema the form is given: MCP arguments are always an object, and some servers send a
 * schema with no `type` at all (meaning "anything"), which the form would not know how to draw.
 */
export function formSchema(inputSchema: Json): RJSFSchema {
  const typed = (inputSchema.type === undefined ? { ...inputSchema, type: 'object' } : inputSchema) as RJSFSchema;
  return withoutIncompleteDefaults(typed, typed, 0);
}

const withoutDefaults = (node: Json): Json => {
  const properties = isObject(node.properties)
    ? Object.fromEntries(Object.entries(node.properties).map(([key, child]) => [key, isObject(child) ? withoutDefaults(child) : child]))
    : node.properties;
  const { default: _dropped, ...rest } = node;
  return properties === undefined ? rest : { ...rest, properties };
};

/**
 * An optional object whose fields have defaults would be filled in by those defaults and sent
 * although the person never touched it, and when it also has required fields without defaults
 * the schema rejects it (`queryOptions: { mode: "freeform" }` without its required `prompt`).
 * Such an object's inner defaults are dropped, so it is only sent once the person fills it.
 */
function withoutIncompleteDefaults(node: Json, root: RJSFSchema, depth: number): Json {
  if (!isObject(node.properties) || depth > LIMITS.depth) return node;
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  let changed = false;
  const properties: Json = {};
  for (const [key, child] of Object.entries(node.properties)) {
    let next = child;
    if (isObject(child)) {
      const resolved = typeof child.$ref === 'string' ? resolveLocal(root, child.$ref) : child;
      if (isObject(resolved) && isObject(resolved.properties)) {
        const inner = withoutIncompleteDefaults(resolved, root, depth + 1);
        next = !required.has(key) && incompleteWhenDefaulted(inner, root) ? withoutDefaults(inner) : inner;
        if (next === resolved) next = child;
      }
    }
    if (next !== child) changed = true;
    properties[key] = next;
  }
  return changed ? { ...node, properties } : node;
}

function incompleteWhenDefaulted(node: Json, root: RJSFSchema): boolean {
  const defaults = getDefaultFormState(cfworkerValidator, node as RJSFSchema, undefined, root, false, DEFAULTS_BEHAVIOR);
  return isObject(defaults) && Object.keys(defaults).length > 0 && !cfworkerValidator.isValid(node, defaults, root);
}

/**
 * Only defaults the schema states: an optional nested object is left out rather than sent as `{}`
 * (which its own `required` would reject), and arrays start empty rather than with `minItems`
 * blank entries the person has not filled.
 */
export const DEFAULTS_BEHAVIOR: Experimental_DefaultFormStateBehavior = {
  emptyObjectFields: 'skipEmptyDefaults',
  arrayMinItems: { populate: 'requiredOnly' },
};

/** The arguments a fresh form holds: the schema's defaults, `current` kept where given. */
export function defaultArguments(schema: RJSFSchema, current: Json = {}): Json {
  const state = getDefaultFormState(cfworkerValidator, schema, current, schema, false, DEFAULTS_BEHAVIOR);
  return isObject(state) ? state : {};
}
