/**
 * The MCP server lists other apps keep on this machine (Claude Desktop, Cursor, VS Code), read
 * where each app keeps them on Linux, macOS and Windows. Read-only: these files belong to those
 * apps, and nothing here opens them for writing. Only these known paths are read, never a path a
 * caller names, so the renderer cannot make the host read an arbitrary file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_CONFIG_SOURCES, type LocalConfigSource } from '@shared/contracts/mcp-import';
import { AppError } from '@shared/errors';
import { parseJsonText, describeJsonSyntaxError } from './common/jsonText';

/** Where to look; tests hand in a fake home. */
export interface LocalConfigPlace {
  platform: NodeJS.Platform;
  home: string;
  env: Readonly<Record<string, string | undefined>>;
}

export const thisMachine = (): LocalConfigPlace => ({ platform: process.platform, home: os.homedir(), env: process.env });

/** A config file is a few KB; a settings.json can be large, but not this large. */
const MAX_BYTES = 5 * 1024 * 1024;

/** The per-user folder apps keep settings in: Application Support, %APPDATA%, $XDG_CONFIG_HOME. */
function appDataDir({ platform, home, env }: LocalConfigPlace): string {
  if (platform === 'darwin') return path.join(home, 'Library', 'Application Support');
  if (platform === 'win32') return env.APPDATA ?? path.join(home, 'AppData', 'Roaming');
  return env.XDG_CONFIG_HOME || path.join(home, '.config');
}

export function localConfigPath(source: LocalConfigSource, place: LocalConfigPlace): string {
  // Windows paths are joined with win32 rules whatever the platform running the tests.
  const join = place.platform === 'win32' ? path.win32.join : path.posix.join;
  const data = appDataDir(place);
  switch (source) {
    case 'claude-desktop':
      return join(data, 'Claude', 'claude_desktop_config.json');
    case 'cursor':
      return join(place.home, '.cursor', 'mcp.json');
    case 'vscode-mcp':
      return join(data, 'Code', 'User', 'mcp.json');
    case 'vscode-settings':
      return join(data, 'Code', 'User', 'settings.json');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Each file's own server map, by the key its app uses; a file without one has no servers for
 * us (a settings.json is mostly other settings, which must not read as a list of bad entries).
 */
function serversIn(source: LocalConfigSource, root: unknown): Record<string, unknown> | undefined {
  if (!isObject(root)) return undefined;
  switch (source) {
    case 'claude-desktop':
    case 'cursor':
      return isObject(root.mcpServers) ? root.mcpServers : undefined;
    case 'vscode-mcp':
      return isObject(root.servers) ? root.servers : undefined;
    case 'vscode-settings':
      // Written nested ("mcp": { "servers" }) or as one dotted key ("mcp.servers").
      if (isObject(root.mcp) && isObject(root.mcp.servers)) return root.mcp.servers;
      return isObject(root['mcp.servers']) ? root['mcp.servers'] : undefined;
  }
}

export type LocalConfigRead =
  | { source: LocalConfigSource; path: string; json: string }
  | { source: LocalConfigSource; path: string; error: AppError };

/** The file's servers as `{ "mcpServers": … }` text for the importer; undefined when the file is missing or lists none. */
export function readLocalConfig(source: LocalConfigSource, place: LocalConfigPlace): LocalConfigRead | undefined {
  const file = localConfigPath(source, place);
  let text: string;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return undefined;
    if (stat.size > MAX_BYTES) return { source, path: file, error: new AppError('IMPORT_NO_SERVERS', `${file} is larger than ${MAX_BYTES} bytes`) };
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
    return { source, path: file, error: new AppError('CONFIG_STORE_FAILED', `Cannot read ${file}: ${(err as Error).message}`, { path: file }) };
  }
  const parsed = parseJsonText(text);
  if (!parsed.ok) {
    const { line, column, reason } = parsed.error;
    return { source, path: file, error: new AppError('IMPORT_INVALID_JSON', `${file} is not valid JSON at ${describeJsonSyntaxError(parsed.error)}`, { line, column, reason, path: file }) };
  }
  const servers = serversIn(source, parsed.value);
  if (!servers || Object.keys(servers).length === 0) return undefined;
  return { source, path: file, json: JSON.stringify({ mcpServers: servers }) };
}

export function readLocalConfigs(place: LocalConfigPlace): LocalConfigRead[] {
  return LOCAL_CONFIG_SOURCES.flatMap((source) => readLocalConfig(source, place) ?? []);
}

/** The text of one source for the import; NOT_FOUND when it has gone or lists no servers. */
export function localConfigJson(source: LocalConfigSource, place: LocalConfigPlace): string {
  const read = readLocalConfig(source, place);
  if (!read) throw new AppError('NOT_FOUND', `No MCP servers in ${localConfigPath(source, place)}`, { source, path: localConfigPath(source, place) });
  if ('error' in read) throw read.error;
  return read.json;
}
