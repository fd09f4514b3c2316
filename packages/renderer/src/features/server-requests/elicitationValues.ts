/**
 * Between a requested form and antd's form values: dates are dayjs values while the person
 * edits them and the spec's strings in the answer; an optional field left empty is left out of
 * the answer rather than sent as an empty string the server did not ask for.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { ElicitationContent, ElicitationValue } from '@shared/contracts/elicitation';
import type { ElicitationField } from '@mcp-common/elicitationForm';

export type FormValue = ElicitationValue | Dayjs | null | undefined;

const isDate = (field: ElicitationField): field is Extract<ElicitationField, { kind: 'text' }> & { format: 'date' | 'date-time' } =>
  field.kind === 'text' && (field.format === 'date' || field.format === 'date-time');

/** The form's starting values: the server's defaults, dates parsed for the picker. */
export function initialValues(fields: readonly ElicitationField[]): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  for (const field of fields) {
    // An unticked box reads as "no", so that is what it answers unless the person ticks it.
    if (field.kind === 'boolean') values[field.name] = field.default ?? false;
    if (field.default === undefined) continue;
    if (isDate(field) && typeof field.default === 'string') {
      const parsed = dayjs(field.default);
      values[field.name] = parsed.isValid() ? parsed : undefined;
    } else values[field.name] = field.default;
  }
  return values;
}

/** One field's value as the answer carries it; undefined for "not answered". */
export function answerValue(field: ElicitationField, value: FormValue): ElicitationValue | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (dayjs.isDayjs(value)) return field.kind === 'text' && field.format === 'date' ? value.format('YYYY-MM-DD') : value.format();
  return value;
}

/** The answer to send: every answered field, in the server's order. */
export function answerContent(fields: readonly ElicitationField[], values: Readonly<Record<string, FormValue>>): ElicitationContent {
  const content: ElicitationContent = {};
  for (const field of fields) {
    const value = answerValue(field, values[field.name]);
    if (value !== undefined) content[field.name] = value;
  }
  return content;
}
