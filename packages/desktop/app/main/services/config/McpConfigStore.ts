/**
 * Persistence of MCP server records. The backend is electron-store in Electron and `conf` in
 * browser mode, tests and the CLI (electron-store is built on conf, so both expose the same
 * `store` accessor and write atomically). This module never imports either: the composition
 * root hands it a backend.
 */
import fs from 'node:fs';
import { z } from 'zod';
import { McpServerRecordSchema, type McpServerRecord } from '../../../shared/contracts/mcp-types';
import type { AppNotice } from '../../../shared/contracts/ipc';
import { AppError } from '../../../shared/errors';

export const McpConfigFileSchema = z.object({ mcpServers: z.array(McpServerRecordSchema) });
export type McpConfigFile = z.infer<typeof McpConfigFileSchema>;
export const MCP_CONFIG_DEFAULTS: McpConfigFile = { mcpServers: [] };
export const MCP_CONFIG_NAME = 'mcp-config';

/** The slice of conf / electron-store this module uses. */
export interface ConfigBackend {
  readonly path: string;
  store: Record<string, unknown>;
}

export interface McpConfigStore {
  readonly path: string;
  /** Notices raised while opening (a corrupt file moved aside). */
  readonly notices: readonly AppNotice[];
  readServers(): McpServerRecord[];
  /**
   * Read-modify-write in one synchronous step. Callers never hold a copy across an `await`,
   * so two concurrent adds can't overwrite each other.
   */
  mutate<T>(fn: (servers: McpServerRecord[]) => { servers: McpServerRecord[]; result: T }): T;
}

/**
 * Moves a file that is not valid JSON, or not our schema, aside (kept, never deleted) so that
 * the backend can start from defaults. Returns the notice to show, or undefined when the file
 * is fine or absent.
 */
export function quarantineIfCorrupt(filePath: string, now = new Date()): AppNotice | undefined {
  let text: string;
  try {
    text = fs.readFileSync(filePath, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new AppError('CONFIG_STORE_FAILED', `Cannot read ${filePath}: ${(err as Error).message}`, { path: filePath });
  }
  let reason: string | undefined;
  try {
    const parsed = McpConfigFileSchema.safeParse(JSON.parse(text));
    if (!parsed.success) {
      reason = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    }
  } catch (err) {
    reason = (err as Error).message;
  }
  if (reason === undefined) return undefined;
  const movedTo = `${filePath}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(filePath, movedTo);
  return {
    code: 'CONFIG_RECOVERED',
    message: `The MCP configuration at ${filePath} could not be read (${reason}). It was kept as ${movedTo} and the app started with an empty configuration.`,
    data: { path: filePath, movedTo, reason },
  };
}

/**
 * Opens the store: quarantine first (the backend would throw on bad JSON or silently keep a
 * file we cannot use), then let the backend create the file with defaults.
 */
export function openMcpConfigStore(filePath: string, openBackend: () => ConfigBackend): McpConfigStore {
  const notice = quarantineIfCorrupt(filePath);
  const backend = openBackend();
  const notices = notice ? [notice] : [];

  const readFile = (): McpConfigFile => {
    const parsed = McpConfigFileSchema.safeParse(backend.store);
    if (!parsed.success) {
      // Another writer (a hand edit, an older build) broke the file while we run: refuse to
      // overwrite it, so nothing the person had is lost.
      throw new AppError('CONFIG_STORE_FAILED', `The MCP configuration at ${backend.path} became invalid; fix or remove it`, {
        path: backend.path,
      });
    }
    return parsed.data;
  };

  return {
    path: backend.path,
    notices,
    readServers: () => readFile().mcpServers,
    mutate(fn) {
      const current = readFile();
      const { servers, result } = fn(current.mcpServers);
      backend.store = { ...backend.store, mcpServers: servers };
      return result;
    },
  };
}
