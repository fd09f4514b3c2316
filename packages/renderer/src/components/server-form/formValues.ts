/**
 * Between a server record and the form: the form shows env and headers as rows, the timeout in
 * seconds, and only the fields of the chosen transport (from the transport table). Everything
 * the form does not show is carried over from the record it started from, so an edit or a
 * duplicate never drops a field the person could not see.
 */
import type { McpServerConfig, McpServerInput, McpServerRecord, McpServerScope, McpServerTransport, McpServerUpdateInput } from '@shared/contracts/mcp-types';
import { canonicalJson } from '@shared/text/canonicalJson';
import type { OAuthGrant, OAuthSigningAlg } from '@shared/oauthClient';
import { TRANSPORTS, TRANSPORT_FIELDS, type TransportField } from '@shared/transports';
import { REDACTED } from '@mcp-common/redaction';

export interface KeyValueRow {
  key: string;
  value: string;
}

export interface ServerFormValues {
  name: string;
  type: McpServerTransport;
  scope: McpServerScope;
  projectPath?: string;
  isActive: boolean;
  config: {
    command?: string;
    args?: string[];
    env?: KeyValueRow[];
    url?: string;
    headers?: KeyValueRow[];
    wsProtocol?: string;
    /** Seconds in the form; `config.timeoutMs` in the record. */
    timeoutSec?: number | null;
    /** A pre-registered OAuth client (transports that sign in only); `config.oauth` in the record. */
    oauthClientId?: string;
    oauthClientSecret?: string;
    /** authorization_code (a person signs in) or client_credentials (a machine client, no browser). */
    oauthGrant?: OAuthGrant;
    /** How a client_credentials client proves itself: its secret, or a JWT its private key signs. */
    oauthClientAuth?: OAuthClientAuth;
    oauthPrivateKey?: string;
    oauthSigningAlg?: OAuthSigningAlg;
  };
}

export type OAuthClientAuth = 'secret' | 'privateKey';

/** Whether the transport table says a server of this type may ask to sign in (OAuth). */
export const signsIn = (type: McpServerTransport) => TRANSPORTS.get(type).signIn === true;

/** The fields of a record the form reads and writes; the rest is carried over untouched. */
export type FormRecord = Pick<McpServerRecord, 'name' | 'type' | 'scope' | 'projectPath' | 'isActive' | 'config'>;

/** What the sign-in section shows before a choice: a browser sign-in; a machine client would use its secret, a key ES256. */
const OAUTH_FORM_DEFAULTS = { oauthGrant: 'authorization_code', oauthClientAuth: 'secret', oauthSigningAlg: 'ES256' } as const;

/** A new server: the table's first transport (stdio), active, for this user. */
export const defaultFormValues = (): ServerFormValues => ({
  name: '',
  type: TRANSPORTS.types[0],
  scope: 'user',
  isActive: true,
  config: { args: [], env: [], headers: [], ...OAUTH_FORM_DEFAULTS },
});

const rowsOf = (map: Record<string, string> | undefined): KeyValueRow[] => Object.entries(map ?? {}).map(([key, value]) => ({ key, value }));

/** The eye on a masked value: rows still showing the mask get their key's stored value; rows the person changed stay as they are. */
export const unmaskRows = (rows: readonly KeyValueRow[] | undefined, stored: Readonly<Record<string, string>> | undefined): KeyValueRow[] =>
  (rows ?? []).map((row) => {
    const key = row.key?.trim() ?? '';
    return row.value === REDACTED && stored && Object.hasOwn(stored, key) ? { ...row, value: stored[key]! } : row;
  });

export function toFormValues(server: FormRecord): ServerFormValues {
  const { config } = server;
  return {
    name: server.name,
    type: server.type,
    scope: server.scope,
    ...(server.projectPath !== undefined ? { projectPath: server.projectPath } : {}),
    isActive: server.isActive,
    config: {
      command: config.command ?? '',
      args: [...(config.args ?? [])],
      env: rowsOf(config.env),
      url: config.url ?? '',
      headers: rowsOf(config.headers),
      wsProtocol: config.wsProtocol ?? '',
      timeoutSec: config.timeoutMs === undefined ? null : config.timeoutMs / 1000,
      oauthClientId: config.oauth?.clientId ?? '',
      oauthClientSecret: config.oauth?.clientSecret ?? '',
      oauthGrant: config.oauth?.grant ?? OAUTH_FORM_DEFAULTS.oauthGrant,
      oauthClientAuth: config.oauth?.privateKey ? 'privateKey' : OAUTH_FORM_DEFAULTS.oauthClientAuth,
      oauthPrivateKey: config.oauth?.privateKey ?? '',
      oauthSigningAlg: config.oauth?.signingAlg ?? OAUTH_FORM_DEFAULTS.oauthSigningAlg,
    },
  };
}

