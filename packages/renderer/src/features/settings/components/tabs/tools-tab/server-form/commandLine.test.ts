import { describe, expect, it } from 'vitest';
import { isCommandLine, splitCommandLine } from './commandLine';

describe('splitCommandLine', () => {
  it.each([
    ['npx -y @modelcontextprotocol/server-filesystem ~/Documents', ['npx', '-y', '@modelcontextprotocol/server-filesystem', '~/Documents']],
    ['  uvx   mcp-server-fetch  ', ['uvx', 'mcp-server-fetch']],
    ['node server.js --dir "My Files" --name \'a "b"\'', ['node', 'server.js', '--dir', 'My Files', '--name', 'a "b"']],
    ['echo "say \\"hi\\"" back\\ slash', ['echo', 'say "hi"', 'back slash']],
    ['cmd --empty "" \'\'', ['cmd', '--empty', '', '']],
    ['npx -y \\\n  @org/pkg', ['npx', '-y', '@org/pkg']],
    ['docker run -e KEY=$TOKEN img', ['docker', 'run', '-e', 'KEY=$TOKEN', 'img']],
    ['a"b c"d', ['ab cd']],
    ['', []],
  ])('%j', (line, words) => {
    expect(splitCommandLine(line)).toEqual(words);
  });

  it('keeps an unterminated quote to the end rather than dropping text', () => {
    expect(splitCommandLine('node "my server.js')).toEqual(['node', 'my server.js']);
  });

  it('tells a command line from a single command', () => {
    expect(isCommandLine('npx -y pkg')).toBe(true);
    expect(isCommandLine('npx')).toBe(false);
    expect(isCommandLine('"/Applications/My App/bin/server"')).toBe(false);
  });
});
