/**
 * What every CLI command shares: the I/O it is given (so tests run it in-process), exit codes,
 * usage errors, argument parsing and reading a file-or-stdin input.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import { errorData, serverFailureData } from '../../shared/errorData';
import { AppError, errorMessage, type AppErrorShape } from '../../shared/errors';
import { shellWord } from '../../shared/text/commandLine';
import { terminalSafe } from '../../shared/text/visibleControls';
import type { RouterClient } from './routerClient';
import type { QuestionPolicy } from './serverQuestions';

/** Exit codes are part of the scriptable surface (docs/cli.md); never renumber them. */
export const EXIT = {
  OK: 0,
  /** The command ran and failed: a server could not be reached, a tool returned isError, an import was partial. */
  FAILURE: 1,
  /** The command line or its input is wrong: unknown flag, missing argument, malformed JSON, invalid field. */
  USAGE: 2,
  /** SIGINT / SIGTERM: everything started was disposed first. */
  INTERRUPTED: 130,
} as const;

export interface CliWritable {
  write(chunk: string): unknown;
}

export interface CliIo {
  stdout: CliWritable;
  stderr: CliWritable;
  stdin: AsyncIterable<string | Buffer>;
  env: NodeJS.ProcessEnv;
  /** Aborted on SIGINT/SIGTERM: running work is cancelled and services are disposed. */
  signal?: AbortSignal;
  /** A person is at a terminal (stdin and stderr are TTYs), so a command may ask before acting. */
  interactive?: boolean;
  /** The controlling terminal, for a question once stdin has been read for data (terminal.ts). */
  terminal?: CliTerminal;
  /** How to start this CLI again (`daemon start` runs `daemon run` with it): the program and its first arguments. */
  relaunch?: { command: string; args: string[] };
}

export interface CliTerminal {
  /**
   * Shows `question` and reads one line; undefined when there is no terminal (or the signal aborts).
   * `hidden`: what is typed is not shown (a key), and Ctrl-C gives up the question.
   */
  ask(question: string, signal?: AbortSignal, options?: { hidden?: boolean }): Promise<string | undefined>;
}

/**
 * The I/O with every write and every question passed through `terminalSafe`: a server's tool
 * result, a link's argument or a model's answer can carry escape sequences and bidi controls, and
 * a terminal would act on them (clear the screen, retitle the window, hide a link, reorder a
 * consent prompt). JSON output stays exact JSON with the same value (see visibleControls.ts).
 */
export function terminalIo(io: CliIo): CliIo {
  const safe = (stream: CliWritable): CliWritable => ({ write: (chunk) => stream.write(terminalSafe(chunk)) });
  const { terminal } = io;
  return {
    ...io,
    stdout: safe(io.stdout),
    stderr: safe(io.stderr),
    ...(terminal && { terminal: { ask: (question, signal, options) => terminal.ask(terminalSafe(question), signal, options) } }),
  };
}

/** A mistake in how the CLI was invoked; `command` points the hint at the right `--help`. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command?: string,
  ) {
    super(message);
    this.name = 'UsageError';
  }
}

/** `parseArgs` in strict mode, with its errors turned into usage errors for `command`. */
export function parseCommand<O extends NonNullable<ParseArgsConfig['options']>>(command: string, args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(errorMessage(err), command);
  }
}

/** Exactly `names.length` positionals, named in the message when one is missing or extra. */
export function positionals(command: string, given: string[], names: string[]): string[] {
  if (given.length < names.length) throw new UsageError(`${names[given.length]} is required`, command);
  if (given.length > names.length) throw new UsageError(`Unexpected argument "${given[names.length]}"`, command);
  return given;
}

/**
 * `--timeout S` as milliseconds. Reading a number from the text is the CLI's job; whether it is
 * a valid timeout (positive) is the router's, which names the flag through `nameFlags`.
 */
export function parseSeconds(raw: string | undefined, command: string): number | undefined {
  if (raw === undefined) return undefined;
  const seconds = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(seconds)) throw new UsageError(`--timeout must be a number of seconds; got "${raw}"`, command);
  return Math.round(seconds * 1000);
}