/** Rows with a name become the map; blank rows are left out (rowIssues reports a value without a name). */
function mapOf(rows: readonly KeyValueRow[] | undefined): Record<string, string> | undefined {
  const named = (rows ?? []).filter((row) => row.key?.trim());
  return named.length ? Object.fromEntries(named.map((row) => [row.key.trim(), row.value ?? ''])) : undefined;
}

const text = (value: string | undefined): string | undefined => value?.trim() || undefined;

/** A transport field's value as the record stores it; undefined when the form leaves it empty. */
function fieldValue(config: ServerFormValues['config'], field: TransportField): McpServerConfig[TransportField] {
  switch (field) {
    case 'command':
      return text(config.command);
    case 'args': {
      // An added row left empty is not meant as an empty argument.
      const args = (config.args ?? []).filter((arg) => arg?.trim());
      return args.length ? args : undefined;
    }
    case 'env':
      return mapOf(config.env);
    case 'headers':
      return mapOf(config.headers);
    case 'url':
      return text(config.url);
    case 'wsProtocol':
      return text(config.wsProtocol);
  }
}

/** The config the form describes, on top of `base`: fields the chosen transport does not use keep their base values. */
export function toConfig(values: ServerFormValues, base: McpServerConfig = {}): McpServerConfig {
  const config: Record<string, unknown> = { ...base };
  const uses = TRANSPORTS.get(values.type).fields;
  for (const field of TRANSPORT_FIELDS) {
    if (uses[field] === undefined) continue;
    const value = fieldValue(values.config, field);
    if (value === undefined) delete config[field];
    else config[field] = value;
  }
  const seconds = values.config.timeoutSec;
  if (typeof seconds === 'number' && Number.isFinite(seconds)) config.timeoutMs = Math.round(seconds * 1000);
  else delete config.timeoutMs;
  if (signsIn(values.type)) {
    const oauth = oauthOf(values.config);
    if (oauth) config.oauth = oauth;
    else delete config.oauth;
  }
  return config;
}

/**
 * `config.oauth` from the sign-in fields: only what the chosen grant and way of authenticating
 * use, so a secret typed before switching to a private key is not stored beside it.
 */
function oauthOf(form: ServerFormValues['config']): McpServerConfig['oauth'] {
  const clientId = text(form.oauthClientId);
  if (form.oauthGrant === 'client_credentials') {
    const withKey = form.oauthClientAuth === 'privateKey';
    const clientSecret = withKey ? undefined : text(form.oauthClientSecret);
    const privateKey = withKey ? text(form.oauthPrivateKey) : undefined;
    return {
      grant: 'client_credentials',
      ...(clientId && { clientId }),
      ...(clientSecret && { clientSecret }),
      ...(privateKey && { privateKey, signingAlg: form.oauthSigningAlg ?? OAUTH_FORM_DEFAULTS.oauthSigningAlg }),
    };
  }
  const clientSecret = text(form.oauthClientSecret);
  // A secret without a client id means nothing to a server; the id alone is a public client.
  return clientId ? { clientId, ...(clientSecret && { clientSecret }) } : undefined;
}

/**
 * What `mcp.add` gets. `base` is the server a duplicate copies: its tool switches and key link
 * come along; who installed it and whether it was reviewed do not (the person makes a new one).
 */
export function toServerInput(values: ServerFormValues, base?: Partial<McpServerRecord>): McpServerInput {
  const projectPath = values.scope === 'local' ? text(values.projectPath) : undefined;
  return {
    name: values.name.trim(),
    type: values.type,
    scope: values.scope,
    ...(projectPath ? { projectPath } : {}),
    isActive: values.isActive,
    config: toConfig(values, base?.config),
    ...(base?.disabledTools?.length ? { disabledTools: [...base.disabledTools] } : {}),
    ...(base?.disabledAutoApproveTools?.length ? { disabledAutoApproveTools: [...base.disabledAutoApproveTools] } : {}),
    ...(base?.keyLink ? { keyLink: { ...base.keyLink } } : {}),
  };
}

