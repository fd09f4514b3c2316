/**
 * What npx does before a server runs, read from npx's own cache layout (npm 11's libnpmexec,
 * checked against npm 11.19):
 *
 * - `npx [options] <spec> …` (and `npm exec` / `npm x`) installs the packages it runs into
 *   `<npm cache>/_npx/<hash>/node_modules`, where `<hash>` is the first 16 hex digits of the
 *   SHA-512 of the package specs as given (`-p` values, else the first word), sorted and joined
 *   by newlines. `<npm cache>` is `--cache`, else `npm_config_cache`, else `~/.npm`
 *   (`%LocalAppData%\npm-cache` on Windows). A spec without a folder there is downloaded first,
 *   which can take far longer than a connect should: the pool gives that its own phase and limit.
 * - A download that was cut short leaves the folder without its package.json, and every later
 *   start fails with `ENOENT … /_npx/<hash>/…/package.json` until that one folder is removed.
 *
 * Not covered: a package npx finds installed in the working folder or globally (it runs that
 * and downloads nothing, so the phase ends when the server answers), a cache folder set in an
 * .npmrc, and uvx, pnpm dlx and bunx, whose cache layouts could not be checked here.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import type { McpPackageDownload, McpServerRecord } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';

/** npx options that take a value as the next word (the value is not the package). */
const VALUE_OPTIONS = new Set(['-p', '--package', '-c', '--call', '--cache', '--registry', '--userconfig', '-w', '--workspace', '--prefix', '--loglevel']);
/** A registry spec: `name`, `@scope/name`, either with `@version` (a version, range or tag). */
const REGISTRY_SPEC = /^((?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*)(?:@([^\s/]+))?$/i;
const NPX_FOLDER = /^[0-9a-f]{16}$/;

export interface NpxRun {
  /** The package specs npx installs, as given (what its cache folder's hash is made of). */
  specs: string[];
  /** The first one's name and version (absent: latest). */
  name: string;
  version?: string;
  /** `--cache DIR` on the command line. */
  cache?: string;
}

/** The packages a command line has npx install, or undefined when it is not an npx run of registry packages. */
export function npxRunOf(command: string, args: readonly string[]): NpxRun | undefined {
  const program = path.basename(command).toLowerCase().replace(/\.(cmd|exe)$/, '');
  let words: readonly string[];
  if (program === 'npx') words = args;
  else if (program === 'npm' && (args[0] === 'exec' || args[0] === 'x')) words = args.slice(1);
  else return undefined;

  const packages: string[] = [];
  let cache: string | undefined;
  let shellCommand = false;
  let first: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word === '--') {
      first = words[i + 1];
      break;
    }
    if (!word.startsWith('-')) {
      first = word;
      break;
    }
    const [option, inline] = word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
    if (!VALUE_OPTIONS.has(option)) continue;
    const value = inline ?? words[++i];
    if (value === undefined) return undefined;
    if (option === '-p' || option === '--package') packages.push(value);
    if (option === '--cache') cache = value;
    if (option === '-c' || option === '--call') shellCommand = true;
  }
  // With -p the first word is a command of those packages; with -c there is no first word.
  if (packages.length === 0) {
    if (shellCommand || first === undefined) return undefined;
    packages.push(first);
  }
  const parsed = REGISTRY_SPEC.exec(packages[0]!);
  if (!parsed || packages.some((spec) => !REGISTRY_SPEC.test(spec))) return undefined;
  return { specs: packages, name: parsed[1]!, ...(parsed[2] ? { version: parsed[2] } : {}), ...(cache ? { cache } : {}) };
}

/** npx's folder for these specs: `<cache>/_npx/<hash>` (the hash as libnpmexec computes it). */
export function npxInstallDir(run: NpxRun, npmCache: string): string {
  const sorted = [...run.specs].sort((a, b) => a.localeCompare(b, 'en'));
  const hash = createHash('sha512').update(sorted.join('\n')).digest('hex').slice(0, 16);
  return path.join(run.cache ?? npmCache, '_npx', hash);
}

