import { flushSync } from 'react-dom';

/**
 * Adds a row to a list of fields and puts the focus in the new row's first field: the person
 * asked for a field to type in, and the keyboard should not have to go looking for it.
 * flushSync renders the new row first, so the focus moves to it in the same click.
 */
export function addAndFocus(add: () => void, list: HTMLElement | null, rowSelector: string): void {
  flushSync(add);
  const rows = list?.querySelectorAll(rowSelector);
  rows?.[rows.length - 1]?.querySelector<HTMLElement>('input, textarea')?.focus();
}
