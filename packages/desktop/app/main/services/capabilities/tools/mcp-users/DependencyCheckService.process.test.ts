/**
 * The dependency doctor against real processes: a fake login shell (a script that prints the
 * PATH kept in a file, as an rc file would set it) and fake installers (tiny scripts that put an
 * executable on that PATH). Nothing real is installed.
 */
import { appendFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DependencyInstallAction } from '@shared/contracts/deps-types';
import { AppError } from '@shared/errors';
import { DependencyCheckService, type DependencyCheckServiceOptions, type DependencyInstallProgress } from './DependencyCheckService';
import type { Installer } from './deps/installers';
import { LoginShellPath } from './transports/serverEnv';

let dir: string;
let pathFile: string;
let shellLog: string;
let services: DependencyCheckService[] = [];

function script(rel: string, body: string): string {
  const file = path.join(dir, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A login shell whose "rc file" sets PATH to the contents of pathFile, and that logs each time it is asked. */
function fakeLoginShell(): string {
  return script('shell/login-sh', `echo asked >> '${shellLog}'\nPATH="$(/bin/cat '${pathFile}')"; export PATH\nexec /bin/sh -c "$2"`);
}

function makeService(options: DependencyCheckServiceOptions = {}): { service: DependencyCheckService; progress: DependencyInstallProgress[] } {
  const service = new DependencyCheckService({
    // The process PATH holds nothing, so whatever is found came through the login shell.
    env: { PATH: path.join(dir, 'empty') },
    loginShell: new LoginShellPath({ shell: fakeLoginShell(), needed: true }),
    platform: process.platform,
    ...options,
  });
  services.push(service);
  const progress: DependencyInstallProgress[] = [];
  service.onProgress((p) => progress.push(p));
  return { service, progress };
}

const scriptInstaller = (command: string, file: string, args: string[] = []): Installer => ({
  commands: [command],
  versionArgs: ['--version'],
  action: (): DependencyInstallAction => ({ kind: 'script', run: { file: '/bin/sh', args: [file, ...args] }, url: `https://example.invalid/${command}` }),
});

const failure = (promise: Promise<unknown>) => promise.then(() => expect.unreachable('should have failed'), (err: unknown) => err as AppError);

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-deps-'));
  pathFile = path.join(dir, 'login-path');
  shellLog = path.join(dir, 'shell.log');
  writeFileSync(pathFile, `${path.join(dir, 'bin')}:/usr/bin:/bin`);
});
afterEach(() => {
  for (const service of services) service.dispose();
  services = [];
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('DependencyCheckService', () => {
  it('finds node through the login shell, with its absolute path and version', async () => {
    const node = script('bin/node', 'echo v99.1.0');
    const { service } = makeService();
    expect(await service.check('node')).toEqual({ command: 'node', found: true, path: node, version: '99.1.0', source: 'login-shell' });
    // A missing command says how it would be installed here.
    const missing = await service.check('uvx');
    expect(missing).toMatchObject({ command: 'uvx', found: false, source: 'login-shell', install: { kind: 'script' } });
    expect(missing.path).toBeUndefined();
    // Asked once, then cached.
    expect(readFileSync(shellLog, 'utf8').trim().split('\n')).toHaveLength(1);
  });

  it("falls back to the process PATH when the login shell does not answer", async () => {
    const node = script('other/node', 'echo v1.0.0');
    const { service } = makeService({ env: { PATH: path.dirname(node) }, loginShell: new LoginShellPath({ shell: script('shell/broken', 'exit 1'), needed: true }) });
    expect(await service.check('node')).toMatchObject({ found: true, path: node, source: 'process' });
    expect(await service.check(node)).toMatchObject({ found: true, path: node, source: 'explicit-path' });
  });

  it('refreshes PATH from the login shell without a restart', async () => {
    const { service } = makeService();
    const later = path.join(dir, 'later');
    script('later/fresh-tool', 'exit 0');
    expect((await service.check('fresh-tool')).found).toBe(false);
    appendFileSync(pathFile, `:${later}`);
    expect((await service.check('fresh-tool')).found).toBe(false);
    expect((await service.refreshPath()).directories).toContain(later);
    expect(await service.check('fresh-tool')).toMatchObject({ found: true, path: path.join(later, 'fresh-tool') });
  });

  it('installs with a fake installer, streams its progress and finds the command on the refreshed PATH', async () => {
    const home = path.join(dir, 'home/.local/bin');
    const argsLog = path.join(dir, 'args.log');
    // Like uv's script: puts the tool in its own folder and adds that folder to the shell's rc file.
    const installer = script(
      'installers/fakecmd.sh',
      [
        `printf '%s\\n' "$@" > '${argsLog}'`,
        'echo "downloading fakecmd 40%"',
        `mkdir -p '${home}' && printf '#!/bin/sh\\necho "fakecmd 1.2.3"\\n' > '${home}/fakecmd' && chmod +x '${home}/fakecmd'`,
        `printf ':%s' '${home}' >> '${pathFile}'`,
        'echo "installed" >&2',
      ].join('\n'),
    );
    const { service, progress } = makeService({ installers: [scriptInstaller('fakecmd', installer, ['--quiet', 'a b'])] });
    expect(await service.check('fakecmd')).toMatchObject({ found: false, install: { kind: 'script' } });

    const result = await service.installCommand('fakecmd');
    expect(result).toEqual({
      command: 'fakecmd',
      alreadyInstalled: false,
      action: { kind: 'script', run: { file: '/bin/sh', args: [installer, '--quiet', 'a b'] }, url: 'https://example.invalid/fakecmd' },
      ran: { file: '/bin/sh', args: [installer, '--quiet', 'a b'], exitCode: 0 },
      check: { command: 'fakecmd', found: true, path: path.join(home, 'fakecmd'), version: '1.2.3', source: 'login-shell' },
      next: 'ready',
    });
    // Arguments arrive as the array, one each, never re-split by a shell.
    expect(readFileSync(argsLog, 'utf8')).toBe('--quiet\na b\n');
    expect(progress.map((p) => p.phase)).toEqual(['started', 'output', 'output', 'checking', 'done']);
    expect(progress).toContainEqual({ command: 'fakecmd', phase: 'output', percent: 40, line: 'downloading fakecmd 40%' });
    expect(progress).toContainEqual({ command: 'fakecmd', phase: 'output', line: 'installed' });

    // Installed now: a second install runs nothing.
    const again = await service.installCommand('fakecmd');
    expect(again).toMatchObject({ alreadyInstalled: true, next: 'ready' });
    expect(again.ran).toBeUndefined();
  });

  it('runs one installer for concurrent installs of the same command', async () => {
    const runs = path.join(dir, 'runs.log');
    const installer = script('installers/slow.sh', `echo run >> '${runs}'; sleep 0.3`);
    const { service } = makeService({ installers: [scriptInstaller('slowcmd', installer)] });
    const [a, b] = await Promise.all([service.installCommand('slowcmd'), service.installCommand('slowcmd')]);
    expect(a).toBe(b);
    expect(readFileSync(runs, 'utf8')).toBe('run\n');
    // It ran, the command is still not on PATH: the person is told to open a new terminal.
    expect(a.next).toBe('restart');
  });

  it('reports a failed installer with its exit code and the tail of its output', async () => {
    const installer = script('installers/fail.sh', 'echo "resolving"; echo "error: no space left" >&2; exit 3');
    const { service } = makeService({ installers: [scriptInstaller('failcmd', installer)] });
    const err = await failure(service.installCommand('failcmd'));
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('DEPS_INSTALL_FAILED');
    expect(err.data).toMatchObject({ command: 'failcmd', exitCode: 3, ran: { file: '/bin/sh', args: [installer] }, url: 'https://example.invalid/failcmd' });
    expect(err.data?.outputTail).toEqual(expect.arrayContaining(['resolving', 'error: no space left']));
  });

  it('reports an installer program that is not there (Homebrew missing) with where to do it by hand', async () => {
    const installers: Installer[] = [
      { commands: ['brewcmd'], action: () => ({ kind: 'package-manager', manager: 'brew', run: { file: path.join(dir, 'no-brew'), args: ['install', 'x'] }, url: 'https://example.invalid/manual' }) },
    ];
    const { service } = makeService({ installers });
    const err = await failure(service.installCommand('brewcmd'));
    expect(err.code).toBe('DEPS_INSTALL_FAILED');
    expect(err.message).toMatch(/is not installed; see https:\/\/example\.invalid\/manual/);
  });

  it('opens a download page through the port, or leaves it to the caller without one', async () => {
    const installers: Installer[] = [{ commands: ['pagecmd'], action: () => ({ kind: 'download-page', url: 'https://example.invalid/download' }) }];
    const opened: string[] = [];
    const withOpener = makeService({ installers, openUrl: async (url) => void opened.push(url) });
    expect(await withOpener.service.installCommand('pagecmd')).toMatchObject({ opened: true, next: 'finish-download', check: { found: false } });
    expect(opened).toEqual(['https://example.invalid/download']);
    expect(withOpener.progress.map((p) => p.phase)).toEqual(['opened']);
    expect(await makeService({ installers }).service.installCommand('pagecmd')).toMatchObject({ opened: false, next: 'finish-download' });
  });

  it('runs nothing for hostile names: no installer matches them, and a path only selects by its last segment', async () => {
    const argsLog = path.join(dir, 'args.log');
    const marker = path.join(dir, 'pwned');
    const installer = script('installers/record.sh', `printf '%s\\n' "$@" >> '${argsLog}'`);
    const { service } = makeService({ installers: [scriptInstaller('fakecmd', installer, ['--fixed'])] });
    for (const name of ['__proto__', 'constructor', `fakecmd; touch '${marker}'`, `$(touch '${marker}')`, 'fakecmd && id', '`id`', 'FAKECMD']) {
      const err = await failure(service.installCommand(name));
      expect(err.code, name).toBe('DEPS_NO_INSTALLER');
    }
    expect(existsSync(argsLog)).toBe(false);
    // The name is never passed on: the registered arguments are all the installer gets.
    await service.installCommand(`${dir}/$(touch '${marker}')/fakecmd`);
    expect(readFileSync(argsLog, 'utf8')).toBe('--fixed\n');
    expect(existsSync(marker)).toBe(false);
  });

  it('stops a running installer, its whole process group, on dispose', async () => {
    const pidFile = path.join(dir, 'sleep.pid');
    const installer = script('installers/hang.sh', `sleep 30 & echo $! > '${pidFile}'; wait`);
    const { service } = makeService({ installers: [scriptInstaller('hangcmd', installer)] });
    const pending = failure(service.installCommand('hangcmd'));
    await expect.poll(() => existsSync(pidFile) && readFileSync(pidFile, 'utf8').trim() !== '').toBe(true);
    const sleeper = Number(readFileSync(pidFile, 'utf8'));
    service.dispose();
    expect((await pending).code).toBe('DEPS_INSTALL_FAILED');
    // A zombie counts as gone: where PID 1 does not reap orphans (containers) it lingers.
    const alive = () => {
      try {
        if (existsSync('/proc/self/stat')) return !/^\S+ \(.*\) Z/.test(readFileSync(`/proc/${sleeper}/stat`, 'utf8'));
        process.kill(sleeper, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(alive).toBe(false);
  });
});
