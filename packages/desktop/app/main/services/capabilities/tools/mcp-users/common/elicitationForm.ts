/**
 * A requested elicitation schema as a list of fields, their defaults and the one check of an
 * answer. The service checks what comes back before the server sees it, the window's dialog
 * checks each field as the person types, and the CLI checks each typed answer: all with this
 * code, so the three never disagree about what is valid.
 */
import type { ElicitationContent, ElicitationProperty, ElicitationSchema, ElicitationValue } from '@shared/contracts/elicitation';

export interface ElicitationOption {
  value: string;
  label: string;
}

interface FieldBase {
  name: string;
  /** The property's title, else its name. */
  label: string;
  description?: string;
  required: boolean;
}

/** Optional facts are copied from the parsed schema property, where zod gives an absent key as `undefined`. */
export type ElicitationField = FieldBase &
  (
    | { kind: 'boolean'; default?: boolean | undefined }
    | { kind: 'text'; format?: 'email' | 'uri' | 'date' | 'date-time' | undefined; minLength?: number | undefined; maxLength?: number | undefined; default?: string | undefined }
    | { kind: 'number'; integer: boolean; minimum?: number | undefined; maximum?: number | undefined; default?: number | undefined }
    | { kind: 'choice'; options: ElicitationOption[]; default?: string | undefined }
    | { kind: 'multi'; options: ElicitationOption[]; minItems?: number | undefined; maxItems?: number | undefined; default?: string[] | undefined }
  );

/** Why a value is not acceptable, as a code (the window translates it) with what the sentence needs. */
export type FieldProblem =
  | { code: 'required' }
  | { code: 'type'; expected: 'boolean' | 'text' | 'number' | 'integer' | 'list' }
  | { code: 'notAnOption' }
  | { code: 'tooShort'; limit: number }
  | { code: 'tooLong'; limit: number }
  | { code: 'belowMinimum'; limit: number }
  | { code: 'aboveMaximum'; limit: number }
  | { code: 'tooFewItems'; limit: number }
  | { code: 'tooManyItems'; limit: number }
  | { code: 'format'; format: 'email' | 'uri' | 'date' | 'date-time' };

export interface ContentIssue {
  /** The field's name; empty for a value the schema does not have. */
  path: string;
  message: string;
  problem?: FieldProblem;
}

const options = (values: string[], names?: string[]): ElicitationOption[] => values.map((value, i) => ({ value, label: names?.[i] ?? value }));

function toField(name: string, property: ElicitationProperty, required: boolean): ElicitationField {
  const base: FieldBase = { name, label: property.title ?? name, required, ...(property.description ? { description: property.description } : {}) };
  switch (property.type) {
    case 'boolean':
      return { ...base, kind: 'boolean', default: property.default };
    case 'number':
    case 'integer':
      return { ...base, kind: 'number', integer: property.type === 'integer', minimum: property.minimum, maximum: property.maximum, default: property.default };
    case 'array': {
      const { items } = property;
      const choices = items.anyOf ? items.anyOf.map((c) => ({ value: c.const, label: c.title })) : options(items.enum ?? []);
      return { ...base, kind: 'multi', options: choices, minItems: property.minItems, maxItems: property.maxItems, default: property.default };
    }
    case 'string':
      if (property.oneOf) return { ...base, kind: 'choice', options: property.oneOf.map((c) => ({ value: c.const, label: c.title })), default: property.default };
      if (property.enum) return { ...base, kind: 'choice', options: options(property.enum, property.enumNames), default: property.default };
      return {
        ...base,
        kind: 'text',
        format: property.format,
        minLength: property.minLength,
        maxLength: property.maxLength,
        default: property.default,
      };
  }
}

/** The schema's fields in the server's order. */
export function elicitationFields(schema: ElicitationSchema): ElicitationField[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => toField(name, property, required.has(name)));
}

