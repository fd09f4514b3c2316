/**
 * docs/cli.md's command reference (every command's usage, then its flags) is generated from the
 * CLI's command table, so the reference cannot drift from what the CLI accepts: `npm run docs:cli`
 * rewrites it, and cliReference.test.ts fails when the file and the table disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cliReference } from '../packages/desktop/app/host/cli/commandTable';

export const CLI_DOC = fileURLToPath(new URL('./cli.md', import.meta.url));
export const MARKER = '<!-- Generated from the command table (packages/desktop/app/host/cli/commandTable.ts) by `npm run docs:cli`. -->';

export const END_MARKER = '<!-- End of the generated reference. -->';

/** The markdown with everything between the two marker lines replaced by the table's reference. */
export function withCliReference(markdown: string, reference = cliReference()): string {
  const at = markdown.indexOf(MARKER);
  if (at === -1) throw new Error(`docs/cli.md lacks the marker line: ${MARKER}`);
  const end = markdown.indexOf(END_MARKER, at);
  if (end === -1) throw new Error(`docs/cli.md lacks the end marker line after the marker: ${END_MARKER}`);
  return `${markdown.slice(0, at + MARKER.length)}\n\n${reference}\n\n${markdown.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CLI_DOC, withCliReference(readFileSync(CLI_DOC, 'utf8')));
}
