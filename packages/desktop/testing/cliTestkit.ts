/** Test scaffolding for the CLI suites: a temp config dir and runCli with captured streams. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import { runCli } from '../app/host/cli/runCli';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** What the command asked at the terminal (with the `terminal` option). */
  asked?: string[];
}

export interface CliRunOptions {
  /** As at a terminal: stdin and stderr are TTYs. */
  interactive?: boolean;
  /** A controlling terminal that answers these lines in turn (then as Ctrl-D); absent, there is none. */
  terminal?: string[];
  /** The command's environment (default empty), e.g. BROWSER for a sign-in. */
  env?: NodeJS.ProcessEnv;
}

export interface CliSandbox {
  dir: string;
  /** runCli with `--config-dir dir` in front, `stdin` as its standard input and an empty env. */
  run(args: string[], stdin?: string, options?: CliRunOptions): Promise<CliRun>;
  remove(): void;
}

export function makeSandbox(): CliSandbox {
  const dir = mkdtempSync(path.join(tmpdir(), 'elftia-cli-'));
  return {
    dir,
    async run(args, stdin = '', { interactive = false, terminal, env = {} } = {}) {
      let stdout = '';
      let stderr = '';
      const asked: string[] = [];
      const answers = [...(terminal ?? [])];
      const code = await runCli(['--config-dir', dir, ...args], {
        stdout: { write: (chunk: string) => (stdout += chunk) },
        stderr: { write: (chunk: string) => (stderr += chunk) },
        stdin: Readable.from([stdin]),
        // No ELFTIA_CONFIG_DIR or HOME leaking in: only --config-dir decides.
        env,
        interactive,
        ...(terminal && {
          terminal: {
            ask: async (question: string) => {
              asked.push(question);
              return answers.shift();
            },
          },
        }),
      });
      return { code, stdout, stderr, ...(terminal && { asked }) };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `servers add` arguments for the stdio fixture server run by this node binary. */
export function stdioFixtureArgs(name: string, ...extra: string[]): string[] {
  return ['servers', 'add', '--name', name, '--type', 'stdio', '--command', process.execPath, '--arg', FIXTURE_SERVERS.stdio, ...extra];
}
