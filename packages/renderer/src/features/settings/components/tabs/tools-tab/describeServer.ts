import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { TRANSPORTS } from '@shared/transports';

/** Shell-like quoting, only where needed, so an argument with spaces still reads as one argument. */
const quote = (arg: string): string => (arg === '' || /[\s"'\\]/.test(arg) ? JSON.stringify(arg) : arg);

/** What the row shows as the server's target: the command line of a process transport, else the URL. */
export function serverTarget(server: McpServerRecord): { kind: 'command' | 'url'; text: string | undefined } {
  if (TRANSPORTS.get(server.type).kind === 'process') {
    const command = server.config.command?.trim();
    return { kind: 'command', text: command ? [command, ...(server.config.args ?? [])].map(quote).join(' ') : undefined };
  }
  return { kind: 'url', text: server.config.url?.trim() || undefined };
}
