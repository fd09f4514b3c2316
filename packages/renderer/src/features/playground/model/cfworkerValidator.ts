/**
 * An rjsf `ValidatorType` over @cfworker/json-schema.
 *
 * Why not `@rjsf/validator-ajv8`, the validator rjsf ships: ajv compiles each schema into a
 * JavaScript function with `new Function`, and the renderer's CSP is `script-src 'self'` (no
 * 'unsafe-eval', on purpose), so every compile would throw. @cfworker/json-schema interprets the
 * schema instead of compiling it, so it runs under that CSP. rjsf needs three things from a
 * validator: the form's errors in its own shape (`validateFormData`), a yes/no used to pick the
 * matching `anyOf`/`oneOf` branch (`isValid`), and the raw errors (`rawValidation`); this adapter
 * provides them and nothing else.
 */
import { Validator, type OutputUnit, type SchemaDraft } from '@cfworker/json-schema';
import {
  createErrorHandler,
  toErrorSchema,
  unwrapErrorHandler,
  validationDataMerge,
  type CustomValidator,
  type ErrorTransformer,
  type RJSFSchema,
  type RJSFValidationError,
  type UiSchema,
  type ValidationData,
  type ValidatorType,
} from '@rjsf/utils';

type Json = Record<string, unknown>;

/** The draft a schema declares; MCP servers mostly send draft-07, newer SDKs 2020-12. */
export function draftOf(schema: unknown): SchemaDraft {
  const declared = typeof schema === 'object' && schema !== null ? (schema as Json).$schema : undefined;
  if (typeof declared !== 'string') return '2020-12';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-06') || declared.includes('draft-07')) return '7';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

// Building a Validator dereferences the whole schema; rjsf asks about the same schema objects over and over.
const cache = new WeakMap<object, Validator>();

function validatorFor(schema: RJSFSchema): Validator {
  let validator = cache.get(schema);
  if (!validator) {
    validator = new Validator(schema as never, draftOf(schema), false);
    cache.set(schema, validator);
  }
  return validator;
}

/** Errors that only say "a child failed": the child's own error is in the list too. */
const WRAPPERS = new Set(['properties', 'items', 'prefixItems', 'additionalItems', 'patternProperties', 'allOf', '$ref', '$recursiveRef', 'dependentSchemas', 'false']);
/** A branch of anyOf/oneOf that did not match is not an error in itself; the anyOf/oneOf error says it. */
const INSIDE_BRANCH = /\/(anyOf|oneOf)\/\d+(\/|$)/;

const unescape = (segment: string) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');

/** `#/a/0/b` → `['a', '0', 'b']`. */
export function pointerSegments(instanceLocation: string): string[] {
  return instanceLocation.replace(/^#/, '').split('/').filter(Boolean).map(unescape);
}

/** cfworker's output units as rjsf errors, placed on the field they are about. */
export function toRjsfErrors(units: readonly OutputUnit[]): RJSFValidationError[] {
  const errors: RJSFValidationError[] = [];
  for (const unit of units) {
    if (WRAPPERS.has(unit.keyword) || INSIDE_BRANCH.test(unit.keywordLocation)) continue;
    const segments = pointerSegments(unit.instanceLocation);
    const params: Json = {};
    if (unit.keyword === 'required') {
      // A missing property is shown on that property's field, as rjsf's own validator does.
      const missing = /required property "(.*)"\.$/.exec(unit.error)?.[1];
      if (missing !== undefined) {
        segments.push(missing);
        params.missingProperty = missing;
      }
    }
    const property = segments.length ? `.${segments.join('.')}` : '.';
    errors.push({ name: unit.keyword, property, message: unit.error, params, stack: `${property} ${unit.error}`.trim(), schemaPath: unit.keywordLocation });
  }
  return errors;
}

/** Validates `data` against `schema`; a schema cfworker cannot load (an unresolved `$ref`) is an error, never a throw. */
export function validateJson(schema: RJSFSchema, data: unknown): { errors: OutputUnit[]; validationError?: Error } {
  try {
    // As sent: what is sent is JSON, so an `undefined` (an array entry not filled yet) is the null it becomes.
    const sent = data === undefined ? undefined : (JSON.parse(JSON.stringify(data)) as unknown);
    return { errors: validatorFor(schema).validate(sent).errors };
  } catch (err) {
    return { errors: [], validationError: err instanceof Error ? err : new Error(String(err)) };
  }
}

/**
 * rjsf asks whether data matches a subschema of the root; the subschema's `#/$defs/…` refs mean
 * the root's definitions, so they are carried along. Memoised per (subschema, root) pair.
 */
const withRoot = new WeakMap<object, WeakMap<object, RJSFSchema>>();
function inRootContext(schema: RJSFSchema, rootSchema: RJSFSchema): RJSFSchema {
  if (schema === rootSchema) return schema;
  let byRoot = withRoot.get(schema);
  if (!byRoot) withRoot.set(schema, (byRoot = new WeakMap()));
  let wrapped = byRoot.get(rootSchema);
  if (!wrapped) {
    const root = rootSchema as Json;
    wrapped = {
      ...(root.$schema !== undefined && { $schema: root.$schema as string }),
      ...(root.definitions !== undefined && { definitions: root.definitions as RJSFSchema['definitions'] }),
      ...(root.$defs !== undefined && { $defs: root.$defs as RJSFSchema['$defs'] }),
      allOf: [schema],
    };
    byRoot.set(rootSchema, wrapped);
  }
  return wrapped;
}

export const cfworkerValidator: ValidatorType = {
  validateFormData(
    formData: unknown,
    schema: RJSFSchema,
    customValidate?: CustomValidator,
    transformErrors?: ErrorTransformer,
    uiSchema?: UiSchema,
  ): ValidationData<unknown> {
    const raw = validateJson(schema, formData);
    let errors = toRjsfErrors(raw.errors);
    if (raw.validationError) errors.push({ name: 'schema', property: '.', message: raw.validationError.message, stack: raw.validationError.message });
    if (transformErrors) errors = transformErrors(errors, uiSchema);
    const result = { errors, errorSchema: toErrorSchema(errors) };
    if (!customValidate) return result;
    const userErrors = unwrapErrorHandler(customValidate(formData, createErrorHandler(formData), uiSchema));
    return validationDataMerge(result, userErrors);
  },

  isValid(schema: RJSFSchema, formData: unknown, rootSchema: RJSFSchema): boolean {
    const raw = validateJson(inRootContext(schema, rootSchema), formData);
    return !raw.validationError && raw.errors.length === 0;
  },

  rawValidation<Result = unknown>(schema: RJSFSchema, formData?: unknown) {
    const raw = validateJson(schema, formData);
    return { errors: raw.errors as Result[], ...(raw.validationError && { validationError: raw.validationError }) };
  },
};
