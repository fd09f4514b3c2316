import type { McpServerLogLine } from '@shared/contracts/mcp-types';
import type { TFunction } from 'i18next';

/**
 * A log line as the person reads it: what Elftia itself noted (a `host` line with a code) in
 * their language, anything the server wrote as it wrote it.
 */
export function logLineText(line: Pick<McpServerLogLine, 'line' | 'note'>, t: TFunction<'settings/tools'>): string {
  return line.note ? t(`hostNotes.${line.note.code}`, line.note.params) : line.line;
}
