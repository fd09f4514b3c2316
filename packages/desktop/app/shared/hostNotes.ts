/**
 * What Elftia itself writes into a server's log (the `host` stream): a code and its values, so a
 * window says it in the person's language (`settings/tools:hostNotes.<code>`), the way errors are.
 * The English templates here make each line's `line`, which the CLI, the log file and anything
 * that reads the log as text keep using; locales/en repeats them (hostNotes.test.ts holds them equal).
 */
import { z } from 'zod';

export const HOST_NOTES = {
  LOG_FOLDED: '{{count}} more lines within {{ms}} ms were not sent live; the server log keeps the latest {{capacity}}',
  ELICITATION_NO_WINDOW: 'Declined an elicitation/create request ("{{message}}"): no window or terminal is open to ask the person',
  ELICITATION_BAD_URL: 'Declined a URL elicitation: {{url}} is not an http(s) link',
  ELICITATION_BAD_SCHEMA: 'Declined an elicitation/create request: its requestedSchema is not a flat form the spec allows',
  ELICITATION_TIMEOUT: 'Nobody answered "{{message}}" within {{seconds}} s; declined it',
  ELICITATION_WITHDRAWN: 'The request "{{message}}" was withdrawn: the server stopped waiting or the connection closed',
  ELICITATION_ACCEPTED: 'The person answered "{{message}}": accept',
  ELICITATION_DECLINED: 'The person answered "{{message}}": decline',
  ELICITATION_CANCELLED: 'The person answered "{{message}}": cancel',
  TOOL_SKIPPED: 'Skipped tool "{{tool}}": {{reason}}',
  CONNECTION_LOST_RETRY: 'The connection was lost before {{method}} reached the server; reconnecting once',
  ROOTS_NOT_ANNOUNCED: 'Could not announce roots change: {{error}}',
  PING_UNANSWERED: 'An idle connection did not answer ping; reconnecting',
  STALE_CONNECTION: 'A kept-alive connection to the server was stale; connecting again',
  TRANSPORT_ERROR: 'Transport error: {{error}}',
  NPX_DOWNLOADING: 'npx is downloading {{package}} before the server starts',
  NPX_DOWNLOADED: 'npx has downloaded {{package}}',
  NPX_DOWNLOADED_UNNAMED: 'npx has downloaded the package',
  CONNECTION_CLOSED: 'The connection closed unexpectedly',
  SAMPLING_NO_MODEL: 'Declined a sampling/createMessage request: no language model is configured (add a key under Provider keys)',
  SAMPLING_NO_WINDOW: 'Declined a sampling/createMessage request: no window is open for the person to review it',
  SAMPLING_TIMEOUT: 'Nobody reviewed the sampling request within {{seconds}} s; refused it',
  SAMPLING_WITHDRAWN: 'The sampling request was withdrawn: the server stopped waiting or the connection closed',
  SAMPLING_DECLINED: 'The person declined the sampling request',
  SAMPLING_SENT: 'The person sent a reviewed answer to the sampling request (model {{model}})',
  LOG_LEVEL_NOT_SET: 'The server did not take log level {{level}} (logging/setLevel): {{error}}',
} as const;

export type HostNoteCode = keyof typeof HOST_NOTES;
export const HOST_NOTE_CODES = Object.keys(HOST_NOTES) as [HostNoteCode, ...HostNoteCode[]];

export const HostNoteSchema = z.object({
  code: z.enum(HOST_NOTE_CODES),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type HostNote = z.infer<typeof HostNoteSchema>;

export const hostNote = (code: HostNoteCode, params: HostNote['params'] = {}): HostNote => ({ code, params });

/** The note in English, as the log's text. */
export const hostNoteLine = (note: HostNote): string => HOST_NOTES[note.code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(note.params[name] ?? ''));
