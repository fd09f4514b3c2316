/**
 * Servers as Claude Desktop's `{ "mcpServers": { name: … } }`, which every host's importer (ours
 * included, see importDialects) reads. Without secrets, env and header values, credential
 * arguments and URL secrets are written empty rather than dropped: the names tell whoever imports
 * the file what to fill in, and the file still reads back.
 */
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import type { ExportDialect } from '@shared/contracts/mcp-links';
import { TRANSPORTS } from '@shared/transports';
import { maskValues, redactArgs, redactUrl } from './redaction';

const EMPTY = '';

function exportEntry(server: McpServerRecord, includeSecrets: boolean): Record<string, unknown> {
  const { command, args, env, url, headers, wsProtocol, timeoutMs } = server.config;
  const runsProcess = TRANSPORTS.descriptors.find((d) => d.type === server.type)?.kind === 'process';
  const hide = !includeSecrets;
  return {
    ...(runsProcess ? {} : { type: server.type }),
    ...(command !== undefined ? { command } : {}),
    ...(args?.length ? { args: hide ? redactArgs(args, EMPTY) : args } : {}),
    ...(env && Object.keys(env).length ? { env: hide ? maskValues(env, EMPTY) : env } : {}),
    ...(url !== undefined ? { url: hide ? redactUrl(url, EMPTY) : url } : {}),
    ...(headers && Object.keys(headers).length ? { headers: hide ? maskValues(headers, EMPTY) : headers } : {}),
    ...(wsProtocol ? { wsProtocol } : {}),
    ...(timeoutMs ? { timeoutMs } : {}),
    // Claude Desktop and Cline keep an entry they should not start as `disabled: true`.
    ...(server.isActive ? {} : { disabled: true }),
  };
}

export interface ExportOptions {
  includeSecrets?: boolean | undefined;
  dialect?: ExportDialect | undefined;
}

/**
 * VS Code's `servers` always names the type. An inactive server keeps `disabled: true` in either
 * dialect: our importer reads it back, and a host that does not know it would rather see it.
 */
export function exportServersJson(servers: readonly McpServerRecord[], { includeSecrets = false, dialect = 'claude-desktop' }: ExportOptions = {}): string {
  const map = Object.fromEntries(
    servers.map((s) => {
      const entry = exportEntry(s, includeSecrets);
      return [s.name, dialect === 'vscode' ? { type: s.type, ...entry } : entry];
    }),
  );
  return JSON.stringify(dialect === 'vscode' ? { servers: map } : { mcpServers: map }, null, 2);
}
