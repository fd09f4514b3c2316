/**
 * Finds the file a spawn of `command` would start, the way the spawn looks it up: a bare name in
 * each PATH folder in order (on Windows with each PATHEXT extension, which is how `npx` is
 * `npx.cmd` there), a name with a slash as it is. Relative PATH folders are skipped: what they
 * point at depends on the folder a server happens to start in.
 */
import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

export interface LookupOptions {
  /** The PATH to search (the value, not the variable). */
  pathValue: string;
  platform?: NodeJS.Platform;
  /** Windows only; default `.COM;.EXE;.BAT;.CMD`, what cmd.exe uses when PATHEXT is unset. */
  pathext?: string | undefined;
}

const DEFAULT_PATHEXT = '.COM;.EXE;.BAT;.CMD';

/** Whether `command` names a file rather than something to look up in PATH. */
export function isExplicitPath(command: string, platform: NodeJS.Platform = process.platform): boolean {
  return platform === 'win32' ? /[\\/]/.test(command) : command.includes('/');
}

/** Every file a spawn could start for `command`, in the order it would try them. Pure. */
export function commandCandidates(command: string, { pathValue, platform = process.platform, pathext }: LookupOptions): string[] {
  const paths = platform === 'win32' ? path.win32 : path.posix;
  const withExtensions = (file: string): string[] => {
    if (platform !== 'win32') return [file];
    const extensions = (pathext || DEFAULT_PATHEXT).split(';').filter(Boolean);
    const hasOne = extensions.some((ext) => file.toLowerCase().endsWith(ext.toLowerCase()));
    return hasOne ? [file] : extensions.map((ext) => file + ext.toLowerCase());
  };
  if (isExplicitPath(command, platform)) return withExtensions(paths.resolve(command));
  return pathValue
    .split(paths.delimiter)
    .filter((dir) => dir && paths.isAbsolute(dir))
    .flatMap((dir) => withExtensions(paths.join(dir, command)));
}

function isExecutableFile(file: string, platform: NodeJS.Platform): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    if (platform !== 'win32') accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first candidate that is an executable file; undefined when there is none. */
export function findCommand(command: string, options: LookupOptions): string | undefined {
  const platform = options.platform ?? process.platform;
  return commandCandidates(command, options).find((file) => isExecutableFile(file, platform));
}
