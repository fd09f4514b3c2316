import { describe, expect, it } from 'vitest';
import { COMMAND_TABLE, commandSpec, helpText, isHelpTopic, subcommandsOf, type CommandSpec } from './commandTable';

const table: readonly CommandSpec[] = COMMAND_TABLE;
/** `--name`, and `-y` for a short flag, as a person types them. */
const spellings = (spec: CommandSpec) =>
  Object.entries(spec.flags).flatMap(([name, option]) => [`--${name}`, ...(option.short ? [`-${option.short}`] : [])]);
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
    expect(groups).toEqual(['servers', 'providers', 'deps', 'presets']);
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
