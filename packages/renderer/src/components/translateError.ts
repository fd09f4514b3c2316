import type { AppErrorShape, ErrorCode } from '@shared/errors';
import type { TFunction } from 'i18next';

/**
 * Errors whose sentence depends on one data field with a fixed set of values: that field picks
 * the i18next context variant `errors.<CODE>_<value>`, and `errors.<CODE>` is the fallback for a
 * value without its own sentence. Only fields the host fills from a closed list belong here; a
 * free-text field would become part of a translation key.
 */
const VARIANT_FIELD: Partial<Record<ErrorCode, string>> = {
  EXTERNAL_URL_REFUSED: 'reason',
  AUTH_REQUIRED: 'reason',
};

/**
 * The person-facing sentence for an error: `errors.<CODE>` interpolated with the error's data.
 * Only scalar values are passed, since nested data (zod issues, for instance) has no sensible
 * inline rendering and belongs in the details.
 */
export function translateError(t: TFunction<'errors'>, error: AppErrorShape): string {
  const values: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error.data ?? {})) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') values[key] = value;
  }
  const variantField = VARIANT_FIELD[error.code];
  const variant = variantField ? error.data?.[variantField] : undefined;
  return t(error.code, typeof variant === 'string' ? { ...values, context: variant } : values);
}
