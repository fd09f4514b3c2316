/**
 * A server's log message (notifications/message) as one line of its log. Its `data` may be any
 * JSON, as long and as strange as the server likes: a string is kept as it is, anything else
 * becomes its JSON; the text is cut to a line's length and every control, escape sequence start,
 * newline and bidi character in it is shown as its `\uXXXX` escape (visibleControls), so the
 * message stays one line and can neither rewrite a terminal nor reorder what a person reads.
 */
import type { LoggingMessageNotification } from '@modelcontextprotocol/sdk/types.js';
import { inlineSafe } from '@shared/text/visibleControls';

/** Characters of `data` kept; escapes may make the line up to six times longer, still under the log's own cut. */
export const MAX_LOG_DATA_CHARS = 500;

export function logMessageLine({ level, logger, data }: Pick<LoggingMessageNotification['params'], 'level' | 'logger' | 'data'>): string {
  // JSON.stringify(undefined) is undefined: a message without data says nothing more than its level.
  const text = typeof data === 'string' ? data : (JSON.stringify(data) ?? '');
  const clipped = text.length > MAX_LOG_DATA_CHARS ? `${text.slice(0, MAX_LOG_DATA_CHARS)}…` : text;
  return inlineSafe(`${level}${logger ? ` [${logger}]` : ''} ${clipped}`);
}