/** npm's cache folder for a server's process: its own env's `npm_config_cache` (any case), else npm's default. */
export function npmCacheOf(env: Readonly<Record<string, string | undefined>>): string {
  const key = Object.keys(env).find((name) => name.toLowerCase() === 'npm_config_cache');
  const configured = key ? env[key] : undefined;
  if (configured) return configured;
  if (process.platform === 'win32') return path.join(env.LOCALAPPDATA ?? path.join(homedir(), 'AppData', 'Local'), 'npm-cache');
  return path.join(env.HOME ?? homedir(), '.npm');
}

/** Whether npx has this run's first package in its cache, complete (its folder's package.json is written last). */
const isCached = (dir: string, name: string) => fs.existsSync(path.join(dir, 'node_modules', name, 'package.json')) && fs.existsSync(path.join(dir, 'package.json'));

/** A download the server's first start will wait for: which package, and a check that it has finished. */
export interface PendingDownload extends McpPackageDownload {
  done(): boolean;
}

/**
 * The package a stdio server's npx will download before the server starts, or undefined when
 * there is none (not npx, or already in the cache). The server's process gets HOME and the npm
 * cache setting from its own env, else from ours (serverEnv.ts passes HOME on).
 */
export function npxDownloadOf(server: McpServerRecord): PendingDownload | undefined {
  if (server.type !== 'stdio' || !server.config.command) return undefined;
  const run = npxRunOf(server.config.command, server.config.args ?? []);
  if (!run) return undefined;
  const dir = npxInstallDir(run, npmCacheOf({ HOME: process.env.HOME, LOCALAPPDATA: process.env.LOCALAPPDATA, ...server.config.env }));
  if (isCached(dir, run.name)) return undefined;
  return { package: run.name, ...(run.version ? { version: run.version } : {}), done: () => isCached(dir, run.name) };
}

const QUOTED = /'([^']*?[\\/]_npx[\\/][0-9a-f]{16})(?:[\\/][^']*)?'/;
const BARE = /((?:[A-Za-z]:)?[^\s'"]*?[\\/]_npx[\\/][0-9a-f]{16})(?=[\\/\s'"]|$)/;

/**
 * The cache folder an npm error line says is broken: npm's `ENOENT … open '…/_npx/<hash>/…/package.json'`
 * (npm 11: `npm error enoent Could not read package.json: Error: ENOENT: no such file or
 * directory, open '…'`; npm 6–10 `npm ERR! enoent ENOENT: …`).
 */
export function brokenNpxCacheIn(line: string): string | undefined {
  if (!/enoent/i.test(line)) return undefined;
  const found = QUOTED.exec(line) ?? BARE.exec(line);
  return found?.[1];
}

/** A path that is exactly one folder of npx's cache: absolute, normalised, `…/_npx/<16 hex>`. */
export function isNpxCacheFolder(folder: string): boolean {
  if (!path.isAbsolute(folder) || path.normalize(folder) !== folder || /[\\/]$/.test(folder)) return false;
  return NPX_FOLDER.test(path.basename(folder)) && path.basename(path.dirname(folder)) === '_npx';
}

/** Removes one npx cache folder (deps.remove_npx_cache); anything else is refused, a link is never followed. */
export async function removeNpxCacheFolder(folder: string): Promise<{ path: string; removed: boolean }> {
  if (!isNpxCacheFolder(folder)) {
    throw new AppError('NPX_CACHE_NOT_A_FOLDER', `"${folder}" is not a folder of npx's cache (…/_npx/ and 16 hex digits)`, { path: folder });
  }
  const stat = await fs.promises.lstat(folder).catch(() => undefined);
  if (!stat) return { path: folder, removed: false };
  if (!stat.isDirectory()) throw new AppError('NPX_CACHE_NOT_A_FOLDER', `"${folder}" is not a folder`, { path: folder });
  await fs.promises.rm(folder, { recursive: true, force: true });
  return { path: folder, removed: true };
}
