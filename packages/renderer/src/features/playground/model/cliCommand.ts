/**
 * A playground call as the command that repeats it from a terminal:
 * `elftia-mcp call NAME TOOL --args JSON` (host/cli/commands/call.ts; NAME is the server's name
 * or id, and the name is what a person reads).
 */
import { shellLine } from '@shared/text/commandLine';

export function cliCommand(serverName: string, toolName: string, args: Record<string, unknown>): string {
  return shellLine(['elftia-mcp', 'call', serverName, toolName, ...(Object.keys(args).length > 0 ? ['--args', JSON.stringify(args)] : [])]);
}
