/**
 * The CLI as a function: `runCli(argv, io) → exit code`. The entry (index.ts) binds it to the
 * process; tests call it in-process. Whatever a command starts is disposed before this returns.
 */
import path from 'node:path';
import { errorData } from '../../shared/errorData';
import { AppError, errorMessage } from '../../shared/errors';
import { listWords } from '../../shared/transports';
import { defaultConfigDir } from '../../main/services/config/configDir';
import type { Services } from '../../main/services/createServices';
import { EXIT, installHint, npxCacheHint, terminalIo, UsageError, type CliIo } from './cliKit';
import { commandSpec, helpText, isCommand, isGroup, isHelpTopic, subcommandsOf, type CommandName } from './commandTable';
import { authHint } from './commands/auth';
import type { HostConnection } from './hostClient';
import { createRouterClient, type RouterClient } from './routerClient';

export async function runCli(argv: readonly string[], given: CliIo): Promise<number> {
  // Once, here: every command's output and every question reaches the terminal through this.
  const io = terminalIo(given);
  let services: Services | undefined;
  let hosted: HostConnection | undefined;
  let client: Promise<RouterClient> | undefined;
  const serverQuestions = { yes: false };
  // An interrupt disposes at once: pending connects and calls fail fast, child processes go.
  const onAbort = () => void (hosted ?? services)?.dispose();
  io.signal?.addEventListener('abort', onAbort);
  let command: string | undefined;
  try {
    const { configDir, verbose, noDaemon, rest } = parseGlobalOptions(argv);
    const resolved = resolveCommand(rest);
    if (resolved.help !== undefined) {
      io.stdout.write(`${helpText(resolved.help)}\n`);
      return EXIT.OK;
    }
    command = resolved.name;
    const dir = path.resolve(configDir ?? defaultConfigDir(io.env));
    // Each handler is loaded when it runs: start time is paid per command, and `--help` pays almost none.
    const spec = commandSpec(resolved.name);
    const run = await spec.load();
    const open = async () => {
      if (spec.viaHost && !noDaemon) hosted = await runningHost(dir, io, verbose);
      else if (verbose) io.stderr.write(`elftia-mcp: in this process (${noDaemon ? '--no-daemon' : `${resolved.name} does not use a daemon`})\n`);
      const router = hosted?.client ?? (await inProcess());
      // Whatever the command, a server that asks the person gets asked on the terminal (or declined):
      // with nobody listening it would be declined silently. Gone with the services on dispose.
      const { answerServerQuestions } = await import('./serverQuestions');
      answerServerQuestions(router, io, serverQuestions);
      return router;
    };
    const inProcess = async () => {
      const { openServices } = await import('./openServices');
      // An interrupt that came while loading must not start anything.
      if (io.signal?.aborted) throw new AppError('MCP_CANCELLED', 'Interrupted');
      services = openServices(dir, io);
      return createRouterClient(services);
    };
    const context = {
      io,
      args: resolved.args,
      configDir: dir,
      serverQuestions,
      client: () => {
        if (io.signal?.aborted) return Promise.reject(new AppError('MCP_CANCELLED', 'Interrupted'));
        client ??= open();
        return client;
      },
    };
    // A server that needs a sign-in: once the person agreed, sign in and run the command once more (see signedInToRunAgain).
    const signIns = new Set<string>();
    for (;;) {
      try {
        return await run(context);
      } catch (err) {
        const needed = err instanceof AppError ? errorData(err, 'AUTH_REQUIRED') : undefined;
        if (!needed || resolved.name === 'servers auth' || !client) throw err;
        const { signedInToRunAgain } = await import('./commands/auth');
        if (!(await signedInToRunAgain(client, io, err as AppError, { yes: serverQuestions.yes, signIns }))) throw err;
      }
    }
  } catch (err) {
    if (io.signal?.aborted) {
      io.stderr.write('Interrupted.\n');
      return EXIT.INTERRUPTED;
    }
    return report(io, err, command);
  } finally {
    io.signal?.removeEventListener('abort', onAbort);
    await hosted?.dispose();
    await services?.dispose();
  }
}

/**
 * The daemon (or browser-mode host) serving `dir`, when one runs and answers; else undefined and
 * the command starts its own servers. With --verbose, one line on stderr says which.
 */
