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
    async ask(question, signal, options) {
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
        const stream = new tty.ReadStream(input);
        // Echo goes off before the question shows: what is typed ahead of the prompt is hidden too.
        if (options?.hidden) stream.setRawMode(true);
        fs.writeSync(output, question);
        if (!options?.hidden) return await readLine(stream, signal);
        const answer = await readHidden(stream, signal);
        // Enter was not echoed either: end the question's line.
        fs.writeSync(output, '\n');
        return answer;
      } finally {
        fs.closeSync(output);
      }
    },
  };
}

/**
 * What is typed on `stream` until `onChunk` finishes the answer; the signal, a read error or the
 * end of input (what was typed so far, or undefined when nothing) finish it too. The stream then
 * leaves raw mode if it was in it and is destroyed, which closes the descriptor too, so nothing
 * keeps the process alive or reads ahead.
 */
function readAnswer(
  stream: tty.ReadStream,
  signal: AbortSignal | undefined,
  onChunk: (chunk: string, finish: (answer: string | undefined) => void) => void,
  typed: () => string,
): Promise<string | undefined> {
  return new Promise((resolve) => {
    const finish = (answer: string | undefined) => {
      signal?.removeEventListener('abort', onAbort);
      stream.removeAllListeners();
      if (stream.isRaw) stream.setRawMode(false);
      stream.destroy();
      resolve(answer);
    };
    const onAbort = () => finish(undefined);
    if (signal?.aborted) return finish(undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    stream.on('data', (chunk: Buffer | string) => onChunk(chunk.toString(), finish));
    stream.once('end', () => finish(typed() === '' ? undefined : typed()));
    stream.once('error', () => finish(undefined));
  });
}

/** One line (without its line ending); undefined on Ctrl-D at an empty line, a read error or the signal. */
function readLine(stream: tty.ReadStream, signal: AbortSignal | undefined): Promise<string | undefined> {
  let text = '';
  const onChunk = (chunk: string, finish: (answer: string | undefined) => void) => {
    text += chunk;
    const end = text.indexOf('\n');
    if (end >= 0) finish(text.slice(0, end).replace(/\r$/, ''));
  };
  return readAnswer(stream, signal, onChunk, () => text);
}

/** A key's escape sequence (CSI such as the arrows, SS3 such as F1, or ESC and one character). */
// eslint-disable-next-line no-control-regex -- matching ESC is the point
const ESCAPE_SEQUENCE = /\u001b(\[[0-9;?]*[ -/]*[@-~]|O.|.)?/g;

/**
 * One line typed without echo (the terminal already in raw mode): Backspace takes back a
 * character, Enter ends it, Ctrl-D at an empty line gives no answer, Ctrl-C interrupts as it would
 * outside raw mode, and escape sequences (arrows, function keys) are dropped rather than becoming
 * part of a key.
 */
function readHidden(stream: tty.ReadStream, signal: AbortSignal | undefined): Promise<string | undefined> {
  let text = '';
  const onChunk = (chunk: string, finish: (answer: string | undefined) => void) => {
    for (const char of chunk.replace(ESCAPE_SEQUENCE, '')) {
      if (char === '\r' || char === '\n') return finish(text);
      // Raw mode turned Ctrl-C into a character: give it back its meaning (the CLI's interrupt,
      // exit 130). The answer waits for the interrupt's abort, so the command ends as interrupted,
      // not unanswered. Emitted, not sent with process.kill: self-sent signals are not taken for
      // the person's (shutdownSignals.ts).
      if (char === '\u0003') {
        stream.removeAllListeners('data');
        stream.setRawMode(false);
        if (!signal) return finish(undefined);
        process.emit('SIGINT', 'SIGINT');
        return;
      }
      if (char === '\u0004' && text === '') return finish(undefined);
      if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
      else if (char >= ' ') text += char;
    }
  };
  return readAnswer(stream, signal, onChunk, () => text);
}
