/**
 * docs/cli.md's command synopsis is generated from the CLI's command table, so the reference
 * cannot drift from what the CLI accepts: `npm run docs:cli` rewrites it, and
 * cliReference.test.ts fails when the file and the table disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cliReference } from '../packages/desktop/app/host/cli/commandTable';

export const CLI_DOC = fileURLToPath(new URL('./cli.md', import.meta.url));
export const MARKER = '<!-- Generated from the command table (packages/desktop/app/host/cli/commandTable.ts) by `npm run docs:cli`. -->';

/** The markdown with the fenced block after the marker replaced by the table's synopsis. */
export function withCliReference(markdown: string, reference = cliReference()): string {
  const at = markdown.indexOf(MARKER);
  if (at === -1) throw new Error(`docs/cli.md lacks the marker line: ${MARKER}`);
  const open = markdown.indexOf('```\n', at);
  const close = markdown.indexOf('\n```\n', open + 4);
  if (open === -1 || close === -1) throw new Error('docs/cli.md: no fenced block after the marker');
  return `${markdown.slice(0, open + 4)}${reference}${markdown.slice(close)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CLI_DOC, withCliReference(readFileSync(CLI_DOC, 'utf8')));
}
