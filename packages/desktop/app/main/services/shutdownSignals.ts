/**
 * How the app's long-running processes (the Electron main process, the browser-mode host) end:
 * on any terminating signal, and when the launcher that started them dies.
 *
 * Node's default for SIGHUP (closing the terminal), SIGQUIT and SIGUSR2 is to die on the spot:
 * no dispose, no 'exit' event, so stdio servers that ignore stdin EOF kept running. With a
 * handler, the first signal disposes (servers close gracefully) and a second one exits at once;
 * the process tracker's exit hook still kills every tracked process group on that exit.
 */
import os from 'node:os';

export const TERMINATING_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];

/** Set by scripts/launchChild.mjs (what `npm start` uses) to its own pid. */
export const LAUNCHER_PID_ENV = 'ELFTIA_LAUNCHER_PID';

/**
 * The same signal again within this window is the first one echoed, not a person asking twice:
 * `when-exit` (conf → atomically) re-raises every signal on its own process after its cleanup,
 * whether or not someone else handles it.
 */
const ECHO_MS = 250;

/**
 * Calls `onFirst` on the first terminating signal; a second one exits at once with 128 + its
 * number. Returns the function that removes the handlers.
 */
export function handleTerminatingSignals(onFirst: (signal: NodeJS.Signals) => void): () => void {
  let first: { signal: NodeJS.Signals; at: number } | undefined;
  const listener = (signal: NodeJS.Signals) => {
    if (!first) {
      first = { signal, at: Date.now() };
      onFirst(signal);
      return;
    }
    if (signal === first.signal && Date.now() - first.at < ECHO_MS) return;
    process.exit(128 + (os.constants.signals[signal] ?? 0));
  };
  const installed: NodeJS.Signals[] = [];
  for (const signal of TERMINATING_SIGNALS) {
    if (!(signal in os.constants.signals)) continue;
    try {
      process.on(signal, listener);
      installed.push(signal);
    } catch {
      // A platform that cannot listen for this signal (Windows has no SIGQUIT or SIGUSR2).
    }
  }
  return () => {
    for (const signal of installed) process.off(signal, listener);
  };
}

/**
 * Calls `onGone` once the launcher named by ELFTIA_LAUNCHER_PID has died (say it was SIGKILLed
 * and could not pass a signal on). Does nothing when the variable is absent or names a process
 * that is not our parent (inherited from somewhere else). Removes the variable from our
 * environment, so the servers we spawn do not inherit it. Returns the function that stops watching.
 */
export function watchLauncher(onGone: () => void, { env = process.env, intervalMs = 500 } = {}): () => void {
  const pid = Number(env[LAUNCHER_PID_ENV]);
  delete env[LAUNCHER_PID_ENV];
  if (!Number.isInteger(pid) || pid <= 0 || !launcherAlive(pid)) return () => undefined;
  const timer = setInterval(() => {
    if (launcherAlive(pid)) return;
    clearInterval(timer);
    onGone();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function launcherAlive(pid: number): boolean {
  // POSIX re-parents an orphan (to init or a subreaper), so "is it still our parent" tells,
  // and unlike probing the pid it cannot be fooled by a recycled pid.
  if (process.platform !== 'win32') return process.ppid === pid;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
