import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { shellLine } from '@shared/text/commandLine';
import { TRANSPORTS } from '@shared/transports';

/**
 * What the row shows as the server's target: the command line of a process transport (quoted as a
 * shell reads it, so an argument with spaces still reads as one), else the URL.
 */
export function serverTarget(server: McpServerRecord): { kind: 'command' | 'url'; text: string | undefined } {
  if (TRANSPORTS.get(server.type).kind === 'process') {
    const command = server.config.command?.trim();
    return { kind: 'command', text: command ? shellLine([command, ...(server.config.args ?? [])]) : undefined };
  }
  return { kind: 'url', text: server.config.url?.trim() || undefined };
}
