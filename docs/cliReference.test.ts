import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMAND_TABLE } from '../packages/desktop/app/host/cli/commandTable';
import { CLI_DOC, MARKER, withCliReference } from './cliReference';

describe("docs/cli.md's command reference", () => {
  const markdown = readFileSync(CLI_DOC, 'utf8');

  it('is what the command table generates (run `npm run docs:cli` after changing a command)', () => {
    expect(markdown).toBe(withCliReference(markdown));
  });

  it('lists every command of the table', () => {
    const block = markdown.slice(markdown.indexOf(MARKER)).split('```')[1]!;
    for (const { name } of COMMAND_TABLE) expect(block).toMatch(new RegExp(`^elftia-mcp (\\[--config-dir DIR\\] )?${name}( |$)`, 'm'));
  });

  it('notices a drifted reference', () => {
    const drifted = markdown.replace(/^elftia-mcp \[--config-dir DIR\] servers auth NAME$/m, 'elftia-mcp servers login NAME');
    expect(drifted).not.toBe(markdown);
    expect(withCliReference(drifted)).toBe(markdown);
  });
});
