/**
 * A command's flags, declared once (commandTable.ts): the parser reads the declaration (strictly:
 * an unknown flag is a usage error naming it, with the closest declared one), and the usage line,
 * the --help flag list and docs/cli.md are rendered from it.
 */
import { parseArgs } from 'node:util';
import { errorMessage } from '../../shared/errors';
import { suggestKey } from '../../shared/unknownKeys';
import { UsageError } from './cliKit';

export interface FlagSpec {
  readonly type: 'string' | 'boolean';
  /** `-y` for `--yes`. */
  readonly short?: string;
  /** May be given more than once; the values are collected in order. */
  readonly multiple?: true;
  /** The value's placeholder in help (`--name N`); string flags only. */
  readonly value?: string;
  /** The values it takes, for the usage line and the "is required" message (the handler checks the value: some take aliases). */
  readonly choices?: readonly string[];
  /** One line, or a few (continuation lines are indented under the first). */
  readonly help: string;
  /** The command does not run without it: the parser says so before the handler starts. */
  readonly required?: true;
  /**
   * Declared only to be refused with this reason instead of as an unknown flag (`--key VALUE`
   * would sit in shell history); not shown in help.
   */
  readonly refused?: string;
}

export type Flags = Readonly<Record<string, FlagSpec>>;

type Parsed<F extends Flags> = ReturnType<typeof parseArgs<{ args: string[]; options: F; allowPositionals: true; strict: true }>>;
type RequiredNames<F extends Flags> = { [K in keyof F]: F[K] extends { required: true } ? K : never }[keyof F];
/** The parsed values; a required flag's is always there. */
export type FlagValues<F extends Flags> = Parsed<F>['values'] & { readonly [K in RequiredNames<F>]: string };

/** The first option in `args` the declaration lacks, as typed (`--nme`, `-x`). */
function unknownFlag(args: string[], flags: Flags): { rawName: string; name: string } | undefined {
  const { tokens } = parseArgs({ args, options: flags, allowPositionals: true, strict: false, tokens: true });
  return tokens.find((token) => token.kind === 'option' && !Object.hasOwn(flags, token.name)) as { rawName: string; name: string } | undefined;
}

/**
 * The command's flags parsed with its declaration: an unknown flag, a refused one, a missing
 * value or a missing required flag is a usage error for `command`.
 */
export function parseFlags<F extends Flags>(command: string, args: string[], flags: F): { values: FlagValues<F>; positionals: string[] } {
  let parsed: Parsed<F>;
  try {
    parsed = parseArgs({ args, options: flags, allowPositionals: true, strict: true });
  } catch (err) {
    const unknown = (err as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ? unknownFlag(args, flags) : undefined;
    if (!unknown) throw new UsageError(errorMessage(err), command);
    const near = unknown.rawName.startsWith('--') ? suggestKey(unknown.name, shown(flags).map(([name]) => name)) : undefined;
    // runCli heads the message with the command: "elftia-mcp servers add: Unknown option '--nme'. Did you mean --name?"
    throw new UsageError(`Unknown option '${unknown.rawName}'${near ? `. Did you mean --${near}?` : ''}`, command);
  }
  const values = parsed.values as Record<string, unknown>;
  for (const [name, spec] of Object.entries(flags)) {
    if (spec.refused && values[name] !== undefined) throw new UsageError(`--${name} is refused: ${spec.refused}`, command);
    if (spec.required && values[name] === undefined) {
      const what = spec.choices ? ` (${spec.choices.join(', ')})` : '';
      throw new UsageError(`--${name}${spec.choices || !spec.value ? '' : ` ${spec.value}`} is required${what}`, command);
    }
  }
  return parsed as { values: FlagValues<F>; positionals: string[] };
}

const shown = (flags: Flags) => Object.entries(flags).filter(([, spec]) => !spec.refused);

/** `[--arg A]...`, `--name N`, `[--type stdio|sse|http|websocket]`: each flag as the usage line shows it, in declaration order. */
export function flagSynopsis(flags: Flags): string[] {
  return shown(flags).map(([name, spec]) => {
    const value = spec.choices?.join('|') ?? spec.value;
    const word = `--${name}${value ? ` ${value}` : ''}`;
    return spec.required ? word : `[${word}]${spec.multiple ? '...' : ''}`;
  });
}

/** Beyond this the flag column would push the help too far right: a longer flag gets its help on the next line. */
const MAX_COLUMN = 22;

/** The --help flag list: `  -y, --yes   help`, aligned, its first line marked "(required)" or "(repeatable)" from the declaration. */
export function flagHelp(flags: Flags): string {
  const rows = shown(flags).map(([name, spec]) => {
    const synopsis = `${spec.short ? `-${spec.short}, ` : ''}--${name}${spec.value ? ` ${spec.value}` : ''}`;
    const marks = [spec.required && 'required', spec.multiple && 'repeatable'].filter(Boolean);
    const [first, ...more] = spec.help.split('\n');
    return { synopsis, help: [`${first}${marks.length ? ` (${marks.join(', ')})` : ''}`, ...more].join('\n') };
  });
  const fitting = rows.map((row) => row.synopsis.length).filter((width) => width <= MAX_COLUMN);
  const column = 2 + Math.max(0, ...fitting) + 2;
  const indent = ' '.repeat(column);
  return rows
    .map(({ synopsis, help }) => {
      const text = help.split('\n').join(`\n${indent}`);
      const head = `  ${synopsis}`;
      return head.length + 2 <= column ? `${head.padEnd(column)}${text}` : `${head}\n${indent}${text}`;
    })
    .join('\n');
}
