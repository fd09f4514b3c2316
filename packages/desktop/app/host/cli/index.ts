/**
 * `elftia-mcp`: the CLI entry (built to out/main/cli.js; bin/elftia-mcp.mjs runs it). Binds
 * runCli to the process: argv, the standard streams, and signals that dispose before exiting.
 */
import { handleTerminatingSignals } from '../../main/services/shutdownSignals';
import { terminalSafe } from '../../shared/text/visibleControls';
import { EXIT } from './cliKit';
import { runCli } from './runCli';
import { deviceTerminal } from './terminal';

const controller = new AbortController();
// SIGINT and SIGTERM only: the exit code (130) and the messages are the interrupt's.
handleTerminatingSignals(
  {
    first() {
      // Cancels running work; runCli disposes what it started (children are stopped) and exits 130.
      controller.abort();
      // A command waiting for stdin (convert or import from a terminal) stops waiting.
      process.stdin.destroy();
    },
    again() {
      process.stderr.write('Interrupted again: exiting without stopping what was started.\n');
      process.exit(EXIT.INTERRUPTED);
    },
  },
  ['SIGINT', 'SIGTERM'],
);

// A reader that went away (`elftia-mcp tools x | head`) is not a crash: later writes are dropped,
// the command finishes and disposes as usual, so no child process is orphaned.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
}

runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  stdin: process.stdin,
  env: process.env,
  signal: controller.signal,
  interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY),
  terminal: deviceTerminal(),
  // The program that runs this CLI (the bin, the build or the source through tsx), for `daemon start`.
  relaunch: { command: process.execPath, args: [...process.execArgv, ...process.argv.slice(1, 2)] },
}).then(
  (code) => exitAfterFlush(code),
  (err: unknown) => {
    // Outside runCli's guarded streams, and the message may quote a server.
    process.stderr.write(terminalSafe(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`));
    exitAfterFlush(EXIT.FAILURE);
  },
);

/**
 * Explicit exit: idle keep-alive sockets of fetch would otherwise hold the process open for
 * seconds after the work is done. The empty writes let piped output drain first.
 */
function exitAfterFlush(code: number): void {
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}
