/**
 * The installer registry: how each command a server may need gets installed, per platform.
 * Supporting a new command is one entry in DEFAULT_INSTALLERS. Pure: nothing here runs anything.
 *
 * Every run is a program and an argument array. The uv scripts are constant shell text, written
 * here, never assembled from a command name or anything else that arrives from outside.
 */
import type { DependencyInstallAction } from '@shared/contracts/deps-types';

export interface Installer {
  /** The commands it provides, as a server's config names them. */
  commands: readonly string[];
  /** Arguments that make the command print its version; absent = the version is not asked. */
  versionArgs?: readonly string[];
  action(platform: NodeJS.Platform): DependencyInstallAction;
}

export type InstallerRegistry = readonly Installer[];

const NODE_DOWNLOAD = 'https://nodejs.org/en/download';
const UV_INSTALL = 'https://docs.astral.sh/uv/getting-started/installation/';

export const DEFAULT_INSTALLERS: InstallerRegistry = [
  {
    commands: ['node', 'npm', 'npx'],
    versionArgs: ['--version'],
    action: (platform) => {
      if (platform === 'win32') {
        const args = ['install', '--id', 'OpenJS.NodeJS.LTS', '--exact', '--accept-source-agreements', '--accept-package-agreements'];
        return { kind: 'package-manager', manager: 'winget', run: { file: 'winget', args }, url: NODE_DOWNLOAD };
      }
      if (platform === 'darwin') return { kind: 'package-manager', manager: 'brew', run: { file: 'brew', args: ['install', 'node'] }, url: NODE_DOWNLOAD };
      return { kind: 'download-page', url: NODE_DOWNLOAD };
    },
  },
  {
    commands: ['uv', 'uvx'],
    versionArgs: ['--version'],
    action: (platform) =>
      platform === 'win32'
        ? {
            kind: 'script',
            run: { file: 'powershell', args: ['-NoProfile', '-ExecutionPolicy', 'ByPass', '-Command', 'irm https://astral.sh/uv/install.ps1 | iex'] },
            url: UV_INSTALL,
          }
        : { kind: 'script', run: { file: 'sh', args: ['-c', 'curl -LsSf https://astral.sh/uv/install.sh | sh'] }, url: UV_INSTALL },
  },
];

/**
 * The name an installer is looked up by: the last path segment, and on Windows without its
 * executable extension and case (`C:\nodejs\NPX.CMD` is npx there).
 */
export function commandKey(command: string, platform: NodeJS.Platform = process.platform): string {
  const base = command.split(platform === 'win32' ? /[\\/]/ : '/').pop() ?? command;
  return platform === 'win32' ? base.replace(/\.(cmd|exe|bat|com)$/i, '').toLowerCase() : base;
}

/** The installer providing `command`, compared exactly (so `__proto__` or `node; rm` match nothing). */
export function installerFor(command: string, registry: InstallerRegistry, platform: NodeJS.Platform = process.platform): Installer | undefined {
  const key = commandKey(command, platform);
  return registry.find((installer) => installer.commands.includes(key));
}

/** The install action offered for a missing command, if any installer provides it. */
export function installActionFor(command: string, registry: InstallerRegistry, platform: NodeJS.Platform = process.platform): DependencyInstallAction | undefined {
  return installerFor(command, registry, platform)?.action(platform);
}