/** An answer made of the server's defaults (fields without one are left out). */
export function defaultContent(fields: readonly ElicitationField[]): ElicitationContent {
  const content: ElicitationContent = {};
  for (const field of fields) if (field.default !== undefined) content[field.name] = field.default;
  return content;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function formatOk(format: 'email' | 'uri' | 'date' | 'date-time', text: string): boolean {
  switch (format) {
    case 'email':
      return EMAIL.test(text);
    case 'uri':
      // An absolute URI: a scheme, then anything URL accepts.
      return /^[a-z][a-z\d+.-]*:/i.test(text) && URL.canParse(text);
    case 'date':
      return DATE.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
    case 'date-time':
      return DATE_TIME.test(text) && !Number.isNaN(Date.parse(text));
  }
}

/**
 * What is wrong with one field's value; undefined when it is fine. `undefined` (and an empty
 * text or list) is a missing value: a problem only for a required field.
 */
export function checkField(field: ElicitationField, value: ElicitationValue | undefined): FieldProblem | undefined {
  if (value === undefined || value === '') return field.required ? { code: 'required' } : undefined;
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? undefined : { code: 'type', expected: 'boolean' };
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return { code: 'type', expected: field.integer ? 'integer' : 'number' };
      if (field.integer && !Number.isInteger(value)) return { code: 'type', expected: 'integer' };
      if (field.minimum !== undefined && value < field.minimum) return { code: 'belowMinimum', limit: field.minimum };
      if (field.maximum !== undefined && value > field.maximum) return { code: 'aboveMaximum', limit: field.maximum };
      return undefined;
    case 'choice':
      if (typeof value !== 'string') return { code: 'type', expected: 'text' };
      return field.options.some((o) => o.value === value) ? undefined : { code: 'notAnOption' };
    case 'multi':
      if (!Array.isArray(value)) return { code: 'type', expected: 'list' };
      // A required list with nothing chosen is as unanswered as an empty text.
      if (value.length === 0 && field.required) return { code: 'required' };
      if (value.some((v) => !field.options.some((o) => o.value === v))) return { code: 'notAnOption' };
      if (field.minItems !== undefined && value.length < field.minItems) return { code: 'tooFewItems', limit: field.minItems };
      if (field.maxItems !== undefined && value.length > field.maxItems) return { code: 'tooManyItems', limit: field.maxItems };
      return undefined;
    case 'text':
      if (typeof value !== 'string') return { code: 'type', expected: 'text' };
      if (field.minLength !== undefined && value.length < field.minLength) return { code: 'tooShort', limit: field.minLength };
      if (field.maxLength !== undefined && value.length > field.maxLength) return { code: 'tooLong', limit: field.maxLength };
      if (field.format && !formatOk(field.format, value)) return { code: 'format', format: field.format };
      return undefined;
  }
}

/** A problem in English, for logs, terminals and the error's message. */
export function describeProblem(problem: FieldProblem): string {
  switch (problem.code) {
    case 'required':
      return 'is required';
    case 'type':
      return problem.expected === 'list' ? 'must be a list of choices' : `must be ${problem.expected === 'integer' ? 'an integer' : `a ${problem.expected}`}`;
    case 'notAnOption':
      return 'is not one of the choices';
    case 'tooShort':
      return `must be at least ${problem.limit} characters`;
    case 'tooLong':
      return `must be at most ${problem.limit} characters`;
    case 'belowMinimum':
      return `must be at least ${problem.limit}`;
    case 'aboveMaximum':
      return `must be at most ${problem.limit}`;
    case 'tooFewItems':
      return `needs at least ${problem.limit} choices`;
    case 'tooManyItems':
      return `allows at most ${problem.limit} choices`;
    case 'format':
      return `must be a valid ${problem.format === 'uri' ? 'URI' : problem.format === 'date-time' ? 'date and time' : problem.format}`;
  }
}

/** Every problem of a whole answer, fields in order, then values the schema does not have. */
export function checkContent(fields: readonly ElicitationField[], content: Readonly<Record<string, unknown>>): ContentIssue[] {
  const issues: ContentIssue[] = [];
  for (const field of fields) {
    const problem = checkField(field, content[field.name] as ElicitationValue | undefined);
    if (problem) issues.push({ path: field.name, message: `${field.label} ${describeProblem(problem)}`, problem });
  }
  const known = new Set(fields.map((f) => f.name));
  for (const name of Object.keys(content)) if (!known.has(name)) issues.push({ path: name, message: `"${name}" is not a field of this request` });
  return issues;
}
