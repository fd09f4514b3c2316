import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { brokenNpxCacheIn, isNpxCacheFolder, npmCacheOf, npxDownloadOf, npxInstallDir, npxRunOf, removeNpxCacheFolder } from './npxCache';

const temps: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(tmpdir(), 'elftia-npx-'));
  temps.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of temps.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('npxRunOf', () => {
  it('finds the package an npx command line runs', () => {
    expect(npxRunOf('npx', ['-y', '@modelcontextprotocol/server-filesystem@2025.8.21', '/tmp'])).toEqual({
      specs: ['@modelcontextprotocol/server-filesystem@2025.8.21'],
      name: '@modelcontextprotocol/server-filesystem',
      version: '2025.8.21',
    });
    expect(npxRunOf('/usr/local/bin/npx', ['--yes', 'semver'])).toEqual({ specs: ['semver'], name: 'semver' });
    expect(npxRunOf('npx.cmd', ['--cache', 'C:\\c', '-y', 'pkg@^1'])).toEqual({ specs: ['pkg@^1'], name: 'pkg', version: '^1', cache: 'C:\\c' });
    expect(npxRunOf('npm', ['exec', '--', 'pkg@1.0.0', '--flag'])).toMatchObject({ specs: ['pkg@1.0.0'] });
    expect(npxRunOf('npx', ['-p', 'b@2', '--package=a@1', 'run-it'])).toMatchObject({ specs: ['b@2', 'a@1'], name: 'b', version: '2' });
  });

  it('is undefined for other programs and for what is not a registry package', () => {
    expect(npxRunOf('node', ['server.js'])).toBeUndefined();
    expect(npxRunOf('npm', ['run', 'serve'])).toBeUndefined();
    expect(npxRunOf('npx', ['-y'])).toBeUndefined();
    expect(npxRunOf('npx', ['-c', 'echo hi'])).toBeUndefined();
    expect(npxRunOf('npx', ['./local-folder'])).toBeUndefined();
    expect(npxRunOf('npx', ['github:org/repo'])).toBeUndefined();
  });
});

it('computes npx’s cache folder as npm 11 does (checked: npx -y semver@7.6.0 made _npx/9dfaefb6dc6ac94c)', () => {
  expect(npxInstallDir({ specs: ['semver@7.6.0'], name: 'semver' }, '/home/a/.npm')).toBe(path.join('/home/a/.npm', '_npx', '9dfaefb6dc6ac94c'));
  // The specs are sorted before hashing, so their order on the command line does not matter.
  expect(npxInstallDir({ specs: ['b@2', 'a@1'], name: 'b' }, '/c')).toBe(npxInstallDir({ specs: ['a@1', 'b@2'], name: 'a' }, '/c'));
  expect(npmCacheOf({ HOME: '/home/a' })).toBe(path.join('/home/a', '.npm'));
  expect(npmCacheOf({ HOME: '/home/a', NPM_CONFIG_CACHE: '/elsewhere' })).toBe('/elsewhere');
});

it('knows whether a server’s npx package still has to be downloaded, and when it has been', () => {
  const cache = tempDir();
  const server = {
    id: 's',
    name: 's',
    type: 'stdio' as const,
    scope: 'user' as const,
    isActive: true,
    isTrusted: false,
    disabledTools: [],
    disabledAutoApproveTools: [],
    installSource: 'manual' as const,
    createdAt: 0,
    config: { command: 'npx', args: ['-y', 'semver@7.6.0'], env: { npm_config_cache: cache } },
  };
  const download = npxDownloadOf(server);
  expect(download).toMatchObject({ package: 'semver', version: '7.6.0' });
  expect(download!.done()).toBe(false);
  const dir = path.join(cache, '_npx', '9dfaefb6dc6ac94c');
  fs.mkdirSync(path.join(dir, 'node_modules', 'semver'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'node_modules', 'semver', 'package.json'), '{}');
  expect(download!.done()).toBe(false); // npx writes its folder's package.json last
  fs.writeFileSync(path.join(dir, 'package.json'), '{}');
  expect(download!.done()).toBe(true);
  expect(npxDownloadOf(server)).toBeUndefined();
});

describe('brokenNpxCacheIn', () => {
  it('reads the folder from npm 11’s and older npm’s ENOENT lines', () => {
    expect(
      brokenNpxCacheIn(
        "npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '/home/a/.npm/_npx/9dfaefb6dc6ac94c/package.json'",
      ),
    ).toBe('/home/a/.npm/_npx/9dfaefb6dc6ac94c');
    expect(brokenNpxCacheIn("npm ERR! enoent ENOENT: no such file or directory, open '/home/a/.npm/_npx/0123456789abcdef/node_modules/@s/p/package.json'")).toBe(
      '/home/a/.npm/_npx/0123456789abcdef',
    );
    expect(
      brokenNpxCacheIn("npm error enoent ENOENT: no such file or directory, open 'C:\\Users\\Jo Doe\\AppData\\Local\\npm-cache\\_npx\\0123456789abcdef\\package.json'"),
    ).toBe('C:\\Users\\Jo Doe\\AppData\\Local\\npm-cache\\_npx\\0123456789abcdef');
  });

  it('ignores other lines', () => {
    expect(brokenNpxCacheIn('npm error path /home/a/.npm/_npx/9dfaefb6dc6ac94c/package.json')).toBeUndefined();
    expect(brokenNpxCacheIn("Error: ENOENT: no such file or directory, open '/srv/app/config.json'")).toBeUndefined();
  });
});

describe('removing a broken npx cache folder', () => {
  it('accepts exactly one folder of npx’s cache', () => {
    expect(isNpxCacheFolder('/home/a/.npm/_npx/9dfaefb6dc6ac94c')).toBe(true);
    for (const bad of ['/home/a/.npm/_npx', '/home/a/.npm/_npx/9dfaefb6dc6ac94c/', '/home/a/.npm/_npx/../_npx/9dfaefb6dc6ac94c', '_npx/9dfaefb6dc6ac94c', '/home/a/.npm/_npx/9DFAEFB6DC6AC94C', '/home/a']) {
      expect(isNpxCacheFolder(bad), bad).toBe(false);
    }
  });

  it('removes the folder, refuses anything else, and never follows a link', async () => {
    const cache = tempDir();
    const folder = path.join(cache, '_npx', '0123456789abcdef');
    fs.mkdirSync(path.join(folder, 'node_modules'), { recursive: true });
    await expect(removeNpxCacheFolder(folder)).resolves.toEqual({ path: folder, removed: true });
    expect(fs.existsSync(folder)).toBe(false);
    await expect(removeNpxCacheFolder(folder)).resolves.toEqual({ path: folder, removed: false });
    await expect(removeNpxCacheFolder(cache)).rejects.toMatchObject({ code: 'NPX_CACHE_NOT_A_FOLDER' });

    const precious = tempDir();
    fs.writeFileSync(path.join(precious, 'keep.txt'), 'keep');
    fs.symlinkSync(precious, folder);
    await expect(removeNpxCacheFolder(folder)).rejects.toMatchObject({ code: 'NPX_CACHE_NOT_A_FOLDER' });
    expect(fs.readFileSync(path.join(precious, 'keep.txt'), 'utf8')).toBe('keep');
  });
});
