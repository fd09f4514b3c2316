import type { AppErrorShape } from '@shared/errors';
import type { TFunction } from 'i18next';

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
  return t(error.code, values);
}
