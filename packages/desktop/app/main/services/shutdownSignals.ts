/**
 * How the app's processes (the Electron main process, the browser-mode host, the CLI) end: on a
 * terminating signal, and when the launcher that started them dies.
 *
 * Node's default for SIGHUP (closing the terminal), SIGQUIT and SIGUSR2 is to die on the spot:
 * no dispose, no 'exit' event, so stdio servers that ignore stdin EOF kept running. With a
 * handler, the first signal disposes (servers close gracefully) and a second one exits at once;
 * the process tracker's exit hook still kills every tracked process group on that exit.
 *
 * "A second one" must mean someone sent it again. conf → atomically → when-exit also listens
 * for these signals and, after purging its temp files, re-raises the signal on this process
 * (`process.kill(process.pid, signal)`) so that the default action can end it. Our listener
 * keeps the process alive, so the re-raise would arrive as a second signal and cut the graceful
 * stop short. Signals this process sends itself are therefore counted as they are sent and not
 * taken for someone else's. That holds whatever the order in which the listeners were added,
 * for any library that re-raises the same way (signal-exit does too), and, unlike a time window,
 * never swallows a real second press.
 */
import os from 'node:os';

export const TERMINATING_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];

/** Set by scripts/launchChild.mjs (what `npm start` uses) to its own pid. */
export const LAUNCHER_PID_ENV = 'ELFTIA_LAUNCHER_PID';

export interface SignalHandlers {
  /** The first terminating signal: stop gracefully. */
  first(signal: NodeJS.Signals): void;
  /** Any later one: exit at once. Defaults to exiting with 128 + the signal's number. */
  again?(signal: NodeJS.Signals): void;
}

/**
 * Listens for `signals` (default: all of TERMINATING_SIGNALS this platform has). Returns the
 * function that removes the listeners and stops counting self-sent signals.
 */
export function handleTerminatingSignals(handlers: SignalHandlers, signals: readonly NodeJS.Signals[] = TERMINATING_SIGNALS): () => void {
  const again = handlers.again ?? ((signal: NodeJS.Signals) => process.exit(128 + (os.constants.signals[signal] ?? 0)));
  const selfSent = countSelfSentSignals(signals);
  let received = 0;
  const listener = (signal: NodeJS.Signals) => {
    // Pending self-sent signals of one kind may be merged into one delivery by the OS; a real
    // one merged with them is lost, which costs one more press, never a graceful stop.
    if (selfSent.consume(signal)) return;
    if (++received === 1) handlers.first(signal);
    else again(signal);
  };
  const installed: NodeJS.Signals[] = [];
  for (const signal of signals) {
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
    selfSent.restore();
  };
}

/**
 * Wraps `process.kill` to count the `signals` this process sends to itself. `consume` takes one
 * off the count of `signal`, answering whether there was one; `restore` unwraps.
 */
function countSelfSentSignals(signals: readonly NodeJS.Signals[]): { consume(signal: NodeJS.Signals): boolean; restore(): void } {
  const pending = new Map<NodeJS.Signals, number>();
  const kill = process.kill;
  const counting = (pid: number, signal?: string | number): true => {
    const name = signals.find((candidate) => signal === candidate || signal === os.constants.signals[candidate]);
    if (name && pid === process.pid) pending.set(name, (pending.get(name) ?? 0) + 1);
    return kill.call(process, pid, signal);
  };
  process.kill = counting;
  return {
    consume(signal) {
      const count = pending.get(signal) ?? 0;
      if (count > 0) pending.set(signal, count - 1);
      return count > 0;
    },
    restore() {
      if (process.kill === counting) process.kill = kill;
    },
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