/** JSON with object keys sorted, so two configs compare equal whatever order their keys were set in. */
const RECORD_KEYS = ['name', 'type', 'scope', 'projectPath', 'isActive'] as const;

/**
 * The keys an edit changed, and only those: `mcp.update` changes exactly the keys it names, so
 * whatever the form does not show (disabled tools, the key link, trust, the install source…)
 * stays as stored. The config goes whole when any of it changed, built on the record's own.
 */
export function changedUpdates(server: McpServerRecord, values: ServerFormValues): McpServerUpdateInput['updates'] {
  const next = toServerInput(values, server);
  const updates: McpServerUpdateInput['updates'] = {};
  for (const key of RECORD_KEYS) {
    const value = next[key];
    if (value !== undefined && value !== server[key]) Object.assign(updates, { [key]: value });
  }
  if (canonicalJson(next.config) !== canonicalJson(server.config)) updates.config = next.config;
  return updates;
}

/** Where a row field lives: `config.env.2.key`. */
type RowList = 'env' | 'headers';

export interface RowIssue {
  path: string;
  kind: 'keyRequired' | 'duplicateKey';
  key: string;
}

/** What the zod schema cannot see in rows: a value without a name, and a name given twice. */
export function rowIssues(values: ServerFormValues): RowIssue[] {
  const uses = TRANSPORTS.get(values.type).fields;
  return (['env', 'headers'] as const satisfies readonly RowList[]).flatMap((list) => {
    if (uses[list] === undefined) return [];
    const seen = new Set<string>();
    return (values.config[list] ?? []).flatMap((row, i): RowIssue[] => {
      const key = row.key?.trim() ?? '';
      if (!key) return row.value ? [{ path: `config.${list}.${i}.key`, kind: 'keyRequired', key }] : [];
      if (seen.has(key)) return [{ path: `config.${list}.${i}.key`, kind: 'duplicateKey', key }];
      seen.add(key);
      return [];
    });
  });
}

/**
 * The form field a host issue path names, or undefined when no field shows it. Route inputs nest
 * the server (`server.config.url` for mcp.test, `updates.name` for mcp.update); env and header
 * paths name a variable (`config.env.API_KEY`), which the form shows as a row.
 */
/** The form field of each `config.oauth` key. */
const OAUTH_FORM_FIELDS: Readonly<Record<string, string>> = {
  clientId: 'config.oauthClientId',
  clientSecret: 'config.oauthClientSecret',
  grant: 'config.oauthGrant',
  privateKey: 'config.oauthPrivateKey',
  signingAlg: 'config.oauthSigningAlg',
};

export function issueField(path: string, values: ServerFormValues): string | undefined {
  const parts = path.replace(/^(server|updates)\./, '').split('.');
  const [head, field, ...rest] = parts;
  if (head !== 'config') return ['name', 'type', 'scope', 'projectPath', 'isActive'].includes(parts.join('.')) ? parts.join('.') : undefined;
  switch (field) {
    case 'command':
    case 'url':
    case 'wsProtocol':
      return rest.length === 0 ? `config.${field}` : undefined;
    case 'timeoutMs':
      return 'config.timeoutSec';
    case 'oauth':
      return rest.length === 1 ? OAUTH_FORM_FIELDS[rest[0]!] : undefined;
    case 'args':
      return rest.length === 1 && /^\d+$/.test(rest[0]!) ? `config.args.${rest[0]}` : undefined;
    case 'env':
    case 'headers': {
      // A row's own field (rowIssues): already a form path.
      if (rest.length === 2 && /^\d+$/.test(rest[0]!) && (rest[1] === 'key' || rest[1] === 'value')) return parts.join('.');
      const rows = values.config[field] ?? [];
      const index = rows.findIndex((row) => row.key?.trim() === rest.join('.'));
      return index >= 0 ? `config.${field}.${index}.value` : undefined;
    }
    default:
      return undefined;
  }
}
