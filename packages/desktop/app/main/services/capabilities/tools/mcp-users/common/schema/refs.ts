import { isRecord } from './types';

/**
 * Resolves a local JSON pointer (`#/$defs/Name`, `#/definitions/a~1b`) against the tool's root
 * schema. Remote and malformed refs resolve to `undefined`: the caller treats them as unknown.
 */
export function resolveLocalRef(root: Record<string, unknown>, ref: string): Record<string, unknown> | undefined {
  if (!ref.startsWith('#')) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let target: unknown = root;
  for (const token of pointer.slice(1).split('/')) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(target)) target = /^\d+$/.test(key) ? target[Number(key)] : undefined;
    else if (isRecord(target) && Object.hasOwn(target, key)) target = target[key];
    else return undefined;
  }
  return isRecord(target) ? target : undefined;
}
