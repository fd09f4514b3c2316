/**
 * `deps check` and `deps install` in-process, with the installer registry replaced by one fake
 * installer (a real script that puts an executable `fakecmd` into a temp folder on PATH).
 * Nothing real is installed.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeSandbox, type CliSandbox } from '@desktop-testing/cliTestkit';

const fake = vi.hoisted(() => ({ run: { file: '/bin/sh', args: [] as string[] } }));

vi.mock('../../main/services/capabilities/tools/mcp-users/deps/installers', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../main/services/capabilities/tools/mcp-users/deps/installers')>();
  const installers: typeof original.DEFAULT_INSTALLERS = [
    { commands: ['fakecmd'], versionArgs: ['--version'], action: () => ({ kind: 'script', run: fake.run, url: 'https://example.invalid/fakecmd' }) },
  ];
  return { ...original, DEFAULT_INSTALLERS: installers };
});

let dir: string;
let bin: string;
let runsLog: string;
const saved = { PATH: process.env.PATH, SHLVL: process.env.SHLVL };

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-cli-deps-'));
  bin = path.join(dir, 'bin');
  runsLog = path.join(dir, 'runs.log');
  mkdirSync(bin);
  const installer = path.join(dir, 'install-fakecmd.sh');
  writeFileSync(
    installer,
    [
      `echo run >> '${runsLog}'`,
      'echo "fetching fakecmd 50%"',
      `printf '#!/bin/sh\\necho "fakecmd 2.0.1"\\n' > '${bin}/fakecmd' && chmod +x '${bin}/fakecmd'`,
    ].join('\n'),
  );
  fake.run.args = [installer];
  // As if started from a terminal: PATH is this process's (no login shell is asked) and holds the fake's folder.
  process.env.PATH = `${bin}${path.delimiter}${saved.PATH ?? ''}`;
  process.env.SHLVL = '1';
});
afterAll(() => {
  Object.assign(process.env, saved);
  rmSync(dir, { recursive: true, force: true });
});

let cli: CliSandbox;
beforeEach(() => {
  cli = makeSandbox();
  rmSync(path.join(bin, 'fakecmd'), { force: true });
  rmSync(runsLog, { force: true });
});
afterEach(() => cli.remove());

const ran = () => (existsSync(runsLog) ? readFileSync(runsLog, 'utf8').split('\n').filter(Boolean).length : 0);

describe.skipIf(process.platform === 'win32')('deps', () => {
  it('check says what is missing and how it would be installed', async () => {
    const missing = await cli.run(['deps', 'check', 'fakecmd']);
    expect(missing).toMatchObject({ code: 1, stderr: '' });
    expect(missing.stdout).toBe(`fakecmd: not installed\nTo install it: elftia-mcp deps install fakecmd  (will run /bin/sh ${fake.run.args[0]})\n`);
    const json = await cli.run(['deps', 'check', 'fakecmd', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ command: 'fakecmd', found: false, source: 'process', install: { kind: 'script', run: fake.run } });
    expect(ran()).toBe(0);
  });

  it('install asks at a terminal, and a "no" runs nothing', async () => {
    const declined = await cli.run(['deps', 'install', 'fakecmd'], 'n\n', { interactive: true });
    expect(declined.code).toBe(1);
    expect(declined.stderr).toBe(`Install "fakecmd": run /bin/sh ${fake.run.args[0]}? [y/N] Nothing was installed.\n`);
    expect(ran()).toBe(0);
  });

  it('install refuses to run an installer without a terminal unless --yes is given', async () => {
    const refused = await cli.run(['deps', 'install', 'fakecmd']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/pass --yes to allow it without a terminal/);
    expect(ran()).toBe(0);
  });

  it('install runs the installer after a "yes", prints its progress and finds the command', async () => {
    const installed = await cli.run(['deps', 'install', 'fakecmd'], 'y\n', { interactive: true });
    expect(installed.code).toBe(0);
    expect(installed.stderr).toContain('fakecmd: started\n  | fetching fakecmd 50%\nfakecmd: checking\nfakecmd: done (100%)\n');
    expect(installed.stdout).toBe(
      `Ran /bin/sh ${fake.run.args[0]}.\nfakecmd: ${bin}/fakecmd (2.0.1), found through PATH\nReady: start or reconnect the servers that need it.\n`,
    );
    expect(ran()).toBe(1);

    const again = await cli.run(['deps', 'install', 'fakecmd', '--yes']);
    expect(again).toMatchObject({ code: 0, stdout: `Already installed. fakecmd: ${bin}/fakecmd (2.0.1), found through PATH\n` });
    expect(ran()).toBe(1);
  });

  it('install --yes --json runs without asking and prints the result', async () => {
    const result = await cli.run(['deps', 'install', 'fakecmd', '--yes', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ command: 'fakecmd', ran: { ...fake.run, exitCode: 0 }, check: { found: true, version: '2.0.1' }, next: 'ready' });
  });

  it('reports a command without an installer, and bad input, with the usual exit codes', async () => {
    const unknown = await cli.run(['deps', 'install', 'elftia-no-such-tool', '--yes']);
    expect(unknown).toMatchObject({ code: 1, stderr: expect.stringMatching(/^error: No installer is known for "elftia-no-such-tool"/) });
    const dash = await cli.run(['deps', 'check', '--', '-rf']);
    expect(dash).toMatchObject({ code: 2, stderr: expect.stringMatching(/^elftia-mcp deps check: CMD: /) });
    const none = await cli.run(['deps']);
    expect(none).toMatchObject({ code: 2, stderr: expect.stringContaining('deps needs a subcommand: check or install') });
    expect(ran()).toBe(0);
  });

  it('servers test on a missing command offers the install', async () => {
    await cli.run(['servers', 'add', '--name', 'needs-fake', '--type', 'stdio', '--command', 'fakecmd']);
    const tested = await cli.run(['servers', 'test', 'needs-fake']);
    expect(tested.code).toBe(1);
    expect(tested.stderr).toContain('To install it: elftia-mcp deps install fakecmd\n');
  });
});
