import { Fragment } from 'react';
import { controlParts } from '@shared/text/visibleControls';

/**
 * A newline is drawn as the mark people know; every other control or bidi character as its
 * `\uXXXX` escape, the form the CLI prints (the control-picture glyphs, ␛ and the like, are
 * missing from common UI fonts and showed as empty boxes).
 */
const MARKS: Readonly<Record<string, string>> = { '\n': '⏎' };
/** What a multi-line text (a description, instructions) keeps as layout rather than marking. */
const LAYOUT = new Set(['\n', '\t']);

const codePoint = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * Text from a server, a link or a registry, with its newlines, controls and bidi characters drawn
 * as small marks instead of obeyed: HTML folds a newline inside an argument into a space, and a
 * right-to-left override makes `files`, U+202E, `gpj.exe` read as "filesexe.jpg". The text is
 * isolated from its surroundings' direction, so a right-to-left name cannot reorder the label
 * beside it.
 * `multiline` keeps newlines and tabs as layout (descriptions, instructions).
 */
export function VisibleText({ text, multiline = false }: { text: string; multiline?: boolean }) {
  const source = multiline ? text.replace(/\r\n/g, '\n') : text;
  return (
    // Inline, not a class: the isolation is a safety property and must hold with no stylesheet at all.
    // eslint-disable-next-line no-restricted-syntax -- see the line above
    <span style={{ unicodeBidi: 'isolate' }}>
      {controlParts(source).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : multiline && LAYOUT.has(part.char) ? (
          <Fragment key={index}>{part.char}</Fragment>
        ) : (
          <span key={index} className="control-mark" title={codePoint(part.char)} data-control={part.escape}>
            {MARKS[part.char] ?? part.escape}
          </span>
        ),
      )}
    </span>
  );
}
