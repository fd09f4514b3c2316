/**
 * Checks a value against a tool's JSON Schema (a call's structuredContent against its
 * outputSchema, edited arguments against its inputSchema) with @cfworker/json-schema, an
 * interpreter: ajv compiles validators with `new Function`, which the renderer's CSP
 * (`script-src 'self'`) forbids, and this check runs in both the window and the host.
 */
import { Validator, type SchemaDraft } from '@cfworker/json-schema';

export interface SchemaIssue {
  /** JSON pointer into the value ('' is the whole value). */
  path: string;
  message: string;
}

export type SchemaCheck = { status: 'valid' } | { status: 'invalid'; issues: SchemaIssue[] } | { status: 'unusable'; message: string };

/** The MCP spec's default dialect is 2020-12; a schema naming an older draft is read as that draft. */
function draftOf(schema: Record<string, unknown>): SchemaDraft {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (declared.includes('draft-04')) return '4';
  if (declared.includes('draft-06') || declared.includes('draft-07')) return '7';
  if (declared.includes('2019-09')) return '2019-09';
  return '2020-12';
}

const MAX_ISSUES = 20;

export function checkAgainstSchema(schema: Record<string, unknown>, value: unknown): SchemaCheck {
  let result;
  try {
    result = new Validator(schema, draftOf(schema), false).validate(value);
  } catch (error) {
    // A schema the validator cannot use (an unresolvable $ref, say) is the server's defect, not a mismatch.
    return { status: 'unusable', message: error instanceof Error ? error.message : String(error) };
  }
  if (result.valid) return { status: 'valid' };
  const errors = result.errors;
  // The validator reports each failure and every enclosing keyword that failed because of it
  // ("Property "sum" does not match schema."); the innermost ones say what is actually wrong.
  const leaves = errors.filter(
    (error) =>
      !errors.some((other) => other !== error && other.keywordLocation.startsWith(`${error.keywordLocation}/`)) &&
      !(error.keyword === 'false' && errors.length > 1),
  );
  const issues = (leaves.length > 0 ? leaves : errors).map((error) => ({ path: error.instanceLocation.replace(/^#/, ''), message: error.error }));
  return { status: 'invalid', issues: issues.slice(0, MAX_ISSUES) };
}

/**
 * Issues of edited tool arguments as form fields: `arguments.<dotted path>`, so the window marks
 * them as it marks any VALIDATION_FAILED. A schema that cannot be used checks nothing: the server
 * judges the call itself, as it would have without the edit.
 */
export function argumentIssues(inputSchema: Record<string, unknown>, args: Record<string, unknown>): { path: string; message: string }[] {
  const check = checkAgainstSchema(inputSchema, args);
  if (check.status !== 'invalid') return [];
  return check.issues.map(({ path, message }) => {
    const segments = path.split('/').filter(Boolean).map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'));
    // A missing property is marked on that property, not on the object that lacks it.
    const missing = /required property "(.*)"/.exec(message)?.[1];
    if (missing !== undefined) segments.push(missing);
    return { path: ['arguments', ...segments].join('.'), message };
  });
}
