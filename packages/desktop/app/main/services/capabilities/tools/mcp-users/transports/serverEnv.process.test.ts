import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServerEnv, LoginShellPath, needsLoginShellPath, readLoginShellPath } from './serverEnv';

const PARENT = {
  HOME: '/home/a',
  PATH: '/usr/bin:/bin',
  USER: 'a',
  OPENAI_API_KEY: 'sk-parent',
  ELFTIA_TEST_SECRET: 'leak',
  https_proxy: 'http://proxy:3128',
  NO_PROXY: 'localhost',
  LANG: 'de_DE.UTF-8',
  LC_ALL: 'de_DE.UTF-8',
  TZ: 'Europe/Berlin',
  TERM: '() { :; }; echo pwned',
};

describe('buildServerEnv', () => {
  it('keeps the SDK allow-list, proxy and locale variables, and nothing else', () => {
    expect(buildServerEnv(undefined, { parent: PARENT, platform: 'linux' })).toEqual({
      HOME: '/home/a',
      PATH: '/usr/bin:/bin',
      USER: 'a',
      https_proxy: 'http://proxy:3128',
      NO_PROXY: 'localhost',
      LANG: 'de_DE.UTF-8',
      LC_ALL: 'de_DE.UTF-8',
      TZ: 'Europe/Berlin',
    });
  });

  it("uses the login shell's PATH and lets the server's own env win", () => {
    const env = buildServerEnv({ LANG: 'C', OPENAI_API_KEY: 'sk-mine' }, { parent: PARENT, platform: 'linux', path: '/opt/homebrew/bin:/usr/bin' });
    expect(env.PATH).toBe('/opt/homebrew/bin:/usr/bin');
    expect(env.LANG).toBe('C');
    expect(env.OPENAI_API_KEY).toBe('sk-mine');
    expect(env.ELFTIA_TEST_SECRET).toBeUndefined();
  });

  it('matches names without regard to case on Windows only (Path is PATH there)', () => {
    const parent = { Path: 'C:\\bin', GITHUB_TOKEN: 'x' };
    expect(buildServerEnv(undefined, { parent, platform: 'win32', path: 'C:\\login' })).toEqual({ Path: 'C:\\login' });
    expect(buildServerEnv(undefined, { parent, platform: 'linux' })).toEqual({});
  });
});

describe('needsLoginShellPath', () => {
  it('asks the login shell only on POSIX and only when no shell started us', () => {
    expect(needsLoginShellPath({}, 'darwin')).toBe(true);
    expect(needsLoginShellPath({ SHLVL: '1' }, 'darwin')).toBe(false);
    expect(needsLoginShellPath({}, 'win32')).toBe(false);
  });
});

describe.skipIf(process.platform === 'win32')('readLoginShellPath', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'elftia-shell-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const fakeShell = (name: string, body: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  };

  it('reads PATH from a real login shell, ignoring what its rc files print around it', async () => {
    // A shell whose rc prints a banner; the command it is given must still run and be parsed.
    const shell = fakeShell('banner-sh', `echo "Welcome!"; PATH=/login/bin:$PATH; export PATH; shift; exec /bin/sh -c "$1"`);
    expect(await readLoginShellPath(shell)).toBe(`/login/bin:${process.env.PATH}`);
  });

  it('reads PATH from /bin/sh started as a login shell', async () => {
    expect(await readLoginShellPath('/bin/sh')).toMatch(/^\/.+/);
  });

  it('stops waiting after the timeout, leaving the shell to finish by itself', async () => {
    const marker = path.join(dir, 'finished');
    const shell = fakeShell('slow-sh', `sleep 1; touch '${marker}'`);
    const started = Date.now();
    expect(await readLoginShellPath(shell, 200)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(900);
    // Not killed: a shell stopped halfway through its rc files can leave their lock files behind.
    await expect.poll(() => existsSync(marker), { timeout: 5_000 }).toBe(true);
  });

  it('answers undefined for a shell that does not exist or fails', async () => {
    expect(await readLoginShellPath(path.join(dir, 'missing-sh'))).toBeUndefined();
    expect(await readLoginShellPath(fakeShell('fail-sh', 'exit 1'))).toBeUndefined();
  });
});

describe.skipIf(process.platform === 'win32')('LoginShellPath', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'elftia-login-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const log = path.join(dir, 'asked.log');
  const pathFile = path.join(dir, 'path');
  const shell = path.join(dir, 'login-sh');
  // An rc file that takes a moment and sets PATH from a file; each start is logged.
  writeFileSync(shell, `#!/bin/sh\necho asked >> '${log}'\nsleep 0.2\nPATH="$(/bin/cat '${pathFile}')"; export PATH\nexec /bin/sh -c "$2"\n`);
  chmodSync(shell, 0o755);
  const asked = () => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').length : 0);

  it('asks once, joins a refresh to a question still being answered, and asks again on a later refresh', async () => {
    writeFileSync(pathFile, '/first/bin');
    const resolver = new LoginShellPath({ shell, needed: true });
    const [first, joined] = await Promise.all([resolver.get(), resolver.refresh()]);
    expect([first, joined]).toEqual(['/first/bin', '/first/bin']);
    expect(await resolver.get()).toBe('/first/bin');
    expect(asked()).toBe(1);
    writeFileSync(pathFile, '/first/bin:/installed/bin');
    expect(await resolver.refresh()).toBe('/first/bin:/installed/bin');
    expect(asked()).toBe(2);
  });

  it('asks nothing when not needed', async () => {
    expect(await new LoginShellPath({ shell, needed: false }).get()).toBeUndefined();
  });
});
