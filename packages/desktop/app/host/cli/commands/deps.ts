/** `deps check CMD` and `deps install CMD`: the dependency doctor from a terminal. */
import type { DependencyCheckResult, DependencyInstallAction, DependencyInstallResult, InstallerRun } from '../../../shared/contracts/deps-types';
import { shellLine, shellWord } from '../../../shared/text/commandLine';
import { confirm, EXIT, nameFlags, positionals, UsageError, writeJson, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';

const FLAG_OF_FIELD = { command: 'CMD' };

/** For showing a run to a person; what runs is the argument array itself, never this text. */
function displayRun({ file, args }: InstallerRun): string {
  return shellLine([file, ...args]);
}

function describeAction(action: DependencyInstallAction): string {
  return action.kind === 'download-page' ? `download it from ${action.url}` : `run ${displayRun(action.run)}`;
}

function describeFound(check: DependencyCheckResult): string {
  const where = { 'login-shell': "the login shell's PATH", process: 'PATH', 'explicit-path': 'the path given' }[check.source];
  return `${check.command}: ${check.path}${check.version ? ` (${check.version})` : ''}, found through ${where}`;
}

export const depsCheck: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('deps check', args);
  const [command] = positionals('deps check', rest, ['CMD']) as [string];
  const check = await (await client()).call('deps.check', { command }).catch(nameFlags(FLAG_OF_FIELD));
  if (values.json) writeJson(io, check);
  else if (check.found) io.stdout.write(`${describeFound(check)}\n`);
  else {
    io.stdout.write(`${command}: not installed\n`);
    if (check.install) io.stdout.write(`To install it: elftia-mcp deps install ${shellWord(command)}  (will ${describeAction(check.install)})\n`);
  }
  return check.found ? EXIT.OK : EXIT.FAILURE;
};

const NEXT_STEP: Record<DependencyInstallResult['next'], (r: DependencyInstallResult) => string> = {
  ready: (r) => `${describeFound(r.check)}\nReady: start or reconnect the servers that need it.`,
  restart: (r) => `The installer finished, but "${r.command}" is not on PATH yet: open a new terminal (or restart the app), then run "elftia-mcp deps check ${r.command}".`,
  'finish-download': (r) =>
    `${r.opened ? 'Opened' : 'Open'} ${r.action.url} and install "${r.command}" from there, then run "elftia-mcp deps check ${r.command}".`,
};

export const depsInstall: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('deps install', args);
  const [command] = positionals('deps install', rest, ['CMD']) as [string];
  const app = await client();
  const check = await app.call('deps.check', { command }).catch(nameFlags(FLAG_OF_FIELD));
  // Only a run needs consent: a download page is shown, nothing is started.
  if (!check.found && check.install && check.install.kind !== 'download-page' && !values.yes) {
    if (!io.interactive) throw new UsageError(`this would ${describeAction(check.install)}; pass --yes to allow it without a terminal`, 'deps install');
    if (!(await confirm(io, `Install "${command}": ${describeAction(check.install)}?`))) {
      io.stderr.write('Nothing was installed.\n');
      return EXIT.FAILURE;
    }
  }
  const stop = app.on('deps.install_progress', (p) => {
    if (p.command !== command) return;
    io.stderr.write(p.line !== undefined ? `  | ${p.line}\n` : `${command}: ${p.phase}${p.percent !== undefined ? ` (${Math.round(p.percent)}%)` : ''}\n`);
  });
  const result = await app.call('deps.install', { command }).finally(stop);
  if (values.json) writeJson(io, result);
  else if (result.alreadyInstalled) io.stdout.write(`Already installed. ${describeFound(result.check)}\n`);
  else io.stdout.write(`${result.ran ? `Ran ${displayRun(result.ran)}.\n` : ''}${NEXT_STEP[result.next](result)}\n`);
  return result.next === 'finish-download' ? EXIT.FAILURE : EXIT.OK;
};
