/** Test scaffolding for the CLI suites: a temp config dir and runCli with captured streams. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FIXTURE_SERVERS } from '../../../../../e2e/fixtures/servers/paths';
import { runCli } from './runCli';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliSandbox {
  dir: string;
  /** runCli with `--config-dir dir` in front, `stdin` as its standard input and an empty env; `interactive` as at a terminal. */
  run(args: string[], stdin?: string, options?: { interactive?: boolean }): Promise<CliRun>;
  remove(): void;
}

export function makeSandbox(): CliSandbox {
  const dir = mkdtempSync(path.join(tmpdir(), 'elftia-cli-'));
  return {
    dir,
    async run(args, stdin = '', { interactive = false } = {}) {
      let stdout = '';
      let stderr = '';
      const code = await runCli(['--config-dir', dir, ...args], {
        stdout: { write: (chunk: string) => (stdout += chunk) },
        stderr: { write: (chunk: string) => (stderr += chunk) },
        stdin: Readable.from([stdin]),
        // No ELFTIA_CONFIG_DIR or HOME leaking in: only --config-dir decides.
        env: {},
        interactive,
      });
      return { code, stdout, stderr };
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** `servers add` arguments for the stdio fixture server run by this node binary. */
export function stdioFixtureArgs(name: string, ...extra: string[]): string[] {
  return ['servers', 'add', '--name', name, '--type', 'stdio', '--command', process.execPath, '--arg', FIXTURE_SERVERS.stdio, ...extra];
}
