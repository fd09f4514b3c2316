import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandCandidates, findCommand, isExplicitPath } from './findCommand';

describe('commandCandidates', () => {
  it('tries every PATHEXT extension on Windows, which is how npx is npx.cmd there', () => {
    const pathValue = 'C:\\Windows\\system32;C:\\Program Files\\nodejs';
    expect(commandCandidates('npx', { pathValue, platform: 'win32', pathext: '.EXE;.CMD' })).toEqual([
      'C:\\Windows\\system32\\npx.exe',
      'C:\\Windows\\system32\\npx.cmd',
      'C:\\Program Files\\nodejs\\npx.exe',
      'C:\\Program Files\\nodejs\\npx.cmd',
    ]);
    expect(commandCandidates('npx.cmd', { pathValue, platform: 'win32' })).toEqual(['C:\\Windows\\system32\\npx.cmd', 'C:\\Program Files\\nodejs\\npx.cmd']);
    expect(commandCandidates('npx', { pathValue: 'C:\\bin', platform: 'win32' })).toContain('C:\\bin\\npx.cmd');
  });

  it('looks a bare name up in the absolute PATH folders in order, and takes a path as it is', () => {
    expect(commandCandidates('uvx', { pathValue: '/opt/homebrew/bin::relative/bin:/usr/bin', platform: 'darwin' })).toEqual([
      '/opt/homebrew/bin/uvx',
      '/usr/bin/uvx',
    ]);
    expect(commandCandidates('/usr/local/bin/uvx', { pathValue: '/usr/bin', platform: 'linux' })).toEqual(['/usr/local/bin/uvx']);
    expect(isExplicitPath('bin\\uvx', 'win32')).toBe(true);
    expect(isExplicitPath('bin\\uvx', 'linux')).toBe(false);
  });
});

describe.skipIf(process.platform === 'win32')('findCommand', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'elftia-find-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (rel: string, mode: number) => {
    const full = path.join(dir, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, '#!/bin/sh\n');
    chmodSync(full, mode);
    return full;
  };

  it('takes the first executable file, skipping ones that are not executable and folders', () => {
    file('a/tool', 0o644);
    mkdirSync(path.join(dir, 'b/tool'), { recursive: true });
    const wanted = file('c/tool', 0o755);
    file('d/tool', 0o755);
    const pathValue = ['a', 'b', 'c', 'd'].map((sub) => path.join(dir, sub)).join(':');
    expect(findCommand('tool', { pathValue })).toBe(wanted);
    expect(findCommand('missing-tool', { pathValue })).toBeUndefined();
    expect(findCommand(path.join(dir, 'a/tool'), { pathValue })).toBeUndefined();
  });
});
