/**
 * The flags that describe a server (`servers add` and `servers update` share them). Which
 * transport a config flag belongs to is read from the transport table, never listed here, so the
 * help text and the "this flag does not apply" check follow the table.
 */
import { TRANSPORT_FIELDS, TRANSPORTS, listWords, schemePhrase, type TransportField, type TransportTable } from '../../shared/transports';
import { OAUTH_GRANTS, OAUTH_SIGNING_ALGS } from '../../shared/oauthClient';
import { UsageError } from './cliKit';
import type { FlagValues, Flags } from './flags';

interface FieldFlag {
  flag: string;
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
  args: { flag: 'arg', value: 'A', help: 'one argument (use --arg=-x for values starting with -)' },
  env: { flag: 'env', value: 'K=V', help: 'one environment variable' },
  url: { flag: 'url', value: 'U', help: urlHelp },
  headers: { flag: 'header', value: '"K: V"', help: 'one request header' },
  wsProtocol: { flag: 'ws-protocol', value: 'P', help: 'the sub-protocol to ask for (Sec-WebSocket-Protocol; default mcp)' },
} as const satisfies Record<TransportField, FieldFlag>;

/** Which flag sets each field of McpServerInput, so a schema issue names the flag to fix. */
export const FLAG_OF_FIELD: Readonly<Record<string, string>> = {
  name: '--name',
  type: '--type',
  ...Object.fromEntries(TRANSPORT_FIELDS.map((field) => [`config.${field}`, `--${FIELD_FLAGS[field].flag}`])),
  'config.timeoutMs': '--timeout',
  'config.oauth': '--oauth-client-id',
  'config.oauth.clientSecret': '--oauth-client-secret-stdin',
  'config.oauth.grant': '--oauth-grant',
  'config.oauth.privateKey': '--oauth-private-key-file',
  'config.oauth.signingAlg': '--oauth-signing-alg',
};

/** A config field's flag: its placeholder, and its help prefixed with the transports that read it. */
function fieldFlag(table: TransportTable, field: TransportField) {
  const { value, help } = FIELD_FLAGS[field];
  return { value, help: typeof help === 'string' ? `${table.using(field).join('/')}: ${help}` : help(table) };
}

/**
 * The flags that describe a server over a transport table, shared by `servers add` and `servers
 * update` (the command table adds theirs).
 */
export function serverFlags(table: TransportTable) {
  const signIn = table.signInTypes.join('/');
  return {
    name: { type: 'string', value: 'N', help: 'Unique name (compared case-insensitively)' },
    type: { type: 'string', value: 'T', choices: table.types, help: listWords(table.types, 'or') },
    command: { type: 'string', ...fieldFlag(table, 'command') },
    arg: { type: 'string', multiple: true, ...fieldFlag(table, 'args') },
    env: { type: 'string', multiple: true, ...fieldFlag(table, 'env') },
    url: { type: 'string', ...fieldFlag(table, 'url') },
    header: { type: 'string', multiple: true, ...fieldFlag(table, 'headers') },
    'ws-protocol': { type: 'string', ...fieldFlag(table, 'wsProtocol') },
    timeout: { type: 'string', value: 'S', help: 'Tool calls on this server time out after S seconds (default 120)' },
    'oauth-client-id': {
      type: 'string',
      value: 'ID',
      help: `${signIn}: a pre-registered OAuth client, for a server without\ndynamic registration (most servers register Elftia by themselves)`,
    },
    'oauth-client-secret-stdin': { type: 'boolean', help: `${signIn}: read that client's secret from stdin (kept in the secret store)` },
    'oauth-grant': {
      type: 'string',
      value: 'G',
      choices: OAUTH_GRANTS,
      help: `${signIn}: client_credentials for a machine-to-machine server: tokens come\nfrom the token endpoint with the client's secret or key, no browser\n(default authorization_code: a person signs in)`,
    },
    'oauth-private-key-file': {
      type: 'string',
      value: 'PEM',
      help: `${signIn}: client_credentials with private_key_jwt (RFC 7523): the client's\nPEM private key, signing its assertions (kept in the secret store)`,
    },
    'oauth-signing-alg': { type: 'string', value: 'ALG', choices: OAUTH_SIGNING_ALGS, help: `${signIn}: the key's algorithm, ${listWords(OAUTH_SIGNING_ALGS, 'or')}` },
  } as const satisfies Flags;
}

export const SERVER_FLAGS = serverFlags(TRANSPORTS);
export type ServerFlags = Partial<FlagValues<typeof SERVER_FLAGS>>;

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
