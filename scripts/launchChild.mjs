/**
 * How `npm start` (start.mjs) runs the app's process, Electron or the browser-mode host, so that
 * it ends when it should and not before:
 *
 *  - On POSIX the child gets its own session. Terminal signals (Ctrl-C, closing the terminal)
 *    then reach it only through us, once each; otherwise it would get every Ctrl-C twice (from
 *    the terminal and from us) and take the first press for the "second signal, exit at once".
 *  - Every terminating signal we get is passed on; the child disposes and we exit with its code.
 *  - ELFTIA_LAUNCHER_PID tells the child who we are. If we die without passing anything on
 *    (SIGKILL), the child notices it was orphaned and shuts down (main/services/shutdownSignals.ts).
 *  - On Windows there are no such signals to pass on (child.kill would terminate it outright,
 *    skipping dispose); console events reach the child directly.
 */
import { spawn } from 'node:child_process';

export const TERMINATING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];

export function launchChild(command, args, { cwd } = {}) {
  const posix = process.platform !== 'win32';
  const child = spawn(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ELFTIA_LAUNCHER_PID: String(process.pid) },
    detached: posix,
  });
  if (posix) for (const signal of TERMINATING_SIGNALS) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return child;
}
