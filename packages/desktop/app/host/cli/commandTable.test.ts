import { describe, expect, it } from 'vitest';
import { COMMAND_TABLE, commandSpec, helpText, isHelpTopic, parseFlags, subcommandsOf, type CommandSpec } from './commandTable';

const table: readonly CommandSpec[] = COMMAND_TABLE;
/** `--name`, and `-y` for a short flag, as a person types them. */
const spellings = (spec: CommandSpec) =>
  Object.entries(spec.flags)
    .filter(([, option]) => !option.refused)
    .flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const flagsIn = (text: string) => [...text.matchAll(/(?<![\w-])--([a-z][a-z-]*)/g)].map((m) => `--${m[1]}`);

describe('the command table', () => {
  it('names each command once', () => {
    const names = table.map((spec) => spec.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(table.map((spec) => [spec.name, spec] as const))('%s: its help shows every flag it accepts, its usage only flags it accepts', (name, spec) => {
    const help = helpText(name);
    for (const flag of spellings(spec)) expect(help, flag).toMatch(new RegExp(`(?<![\\w-])${flag}(?![\\w-])`));
    // --config-dir is global, parsed before the command.
    const usage = help.slice(0, help.indexOf('\n\n') === -1 ? undefined : help.indexOf('\n\n'));
    expect(flagsIn(usage).filter((flag) => flag !== '--config-dir' && !spellings(spec).includes(flag))).toEqual([]);
  });

  it('lists every command in the main help and every subcommand in its group help', () => {
    const main = helpText('main');
    for (const spec of table) expect(main).toMatch(new RegExp(`^  ${spec.name}\\b.*${escape(spec.summary)}$`, 'm'));
    const groups = [...new Set(table.filter((spec) => spec.name.includes(' ')).map((spec) => spec.name.split(' ')[0]!))];
    expect(groups).toEqual(['servers', 'providers', 'apps', 'prompts', 'resources', 'agents', 'deps', 'presets', 'daemon', 'registry']);
    for (const group of groups) {
      const subs = table.filter((spec) => spec.name.startsWith(`${group} `)).map((spec) => spec.name.slice(group.length + 1));
      expect(subcommandsOf(group)).toEqual(subs);
      const help = helpText(group);
      expect(help).toContain(`${group} <${subs.join('|')}>`);
      for (const sub of subs) expect(help).toMatch(new RegExp(`^  ${sub} +${escape(commandSpec(`${group} ${sub}` as never).summary)}$`, 'm'));
    }
    // The list the group's help once typed by hand had lost these two.
    expect(helpText('servers')).toMatch(/^ {2}auth +Sign in/m);
    expect(helpText('servers')).toMatch(/^ {2}signout +Forget/m);
  });

  it('knows its help topics', () => {
    expect(['main', 'servers', 'servers auth', 'convert'].every(isHelpTopic)).toBe(true);
    expect(['server', 'servers login', 'help'].some(isHelpTopic)).toBe(false);
    expect(() => helpText('servers login')).toThrow('No help topic');
  });

  it("loads each command's handler", async () => {
    for (const spec of table) expect(typeof (await spec.load()), spec.name).toBe('function');
  });
});

describe('flags declared in the table', () => {
  it('lists each flag in --help with its placeholder, its help and its marks, aligned', () => {
    const help = helpText('servers add');
    const flags = help.slice(help.indexOf('\nFlags:\n') + 8).split('\n');
    expect(flags[0]).toMatch(/^ {2}--name N +Unique name \(compared case-insensitively\) \(required\)$/);
    expect(flags).toContain('  --arg A               stdio: one argument (use --arg=-x for values starting with -) (repeatable)');
    // A flag too wide for the column gets its help on the next line, at the column.
    const secret = flags.indexOf('  --oauth-client-secret-stdin');
    expect(flags[secret + 1]).toMatch(/^ {24}sse\/http: read that client's secret from stdin/);
    const column = (line: string) => line.search(/(?<=\S {2,})\S/);
    expect(new Set(flags.filter((line) => /^ {2}-/.test(line) && line.trim().includes('  ')).map(column))).toEqual(new Set([24]));
    expect(helpText('call')).toMatch(/^ {2}-y, --yes +When the server asks a question/m);
    expect(helpText('servers enable')).not.toContain('Flags:');
  });

  it('writes the usage line from the same declaration: required bare, optional in brackets, repeatable with ...', () => {
    expect(helpText('servers add')).toMatch(/^Usage: elftia-mcp \[--config-dir DIR\] servers add --name N --type stdio\|sse\|http\|websocket\n +\[--command C\] \[--arg A\]\.\.\./);
    expect(helpText('presets install')).toContain('[--dir PATH]...');
  });

  it('keeps a refused flag out of the help and the usage, and refuses it with its reason', () => {
    expect(helpText('providers set')).not.toMatch(/\[--key |^ {2}--key /m);
    expect(() => parseFlags('providers set', ['openai', '--key', 'sk-1'])).toThrow(/^--key is refused: a key on the command line is kept in shell history/);
  });

  it('refuses an unknown flag, naming it and the closest declared one, for the command it was given to', () => {
    const refusal = (name: Parameters<typeof parseFlags>[0], args: string[]) => {
      try {
        parseFlags(name, args);
      } catch (err) {
        return { message: (err as Error).message, command: (err as { command?: string }).command };
      }
      throw new Error('nothing was refused');
    };
    expect(refusal('servers add', ['--nme', 'x', '--type', 'stdio'])).toEqual({ message: "Unknown option '--nme'. Did you mean --name?", command: 'servers add' });
    expect(refusal('servers export', ['--with-secret'])).toEqual({ message: "Unknown option '--with-secret'. Did you mean --with-secrets?", command: 'servers export' });
    expect(refusal('servers add', ['--name=x', '--bogus'])).toEqual({ message: "Unknown option '--bogus'", command: 'servers add' });
    expect(refusal('tools', ['fx', '-x'])).toEqual({ message: "Unknown option '-x'", command: 'tools' });
    // A flag of another command is unknown here; a refused one is never suggested.
    expect(refusal('servers list', ['--all']).message).toBe("Unknown option '--all'");
    expect(refusal('presets install', ['x', '--ky']).message).toBe("Unknown option '--ky'");
  });

  it('says which required flag is missing, with its choices when it has them', () => {
    // chat's --model is required unless its --agent preset names one, so the chat handler checks it (chat.process.test.ts).
    expect(() => parseFlags('servers add', ['--type', 'stdio'])).toThrow('--name N is required');
    expect(() => parseFlags('servers add', ['--name', 'a'])).toThrow('--type is required (stdio, sse, http, websocket)');
    const { values } = parseFlags('servers add', ['--name', 'a', '--type', 'stdio', '--arg', 'x', '--arg', 'y']);
    expect(values).toMatchObject({ name: 'a', type: 'stdio', arg: ['x', 'y'] });
  });
});
