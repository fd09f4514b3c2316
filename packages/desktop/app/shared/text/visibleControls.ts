/**
 * Text from servers, links and registries meets terminals and screens that act on some of its
 * characters: ESC starts a sequence that can clear the screen, set the window title or make an
 * OSC 8 link; C1 controls (U+0080–U+009F) do the same on terminals that read 8-bit controls; a lone
 * carriage return rewrites the line already printed; bidi overrides, isolates and marks reorder
 * what follows (`files`, U+202E, `gpj.exe` reads as "filesexe.jpg"). This module is the one place
 * that knows which characters those are; the CLI's output streams, the terminal questions, the
 * host's own stderr and the UI's `VisibleText` all use it.
 *
 * A character made visible is written as its `\uXXXX` escape. Applied to JSON text that keeps the
 * JSON valid and its value unchanged: JSON.stringify already escapes C0 controls, and what it
 * leaves raw (DEL, C1, bidi controls) may appear only inside strings, where `\uXXXX` means the
 * same character.
 */

/**
 * Every character a terminal or a text layout acts on instead of showing, except newline and tab.
 * C0 but tab and newline; a carriage return not followed by a newline; DEL and C1; the Arabic letter
 * mark; left-to-right and right-to-left marks; the line and paragraph separators (they break lines
 * where the text says there is none); the bidi embeddings and overrides; the bidi isolates.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is what this module is for
const TERMINAL_ACTIVE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

/** The same, plus tab, newline and every carriage return: inside a name, a command or an argument, those hide things too. */
// eslint-disable-next-line no-control-regex -- as above
const INLINE_ACTIVE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** `\u001b` for ESC: the form that reads the same in a terminal and in JSON (a pair of them for a character beyond U+FFFF, as JSON writes it). */
export const escapeOf = (char: string): string =>
  Array.from({ length: char.length }, (_, i) => `\\u${char.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');

/** Text safe to write to a terminal: every control, escape sequence start and bidi character shown as its `\uXXXX` escape; newlines and tabs kept. */
export function terminalSafe(text: string): string {
  return text.replace(TERMINAL_ACTIVE, escapeOf);
}

/** One line's worth of a name, a command or an argument: newlines and tabs shown as escapes too, so nothing in it can start a line of its own. */
export function inlineSafe(text: string): string {
  return text.replace(INLINE_ACTIVE, escapeOf);
}

export type TextPart = { kind: 'text'; text: string } | { kind: 'control'; char: string; escape: string };

/**
 * The text cut where a control, a newline, a tab or a bidi character sits, for a screen that draws
 * each one as a visible mark (one short line of a name, a command, an argument, an env value).
 */
export function controlParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_ACTIVE)) {
    if (match.index > last) parts.push({ kind: 'text', text: text.slice(last, match.index) });
    parts.push({ kind: 'control', char: match[0], escape: escapeOf(match[0]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Whether `controlParts` would find anything to show. */
export const hasControls = (text: string): boolean => new RegExp(INLINE_ACTIVE.source).test(text);
