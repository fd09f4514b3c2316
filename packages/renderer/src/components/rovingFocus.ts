/**
 * Roving focus for the server list: the list is one tab stop (the current row), arrow keys move
 * between rows, and only the current row's controls are in the tab order. Without it each row
 * added about fifteen tab stops, so reaching the row after fifty servers took hundreds of presses.
 */
import { useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
/** The tab index a control had before its row stopped being current, to give back when it is again. */
const SAVED = 'data-roving-tabindex';

/**
 * Takes the row's controls out of the tab order while the row is not current, and gives them back
 * when it is. Done on the DOM after each render of the row, so the controls of every component
 * inside it (antd's, the failure explanation's) follow without each taking a prop; a control that
 * appears later appears because the row's own state changed, which renders the row again.
 */
export function useRowTabStops(row: RefObject<HTMLElement | null>, current: boolean): void {
  useLayoutEffect(() => {
    const element = row.current;
    if (!element) return;
    for (const control of element.querySelectorAll<HTMLElement>(FOCUSABLE)) {
      if (current) {
        const saved = control.getAttribute(SAVED);
        if (saved === null) continue;
        if (saved === '') control.removeAttribute('tabindex');
        else control.setAttribute('tabindex', saved);
        control.removeAttribute(SAVED);
      } else if (!control.hasAttribute(SAVED)) {
        control.setAttribute(SAVED, control.getAttribute('tabindex') ?? '');
        control.setAttribute('tabindex', '-1');
      }
    }
  });
}

/** Where a key pressed on a row (not on a control inside it) moves the current row; undefined for other keys. */
export function rowAfterKey(event: KeyboardEvent, index: number, count: number): number | undefined {
  if (event.target !== event.currentTarget) return undefined;
  switch (event.key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
