/**
 * Every tool of the shared corpus (220 real tools from 21 servers): the form either takes its
 * schema or says why it falls back to JSON, and the arguments a fresh form holds — the schema's
 * defaults, and the same with every required field filled the way a person would — are accepted
 * by the schema. Checked here on rjsf's form-state logic (what the form holds is exactly what
 * `getDefaultFormState` computes); ArgumentsEditor.corpus.test.tsx renders a sample of the forms.
 */
import { getDefaultFormState, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { cfworkerValidator, validateJson } from './cfworkerValidator';
import { corpus } from '@renderer-testing/corpus.testkit';
import { DEFAULTS_BEHAVIOR, defaultArguments, formFallbackReason, formSchema } from './formSupport';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value a person could type for a leaf schema: its enum's first value, a number in range, a string of allowed length. */
function sample(schema: Json, root: RJSFSchema): unknown {
  if (typeof schema.$ref === 'string') {
    const target = schema.$ref.slice(2).split('/').reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), root);
    return isObject(target) ? sample(target, root) : undefined;
  }
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(branches)) {
    // The first branch a sample satisfies, as a person picks the option that fits.
    const candidates = branches.filter((b) => b.type !== 'null').map((b) => [b, sample(b, root)] as const);
    return (candidates.find(([branch, value]) => cfworkerValidator.isValid(branch as RJSFSchema, value, root)) ?? candidates[0])?.[1];
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.format === 'email') return 'someone@example.com';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'x'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Number(schema.minItems ?? 0) }, () => sample(isObject(schema.items) ? schema.items : {}, root));
    case 'object':
    default:
      return fillRequired(schema, root, {});
  }
}

const resolve = (schema: Json, root: RJSFSchema): Json => {
  if (typeof schema.$ref !== 'string') return schema;
  const target = schema.$ref.slice(2).split('/').reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), root);
  return isObject(target) ? resolve(target, root) : {};
};

/** An object the form started (say, an anyOf option it picked) filled in the option it fits. */
function fillObject(schema: Json, root: RJSFSchema, value: Json): Json {
  const resolved = resolve(schema, root);
  const branches = (resolved.anyOf ?? resolved.oneOf) as Json[] | undefined;
  if (!Array.isArray(branches)) return fillRequired(resolved, root, value);
  const candidates = branches.map((branch) => [branch, fillObject(branch, root, value)] as const);
  return (candidates.find(([branch, filled]) => cfworkerValidator.isValid(branch as RJSFSchema, filled, root)) ?? candidates[0])?.[1] ?? value;
}

/** `current` with every required property the form leaves empty filled as a person would, nested ones too. */
function fillRequired(schema: Json, root: RJSFSchema, current: Json): Json {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  const out = { ...current };
  for (const key of required) {
    const child = properties[key];
    if (!isObject(child)) continue;
    const value = out[key];
    if (value === undefined) out[key] = sample(child, root);
    else if (isObject(value)) out[key] = fillObject(child, root, value);
    // An array the form starts with `minItems` blank entries: each one filled.
    else if (Array.isArray(value)) out[key] = value.map((item: unknown) => (item === undefined ? sample(isObject(child.items) ? child.items : {}, root) : item));
  }
  return out;
}

const formable = corpus.filter((entry) => formFallbackReason(entry.inputSchema) === undefined);

describe('the corpus in the playground form', () => {
  it('takes every schema, or names a reason to fall back to JSON', () => {
    const reasons = corpus.map((entry) => formFallbackReason(entry.inputSchema));
    // The corpus is real servers' tools: almost all of them get a form; the rest say why.
    expect(formable.length).toBeGreaterThan(corpus.length * 0.9);
    for (const reason of reasons) expect([undefined, 'refCycle', 'unresolvedRef', 'typeUnion', 'hugeEnum', 'tooLarge', 'notObject']).toContain(reason);
  });

  it.each(formable.map((entry) => [`${entry.server}/${entry.name}`, entry] as const))('%s: the defaults, and the filled form, are accepted', (_name, entry) => {
    const schema = formSchema(entry.inputSchema);
    const defaults = defaultArguments(schema);
    // What the form produces is checked against the server's schema, not the form's copy of it.
    const original = entry.inputSchema as RJSFSchema;
    // Nothing required is invented: what is there came from a `default` (or a const the schema fixes).
    const filled = fillRequired(schema, schema, defaults);
    const result = validateJson(original, filled);
    expect(result.validationError).toBeUndefined();
    expect(result.errors).toEqual([]);
    // What the form holds after a change is rjsf's state for the same data: the defaults survive it.
    expect(getDefaultFormState(cfworkerValidator, schema, filled, schema, false, DEFAULTS_BEHAVIOR)).toEqual(filled);
  });
});
