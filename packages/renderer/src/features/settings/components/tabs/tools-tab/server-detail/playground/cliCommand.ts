/**
 * A playground call as the command that repeats it from a terminal:
 * `elftia-mcp call NAME TOOL --args JSON` (host/cli/commands/call.ts; NAME is the server's name
 * or id, and the name is what a person reads).
 */

/**
 * One word for a POSIX shell: single quotes keep everything literal except a single quote,
 * which closes the quote, is escaped, and reopens it. Words made only of safe characters stay bare.
 */
export function shellQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function cliCommand(serverName: string, toolName: string, args: Record<string, unknown>): string {
  const parts = ['elftia-mcp', 'call', shellQuote(serverName), shellQuote(toolName)];
  if (Object.keys(args).length > 0) parts.push('--args', shellQuote(JSON.stringify(args)));
  return parts.join(' ');
}
