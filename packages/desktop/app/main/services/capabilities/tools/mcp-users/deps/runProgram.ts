/**
 * Runs one program (an installer, a version probe) with an argument array and reports its output
 * line by line. Never through a shell: nothing in `args` is ever parsed again.
 */
import type { ChildProcess } from 'node:child_process';
// As the stdio transport: on Windows `npm`-style .cmd shims need cross-spawn's escaping to start.
import spawn from 'cross-spawn';
import { createInterface } from 'node:readline';
import type { InstallerRun } from '@shared/contracts/deps-types';
import { IS_WINDOWS, killProcessGroup } from '../transports/processGroup';

export interface RunOptions {
  env: Record<string, string>;
  onLine?: (line: string) => void;
  /** Aborting ends the program's whole process group (an install script's curl and sh too). */
  signal?: AbortSignal;
  /** How many of the last output lines the result keeps. */
  tailLines?: number;
}

export interface RunOutcome {
  /** -1 when it was ended by a signal. */
  exitCode: number;
  tail: string[];
}

/** Resolves when the program has ended; rejects only when it could not be started (ENOENT …). */
export function runProgram({ file, args }: InstallerRun, { env, onLine, signal, tailLines = 20 }: RunOptions): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const tail: string[] = [];
    let child: ChildProcess;
    try {
      child = spawn(file, args, { env, stdio: ['ignore', 'pipe', 'pipe'], shell: false, detached: !IS_WINDOWS, windowsHide: true });
    } catch (err) {
      reject(err);
      return;
    }
    const stop = () => {
      if (child.pid !== undefined && child.exitCode === null) killProcessGroup(child.pid, 'SIGTERM');
    };
    signal?.addEventListener('abort', stop, { once: true });
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        tail.push(line);
        if (tail.length > tailLines) tail.shift();
        onLine?.(line);
      });
    }
    child.once('error', (err) => {
      signal?.removeEventListener('abort', stop);
      reject(err);
    });
    child.once('close', (code) => {
      signal?.removeEventListener('abort', stop);
      resolve({ exitCode: code ?? -1, tail });
    });
  });
}
