/**
 * A validation error in the person's language. cfworker's messages are English sentences; the
 * keyword that failed and its value in the schema (found by following the error's keyword
 * location, through any `$ref` on the way) are enough to say it in any language. Keywords not
 * listed keep cfworker's sentence.
 */
import type { RJSFValidationError } from '@rjsf/utils';
import type { TFunction } from 'i18next';
import { resolveLocal } from './formSupport';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value of the keyword an error's `schemaPath` (`#/properties/a/$ref/minLength`) points at. */
export function keywordValue(root: Json, schemaPath: string | undefined): unknown {
  if (!schemaPath?.startsWith('#')) return undefined;
  const segments = schemaPath.slice(1).split('/').filter(Boolean).map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: unknown = root;
  for (const [index, segment] of segments.entries()) {
    if (index === segments.length - 1) return isObject(node) || Array.isArray(node) ? (node as Json)[segment] : undefined;
    if (segment === '$ref' && isObject(node) && typeof node.$ref === 'string') node = resolveLocal(root, node.$ref);
    else node = isObject(node) || Array.isArray(node) ? (node as Json)[segment] : undefined;
  }
  return undefined;
}

/** The schema a keyword sits in (`#/properties/a/pattern` → the schema of `a`), through a last `$ref`. */
function schemaOf(root: Json, schemaPath: string | undefined): Json | undefined {
  const parentPath = schemaPath?.replace(/\/[^/]*$/, '');
  const node = parentPath === '#' ? root : keywordValue(root, parentPath);
  if (typeof node === 'string' && parentPath?.endsWith('/$ref')) {
    const target = resolveLocal(root, node);
    return isObject(target) ? target : undefined;
  }
  return isObject(node) ? node : undefined;
}

/**
 * A pattern mismatch in words: what is expected, with the schema's first example when it has one.
 * A regular expression is no explanation to most people; the field shows it as a secondary line.
 */
export function patternMessage(fieldSchema: Json | undefined, t: TFunction<['playground', 'common']>): string {
  const example = Array.isArray(fieldSchema?.examples) ? fieldSchema.examples.find((value) => typeof value === 'string') : undefined;
  return example === undefined ? t('validation.pattern') : t('validation.patternExample', { example });
}

/**
 * An array entry added and left empty: the form holds `undefined`, which is sent (and checked) as
 * null, so its schema's type refuses it. "Must be a string" would not say what is wrong.
 */
export const isEmptyArrayItem = (error: RJSFValidationError) => error.name === 'type' && /\.\d+$/.test(error.property ?? '') && /"null"/.test(error.message ?? '');

const LIST_LIMIT = 8;
const list = (values: unknown[]) =>
  values.slice(0, LIST_LIMIT).map((v) => JSON.stringify(v)).join(', ') + (values.length > LIST_LIMIT ? ', …' : '');

export function validationMessage(error: RJSFValidationError, root: Json, t: TFunction<['playground', 'common']>): string {
  const fallback = error.message ?? '';
  if (error.name === 'required') return t('validation.required');
  const value = keywordValue(root, error.schemaPath);
  const limit = typeof value === 'number' ? value : undefined;
  switch (error.name) {
    case 'type':
      if (isEmptyArrayItem(error)) return t('validation.emptyItem');
      return value === undefined ? fallback : t('validation.type', { expected: Array.isArray(value) ? value.join(' | ') : typeof value === 'string' ? value : JSON.stringify(value) });
    case 'enum':
      return Array.isArray(value) ? t('validation.enum', { values: list(value) }) : fallback;
    case 'const':
      return t('validation.const', { value: JSON.stringify(value) });
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return limit === undefined ? fallback : t(`validation.${error.name}`, { count: limit });
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'multipleOf':
      return limit === undefined ? fallback : t(`validation.${error.name}`, { limit });
    case 'pattern':
      return typeof value === 'string' ? patternMessage(schemaOf(root, error.schemaPath), t) : fallback;
    case 'format':
      return typeof value === 'string' ? t('validation.format', { format: value }) : fallback;
    case 'anyOf':
    case 'oneOf':
      return t(`validation.${error.name}`);
    case 'uniqueItems':
      return t('validation.uniqueItems');
    default:
      return fallback;
  }
}