async function runningHost(dir: string, io: CliIo, verbose: boolean): Promise<HostConnection | undefined> {
  const { findHost } = await import('./hostClient');
  const found = await findHost(dir, (line) => io.stderr.write(`warning: ${line}\n`));
  if (verbose) {
    const { connection, note } = found;
    io.stderr.write(connection ? `elftia-mcp: using the ${connection.record.kind === 'browser' ? 'browser-mode host' : 'daemon'} at ${connection.url} (pid ${connection.record.pid})\n` : `elftia-mcp: in this process: ${note}\n`);
  }
  return found.connection;
}

interface GlobalOptions {
  configDir?: string | undefined;
  verbose: boolean;
  noDaemon: boolean;
  rest: string[];
}

/** Options before the command. Only these are global; each command parses its own. */
function parseGlobalOptions(argv: readonly string[]): GlobalOptions {
  let configDir: string | undefined;
  let verbose = false;
  let noDaemon = false;
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (!arg.startsWith('-')) break;
    if (arg === '-h' || arg === '--help') return { verbose, noDaemon, rest: ['help'] };
    if (arg === '--verbose') {
      verbose = true;
      continue;
    }
    if (arg === '--no-daemon') {
      noDaemon = true;
      continue;
    }
    if (arg === '--config-dir' || arg.startsWith('--config-dir=')) {
      const value = arg === '--config-dir' ? argv[++i] : arg.slice('--config-dir='.length);
      if (!value || value.startsWith('-')) throw new UsageError('--config-dir needs a folder');
      configDir = value;
      continue;
    }
    throw new UsageError(`Unknown option "${arg}" before the command (options go after the command, except --config-dir, --verbose and --no-daemon)`);
  }
  return { configDir, verbose, noDaemon, rest: argv.slice(i) };
}

type Resolved = { help: string } | { help?: undefined; name: CommandName; args: string[] };

function resolveCommand(words: string[]): Resolved {
  const [first, second] = words;
  if (first === undefined || first === 'help') return { help: helpTopic(words.slice(1)) };
  const group = isGroup(first) ? first : undefined;
  const name = group && second !== undefined && !second.startsWith('-') ? `${group} ${second}` : first;
  const args = words.slice(name.split(' ').length);
  const end = args.indexOf('--');
  const wantsHelp = (end === -1 ? args : args.slice(0, end)).some((a) => a === '-h' || a === '--help');
  if (group && name === group) {
    if (wantsHelp) return { help: group };
    throw new UsageError(`${group} needs a subcommand: ${listWords(subcommandsOf(group), 'or')}`, group);
  }
  if (!isCommand(name)) {
    throw new UsageError(group ? `Unknown subcommand "${group} ${second}"` : `Unknown command "${first}"`, group);
  }
  return wantsHelp ? { help: name } : { name, args };
}

function helpTopic(words: string[]): string {
  const topic = words.join(' ');
  if (!topic) return 'main';
  if (!isHelpTopic(topic)) throw new UsageError(`No help for "${topic}"`);
  return topic;
}

/** One line (or a few, for a stderr tail) on stderr, and the exit code the error class maps to. */
function report(io: CliIo, err: unknown, command: string | undefined): number {
  if (err instanceof UsageError) {
    const where = err.command ?? command;
    io.stderr.write(`elftia-mcp${where ? ` ${where}` : ''}: ${err.message}\n`);
    io.stderr.write(`Run "elftia-mcp ${where ? `${where} ` : ''}--help" for usage.\n`);
    return EXIT.USAGE;
  }
  // Input the router rejected that the command did not map to a flag (a file that is not a
  // server list) is a usage error too; the router's message names the field.
  if (err instanceof AppError && err.code === 'VALIDATION_FAILED') return report(io, new UsageError(err.message), command);
  if (err instanceof AppError) {
    io.stderr.write(`error: ${err.message}\n`);
    const hint = installHint(err.toShape()) ?? npxCacheHint(err.toShape()) ?? authHint(err.toShape());
    if (hint) io.stderr.write(`${hint}\n`);
    return EXIT.FAILURE;
  }
  io.stderr.write(`error: ${errorMessage(err)}\n`);
  return EXIT.FAILURE;
}
