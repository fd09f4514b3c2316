import type { FormInstance } from 'antd';
import type { AppErrorShape } from '@shared/errors';
import { errorData, type ErrorData } from '@shared/errorData';

type Issue = NonNullable<ErrorData<'VALIDATION_FAILED'>['issues']>[number];

/** `config.args.0` → `['config', 'args', 0]`: antd names list items by number. */
export const fieldName = (path: string): (string | number)[] =>
  path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Puts a VALIDATION_FAILED answer's issues on the form fields they name (the router reports zod
 * paths, which match the form's field names). `mapPath` renames paths where a form shows a value
 * differently from the route (e.g. env as rows) and answers undefined for a path no field shows.
 * Returns the issues no field took, for an alert above the form, so nothing the host said is lost.
 */
export function applyServerIssues(
  form: Pick<FormInstance, 'setFields'>,
  error: AppErrorShape,
  mapPath: (path: string) => string | undefined = (path) => path,
): Issue[] {
  const issues = errorData(error, 'VALIDATION_FAILED')?.issues ?? [];
  const unplaced: Issue[] = [];
  const byField = new Map<string, string[]>();
  for (const issue of issues) {
    const mapped = issue.path ? mapPath(issue.path) : undefined;
    if (mapped === undefined) {
      unplaced.push(issue);
      continue;
    }
    byField.set(mapped, [...(byField.get(mapped) ?? []), issue.message]);
  }
  form.setFields([...byField].map(([path, errors]) => ({ name: fieldName(path), errors })));
  return unplaced;
}
