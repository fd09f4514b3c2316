import { errorData } from '@shared/errorData';
import type { AppErrorShape } from '@shared/errors';

/** The arguments of a tool call as the person edits them in the approval dialog: JSON text, an object or a reason it is not one. */
export type ParsedArguments = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

export const formatArguments = (args: Record<string, unknown>): string => JSON.stringify(args, null, 2);

export function parseArguments(text: string): ParsedArguments {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, message: 'not an object' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** Arguments compared by value, key order aside (as the host compares "identical" calls). */
export function sameArguments(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => sameArguments(v, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => k in b && sameArguments((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return a === b;
}

/** VALIDATION_FAILED issues on `arguments.<path>`, as lines to show under the editor. */
export function argumentIssueLines(error: AppErrorShape | null | undefined): { path: string; message: string }[] {
  return (errorData(error ?? undefined, 'VALIDATION_FAILED')?.issues ?? []).flatMap((i) =>
    i.path.startsWith('arguments') ? [{ path: i.path.replace(/^arguments\.?/, ''), message: i.message }] : [],
  );
}
