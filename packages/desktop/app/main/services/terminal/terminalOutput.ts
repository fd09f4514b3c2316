/**
 * What a process writes to its own terminal (the browser-mode host, the Electron main process, the
 * CLI's last-resort error) passes through `terminalSafe`: a notice, an error message or a refused
 * install link can quote a server's name or a link's field, and a terminal would act on the escape
 * sequences and bidi controls in them. Guarding the streams once covers console.* and every later
 * write, ours or a library's.
 */
import { terminalSafe } from '../../../shared/text/visibleControls';

/** Replaces each stream's `write` with one that makes controls visible in string chunks; Buffers pass unchanged. */
export function guardTerminalOutput(streams: readonly Pick<NodeJS.WriteStream, 'write'>[] = [process.stdout, process.stderr]): void {
  for (const stream of streams) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => write(typeof chunk === 'string' ? terminalSafe(chunk) : chunk, ...rest));
  }
}
