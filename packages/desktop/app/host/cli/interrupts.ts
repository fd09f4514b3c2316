/**
 * SIGINT / SIGTERM for the CLI process: the first one asks for a graceful stop, a second one
 * for an exit at once.
 *
 * "A second one" must mean the person pressed Ctrl-C again. conf → atomically → when-exit also
 * listens for these signals and, after purging its temp files, re-raises the signal on this
 * process (`process.kill(process.pid, signal)`) so that the default action can end it. Our
 * listener keeps the process alive, so the re-raise would arrive as a second interrupt and cut
 * the graceful stop short. Signals this process sends itself are therefore counted as they are
 * sent and not taken for the person's. This holds whatever the order in which the listeners
 * were added, and for any library that re-raises the same way (signal-exit does too).
 */
import { constants } from 'node:os';

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
type Interrupt = (typeof SIGNALS)[number];

export interface InterruptHandlers {
  /** The first interrupt: cancel and dispose, then exit. */
  first(signal: Interrupt): void;
  /** Any later one: the person insists. */
  again(signal: Interrupt): void;
}

/** Process-wide: call once, from the entry. */
export function handleInterrupts(handlers: InterruptHandlers): void {
  const selfSent = new Map<Interrupt, number>();
  const kill = process.kill.bind(process);
  process.kill = (pid: number, signal?: string | number) => {
    const name = interruptName(signal);
    if (name && pid === process.pid) selfSent.set(name, (selfSent.get(name) ?? 0) + 1);
    return kill(pid, signal);
  };

  let interrupts = 0;
  for (const signal of SIGNALS) {
    process.on(signal, () => {
      // Pending self-sent signals of one kind may be merged into one delivery by the OS; a real
      // one merged with them is lost, which costs the person one more Ctrl-C, never a graceful stop.
      const pending = selfSent.get(signal) ?? 0;
      if (pending > 0) {
        selfSent.set(signal, pending - 1);
        return;
      }
      if (++interrupts === 1) handlers.first(signal);
      else handlers.again(signal);
    });
  }
}

function interruptName(signal: string | number | undefined): Interrupt | undefined {
  return SIGNALS.find((name) => signal === name || signal === constants.signals[name]);
}
