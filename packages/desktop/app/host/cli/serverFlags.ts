/**
 * The flags that describe a server (`servers add` and `servers update` share them). Which
 * transport a config flag belongs to is read from the transport table, never listed here, so the
 * help text and the "this flag does not apply" check follow the table.
 */
import { TRANSPORT_FIELDS, listWords, schemePhrase, type TransportField, type TransportTable } from '../../shared/transports';
import { UsageError, type parseCommand } from './cliKit';

export const SERVER_OPTIONS = {
  name: { type: 'string' },
  type: { type: 'string' },
  command: { type: 'string' },
  arg: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  timeout: { type: 'string' },
  'ws-protocol': { type: 'string' },
  'oauth-client-id': { type: 'string' },
  'oauth-client-secret-stdin': { type: 'boolean' },
  json: { type: 'boolean' },
} as const;
export type ServerFlags = ReturnType<typeof parseCommand<typeof SERVER_OPTIONS>>['values'];

interface FieldFlag {
  flag: keyof typeof SERVER_OPTIONS;
  /** The value's placeholder in help text. */
  value: string;
  /** What the flag sets; a string is prefixed with the transports that read the field. */
  help: string | ((table: TransportTable) => string);
}

/** "sse/http: an http:// or https:// URL; websocket: a ws:// or wss:// URL", grouped by scheme list. */
function urlHelp(table: TransportTable): string {
  const groups = new Map<string, string[]>();
  for (const d of table.descriptors) {
    if (d.kind !== 'url') continue;
    const phrase = schemePhrase(d.urlSchemes);
    groups.set(phrase, [...(groups.get(phrase) ?? []), d.type]);
  }
  return [...groups].map(([phrase, types]) => `${types.join('/')}: ${phrase} URL`).join('; ');
}

/** The flag that sets each transport-specific config field; a new field without a flag does not compile. */
export const FIELD_FLAGS = {
  command: { flag: 'command', value: 'C', help: 'the program to run' },
  args: { flag: 'arg', value: 'A', help: 'one argument; repeat for more (use --arg=-x for values starting with -)' },
  env: { flag: 'env', value: 'K=V', help: 'one environment variable; repeat for more' },
  url: { flag: 'url', value: 'U', help: urlHelp },
  headers: { flag: 'header', value: '"K: V"', help: 'one request header; repeat for more' },
  wsProtocol: { flag: 'ws-protocol', value: 'P', help: 'the sub-protocol to ask for (Sec-WebSocket-Protocol; default mcp)' },
} as const satisfies Record<TransportField, FieldFlag>;

/** Which flag sets each field of McpServerInput, so a schema issue names the flag to fix. */
export const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  name: '--name',
  type: '--type',
  ...Object.fromEntries(TRANSPORT_FIELDS.map((field) => [`config.${field}`, `--${FIELD_FLAGS[field].flag}`])),
  'config.timeoutMs': '--timeout',
  'config.oauth': '--oauth-client-id',
};

const isRepeatable = (flag: keyof typeof SERVER_OPTIONS) => 'multiple' in SERVER_OPTIONS[flag];
const helpLine = (synopsis: string, text: string) => `  ${synopsis.padEnd(17)} ${text}`;

/** The `--type` line and one line per config flag some transport reads, for `--help`. */
export function transportFlagsHelp(table: TransportTable): string {
  const lines = [helpLine('--type T', listWords(table.types, 'or'))];
  for (const field of TRANSPORT_FIELDS) {
    const users = table.using(field);
    if (users.length === 0) continue;
    const { flag, value, help } = FIELD_FLAGS[field];
    lines.push(helpLine(`--${flag} ${value}`, typeof help === 'string' ? `${users.join('/')}: ${help}` : help(table)));
  }
  return lines.join('\n');
}

/** `[--command C] [--arg A]... …`: the usage line's config flags, those some transport reads. */
export function transportFlagsSynopsis(table: TransportTable): string {
  return TRANSPORT_FIELDS.filter((field) => table.using(field).length > 0)
    .map((field) => {
      const { flag, value } = FIELD_FLAGS[field];
      return `[--${flag} ${value}]${isRepeatable(flag) ? '...' : ''}`;
    })
    .join(' ');
}

export function parseType<T extends string>(command: string, raw: string, table: TransportTable<T>): T {
  const type = table.schema.safeParse(raw);
  if (!type.success) throw new UsageError(`--type must be one of ${table.types.join(', ')}; got "${raw}"`, command);
  return type.data;
}

/** A config flag the transport never reads is a mistake worth saying, not a value to store. */
export function checkFlagsApply<T extends string>(command: string, type: T, values: ServerFlags, table: TransportTable<T>): void {
  const { fields } = table.get(type);
  for (const field of TRANSPORT_FIELDS) {
    const { flag } = FIELD_FLAGS[field];
    if (values[flag] === undefined || fields[field] !== undefined) continue;
    throw new UsageError(`--${flag} applies only to ${listWords(table.using(field))} servers, not --type ${type}`, command);
  }
}
