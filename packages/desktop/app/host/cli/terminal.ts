/**
 * The person's terminal, apart from stdin. A command whose stdin carried data (a key piped in or
 * typed up to Ctrl-D with --key-stdin) cannot read an answer from it any more, so it asks here:
 * the controlling terminal, `/dev/tty` on POSIX and the console (`CONIN$`/`CONOUT$`) on Windows.
 * A process without one (a service, CI, a cron job, `setsid`) gets no answer, never a hang: the
 * command takes its safe default and says so.
 */
import fs from 'node:fs';
import tty from 'node:tty';
import type { CliTerminal } from './cliKit';

interface TerminalDevices {
  input: string;
  output: string;
}

const DEVICES: TerminalDevices = process.platform === 'win32' ? { input: 'CONIN$', output: 'CONOUT$' } : { input: '/dev/tty', output: '/dev/tty' };

const openOrUndefined = (file: string, flags: string): number | undefined => {
  try {
    return fs.openSync(file, flags);
  } catch {
    // ENXIO (no controlling terminal), ENOENT, EACCES: there is nobody to ask.
    return undefined;
  }
};

/** Opened on each question, not at start: most commands never ask, and need no terminal. */
export function deviceTerminal(devices: TerminalDevices = DEVICES): CliTerminal {
  return {
    async ask(question, signal) {
      const input = openOrUndefined(devices.input, 'r');
      if (input === undefined) return undefined;
      if (!tty.isatty(input)) {
        fs.closeSync(input);
        return undefined;
      }
      const output = openOrUndefined(devices.output, 'w');
      if (output === undefined) {
        fs.closeSync(input);
        return undefined;
      }
      try {
        fs.writeSync(output, question);
      } finally {
        fs.closeSync(output);
      }
      return readLine(new tty.ReadStream(input), signal);
    },
  };
}

/** One line (without its line ending); undefined on Ctrl-D at an empty line, a read error or the signal. */
function readLine(stream: tty.ReadStream, signal: AbortSignal | undefined): Promise<string | undefined> {
  return new Promise((resolve) => {
    let text = '';
    const finish = (answer: string | undefined) => {
      signal?.removeEventListener('abort', onAbort);
      stream.removeAllListeners();
      // Closes the descriptor too, so nothing keeps the process alive or reads ahead.
      stream.destroy();
      resolve(answer);
    };
    const onAbort = () => finish(undefined);
    if (signal?.aborted) return finish(undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    stream.on('data', (chunk: Buffer | string) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end >= 0) finish(text.slice(0, end).replace(/\r$/, ''));
    });
    stream.once('end', () => finish(text === '' ? undefined : text));
    stream.once('error', () => finish(undefined));
  });
}