/** Reads FILE, or stdin when the argument is absent or "-". Returns the text and a name for messages. */
export async function readTextInput(io: CliIo, file: string | undefined): Promise<{ text: string; source: string }> {
  if (file === undefined || file === '-') {
    let text = '';
    for await (const chunk of io.stdin) text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    return { text, source: 'stdin' };
  }
  try {
    return { text: await readFile(path.resolve(file), 'utf8'), source: file };
  } catch (err) {
    throw new UsageError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

/** For a DEPS_MISSING whose command has a known installer: the line that offers to install it. */
export function installHint(error: AppErrorShape): string | undefined {
  const missing = errorData(error, 'DEPS_MISSING');
  return missing?.install ? `To install it: elftia-mcp deps install ${shellWord(missing.command)}` : undefined;
}

/**
 * For a failure whose hint is a broken npx cache folder: the exact command that removes that one
 * folder (npx downloads the package again at the next start). The folder comes from npm's own
 * error line, so it is quoted for the shell it is shown for.
 */
export function npxCacheHint(error: AppErrorShape, platform: NodeJS.Platform = process.platform): string | undefined {
  const facts = serverFailureData(error);
  if (facts?.hint !== 'npxCacheBroken' || facts.npxCacheDir === undefined) return undefined;
  const folder = facts.npxCacheDir;
  const remove = platform === 'win32' ? `rmdir /s /q "${folder.replaceAll('"', '')}"` : `rm -rf ${shellWord(folder)}`;
  return `npx's cache folder for this package is broken (a download cut short). To repair it, remove that folder; npx downloads the package again:\n  ${remove}`;
}

/** A JSON flag's value (`--args JSON`), any JSON: the router says what shape it must have, through `nameFlags`. */
export function parseJsonFlag(raw: string | undefined, flag: string, command: string): unknown {
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new UsageError(`${flag} is not valid JSON: ${(err as Error).message}`, command);
  }
}

export function writeJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** A server by id, or by name compared as McpService compares names (trimmed, case-insensitive). */
export async function resolveServer(client: RouterClient, ref: string): Promise<McpServerRecord> {
  const servers = await client.call('mcp.list', {});
  const wanted = ref.trim().toLowerCase();
  const server = servers.find((s) => s.id === ref) ?? servers.find((s) => s.name.trim().toLowerCase() === wanted);
  if (!server) {
    throw new AppError('NOT_FOUND', `No MCP server named "${ref}" (run "elftia-mcp servers list" to see the configured servers)`, {
      name: ref,
    });
  }
  return server;
}

/**
 * For `.catch()` on a route call: the router's VALIDATION_FAILED becomes a usage error naming,
 * for each field at fault, the flag or argument that set it (`config.url` → `--url`). A field
 * with no flag is named by its path; other errors pass through unchanged.
 */
export function nameFlags(flagOf: Readonly<Record<string, string>>) {
  return (err: unknown): never => {
    const issues = err instanceof AppError ? errorData(err, 'VALIDATION_FAILED')?.issues : undefined;
    if (!issues?.length) throw err;
    // The longest path with a flag: `config.env.TOKEN` is set by the flag of `config.env`.
    const flag = (issuePath: string) => {
      const parts = issuePath.split('.');
      for (let n = parts.length; n > 0; n--) {
        const found = flagOf[parts.slice(0, n).join('.')];
        if (found) return found;
      }
      return issuePath;
    };
    // An issue about the input as a whole (the record's size) says what it is about itself.
    throw new UsageError(issues.map((issue) => (issue.path ? `${flag(issue.path)}: ${issue.message}` : issue.message)).join('; '));
  };
}

/** What runCli hands a command: its arguments (after the command words) and a lazily opened client. */
export interface CommandContext {
  io: CliIo;
  args: string[];
  /** The config folder, resolved (--config-dir, $ELFTIA_CONFIG_DIR or the app's own). */
  configDir: string;
  /** Opens the config store and services on first use; runCli disposes them however the command ends. */
  client(): Promise<RouterClient>;
  /** How a server's question (elicitation) or model request (sampling) is answered while the command runs; `--yes` sets `yes`. */
  serverQuestions: QuestionPolicy;
}

export type Command = (ctx: CommandContext) => Promise<number>;

const isYes = (line: string) => /^\s*y(es)?\s*$/i.test(line);

/** One line from the terminal; false for anything but y/yes. */
export async function confirm(io: CliIo, question: string): Promise<boolean> {
  io.stderr.write(`${question} [y/N] `);
  let answer = '';
  for await (const chunk of io.stdin) {
    answer += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    if (answer.includes('\n')) break;
  }
  return isYes(answer.split('\n')[0] ?? '');
}

/**
 * `confirm` for a command whose stdin carried data: the answer comes from the controlling
 * terminal. Undefined when there is none, so the caller takes its safe default and says so.
 */
export async function confirmOnTerminal(io: CliIo, question: string, signal = io.signal): Promise<boolean | undefined> {
  const answer = await io.terminal?.ask(`${question} [y/N] `, signal);
  return answer === undefined ? undefined : isYes(answer);
}
