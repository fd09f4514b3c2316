import type { McpServerRecord } from '@shared/contracts/mcp-types';

/** Shell-like quoting, only where needed, so an argument with spaces still reads as one argument. */
const quote = (arg: string): string => (arg === '' || /[\s"'\\]/.test(arg) ? JSON.stringify(arg) : arg);

/** What the row shows as the server's target: the command line for stdio, the URL otherwise. */
export function serverTarget(server: McpServerRecord): { kind: 'command' | 'url'; text: string | undefined } {
  if (server.type === 'stdio') {
    const command = server.config.command?.trim();
    return { kind: 'command', text: command ? [command, ...(server.config.args ?? [])].map(quote).join(' ') : undefined };
  }
  return { kind: 'url', text: server.config.url?.trim() || undefined };
}
