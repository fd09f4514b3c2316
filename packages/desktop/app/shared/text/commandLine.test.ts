import { describe, expect, it } from 'vitest';
import { isCommandLine, shellLine, shellWord, splitCommandLine } from './commandLine';

describe('shellWord', () => {
  it('quotes each word for a POSIX shell: nothing the shell would expand survives unquoted', () => {
    expect(shellWord('plain-name_1.2')).toBe('plain-name_1.2');
    expect(shellWord('@org/pkg@1.2.3')).toBe('@org/pkg@1.2.3');
    expect(shellWord('two words')).toBe(`'two words'`);
    expect(shellWord(`it's`)).toBe(`'it'\\''s'`);
    expect(shellWord('$HOME `id` $(id) "x" \\ ; | & * ?')).toBe(`'$HOME \`id\` $(id) "x" \\ ; | & * ?'`);
    expect(shellWord('')).toBe(`''`);
  });

  it('joins a line the splitter reads back as the same words', () => {
    const words = ['node', '/srv/My Files/server.js', `it's`, '', '--env=A B', '$HOME', 'back\\slash', 'tab\there', 'new\nline', '"quoted"', '日本語'];
    expect(splitCommandLine(shellLine(words))).toEqual(words);
    expect(shellLine(['npx', '-y', '@org/pkg'])).toBe('npx -y @org/pkg');
  });
});

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
