/**
 * What an input's unknown key is called in an error, and which key was probably meant. Route
 * inputs are strict objects (contracts/), so a misspelt key is refused instead of dropped: a
 * tool called with `{ "arguments": … }` in place of `args` must not run with `{}`. The router
 * parses every input with `explainUnknownKeys` as its error map; the suggestions come from the
 * keys of the very object that refused the key, so they are right at any depth.
 */
import type { z } from 'zod';
import { groupDigits } from './limits';

/**
 * Keys other MCP clients and APIs use for ours: the MCP wire format says `arguments` and `name`
 * for a tool call, snake_case APIs say `server_id`. A suggestion is made only when the object
 * that refused the key has the key suggested.
 */
const ALIASES: ReadonlyMap<string, readonly string[]> = new Map([
  ['arguments', ['args']],
  ['args', ['arguments']],
  ['params', ['args', 'arguments']],
  ['input', ['args', 'arguments']],
  ['name', ['toolName']],
  ['tool', ['toolName']],
  ['server', ['serverId']],
  ['id', ['serverId', 'requestId', 'chatId']],
]);

/** Shown keys and the part of each shown: an error names a few keys, never a flood or a megabyte. */
const SHOWN_KEYS = 5;
const SHOWN_KEY_CHARS = 60;

/** `server_id`, `ServerID`, `server-id` are one word spelt three ways. */
const normal = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');

/** Edits (a letter added, dropped, changed, or two neighbours swapped) from `a` to `b`; Infinity once more than `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return Infinity;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    if (Math.min(...row) > max) return Infinity;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** The known key `key` most likely stands for: the same word spelt otherwise, a known alias, or a typo of one or two letters. */
export function suggestKey(key: string, known: readonly string[]): string | undefined {
  const word = normal(key);
  const sameWord = known.find((k) => normal(k) === word);
  if (sameWord) return sameWord;
  // A Map, not an object: a key such as `constructor` must not find Object.prototype's.
  const alias = ALIASES.get(word)?.find((k) => known.includes(k));
  if (alias) return alias;
  // Short keys tolerate one wrong letter: `id` is not a typo of `ok`.
  const max = word.length <= 4 ? 1 : 2;
  let best: { key: string; distance: number } | undefined;
  for (const k of known) {
    const d = distance(word, normal(k), max);
    if (d <= max && (!best || d < best.distance)) best = { key: k, distance: d };
  }
  return best?.key;
}

const shown = (key: string) => JSON.stringify(key.length > SHOWN_KEY_CHARS ? `${key.slice(0, SHOWN_KEY_CHARS)}…` : key);

/** `Unknown key "arguments" (did you mean "args"?)`; several are listed, a flood is counted. */
export function unknownKeysMessage(keys: readonly string[], known: readonly string[]): string {
  const named = keys.slice(0, SHOWN_KEYS).map((key) => {
    const meant = suggestKey(key, known);
    return meant ? `${shown(key)} (did you mean ${shown(meant)}?)` : shown(key);
  });
  const more = keys.length > SHOWN_KEYS ? ` and ${groupDigits(keys.length - SHOWN_KEYS)} more` : '';
  return `Unknown ${keys.length === 1 ? 'key' : 'keys'} ${named.join(', ')}${more}`;
}

/** A zod error map for parsing an input: an unknown key is named with the key probably meant; other issues keep zod's words. */
export const explainUnknownKeys: z.core.$ZodErrorMap = (issue) => {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const shape = (issue.inst?._zod.def as { shape?: Record<string, unknown> } | undefined)?.shape;
  return unknownKeysMessage(issue.keys, Object.keys(shape ?? {}));
};
