/**
 * The transport table: everything the app knows about a transport except the code that speaks
 * it. The record's `type` enum, the config check, the import dialects' spellings, the CLI's help
 * and flag checks, the form's options and fields, who may sign in and which endpoint path a
 * connect failure or an import expects all read this table, so a new transport is one entry here
 * plus its factory in the pool's createTransport (which TypeScript then demands).
 */
import { z } from 'zod';

/** The config fields that belong to some transports and not others (`timeoutMs` applies to all). */
export const TRANSPORT_FIELDS = ['command', 'args', 'env', 'url', 'headers', 'wsProtocol'] as const;
export type TransportField = (typeof TRANSPORT_FIELDS)[number];

/** What a missing required field is called in a message: "A stdio server needs a command". */
const FIELD_NOUNS: Record<TransportField, string> = {
  command: 'a command',
  args: 'arguments',
  env: 'environment variables',
  url: 'a url',
  headers: 'headers',
  wsProtocol: 'a sub-protocol',
};

/** One row of the table as written. */
export interface TransportEntry<T extends string = string> {
  /** The stored `type` of a server record. */
  readonly type: T;
  /** A `process` transport starts a program from a command line; a `url` transport connects to an address. */
  readonly kind: 'process' | 'url';
  /** The URL protocols a `url` transport accepts, spelled as `URL.protocol` spells them (`https:`). */
  readonly urlSchemes: readonly string[];
  /** Other hosts' spellings of the type in pasted configs, lower case (`streamable-http`). */
  readonly aliases: readonly string[];
  /** The config fields the transport reads; a required one must be present and not blank. */
  readonly fields: Readonly<Partial<Record<TransportField, 'required' | 'optional'>>>;
  /** Messages say "a stdio server", "an sse server": the article follows how the name is said, not its first letter. */
  readonly article: 'a' | 'an';
  /**
   * The server may ask for a sign-in (MCP authorization: OAuth 2.1 over HTTP, a 401 to start it).
   * Only such transports get the sign-in flow, the OAuth client fields and `servers auth`.
   */
  readonly signIn?: boolean;
  /**
   * The path its servers conventionally serve on (`/mcp`, `/sse`): a 404 names it, a URL ending in
   * it tells an import which of two transports with the same scheme is meant.
   */
  readonly endpointPath?: string;
}

export interface TransportDescriptor<T extends string = string> extends TransportEntry<T> {
  /** The display name's i18n key in the `settings/tools` namespace. */
  readonly displayKey: `transport.${T}`;
}

/** A choice in the form's transport picker: the label is translated where it is shown. */
export interface TransportOption<T extends string = string> {
  value: T;
  labelKey: `transport.${T}`;
}

export interface TransportTable<T extends string = string> {
  /** In table order, which is the order the CLI and the form list them in. */
  readonly types: readonly [T, ...T[]];
  readonly descriptors: readonly TransportDescriptor<T>[];
  readonly schema: z.ZodEnum<{ [K in T]: K }>;
  get(type: T): TransportDescriptor<T>;
  /** The transport a type name or alias names, ignoring case and surrounding space. */
  resolve(spelling: string): T | undefined;
  /** The transports whose URL schemes include this URL's protocol. */
  forUrl(url: string): T[];
  /** The transports that read a config field. */
  using(field: TransportField): T[];
  /** The transports a server may ask to sign in on, in table order. */
  readonly signInTypes: readonly T[];
  /** The transport whose conventional endpoint path a URL's path ends in (trailing slashes and case aside). */
  forEndpointPath(path: string): T | undefined;
  /** Adds an issue, at the field's path, for each thing the config lacks for this transport. */
  checkConfig(type: T, config: Partial<Record<TransportField, unknown>>, ctx: z.RefinementCtx): void;
}

const protocolOf = (url: string): string | undefined => {
  try {
    return new URL(url).protocol;
  } catch {
    return undefined;
  }
};

const isBlank = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && Object.keys(value).length === 0);

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "stdio", "sse and http", "stdio, sse, http or websocket". */
export const listWords = (words: readonly string[], conjunction: 'and' | 'or' = 'and'): string =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}` : (words[0] ?? '');

/**
 * "an http:// or https://", "a ws:// or wss://". Schemes are said letter by letter, so the
 * article follows the name of the first letter (an "aitch", a "double-u").
 */
export function schemePhrase(schemes: readonly string[]): string {
  const list = listWords(schemes.map((scheme) => `${scheme}//`), 'or');
  return `${/^[aefhilmnorsx]/i.test(list) ? 'an' : 'a'} ${list}`;
}

/** Refuses a table that would contradict itself, so a bad entry fails the first test that loads it. */
function assertConsistent(entries: readonly TransportEntry[]): void {
  if (entries.length === 0) throw new Error('A transport table needs at least one transport');
  const owners = new Map<string, string>();
  for (const entry of entries) {
    const needs = entry.kind === 'process' ? 'command' : 'url';
    if (entry.fields[needs] !== 'required') throw new Error(`Transport "${entry.type}" is a ${entry.kind} transport and must require ${needs}`);
    if ((entry.kind === 'url') !== entry.urlSchemes.length > 0) throw new Error(`Transport "${entry.type}": only url transports have URL schemes`);
    if (entry.kind !== 'url' && (entry.signIn || entry.endpointPath !== undefined)) {
      throw new Error(`Transport "${entry.type}": only url transports sign in or have an endpoint path`);
    }
    for (const spelling of [entry.type, ...entry.aliases]) {
      const key = spelling.toLowerCase();
      const owner = owners.get(key);
      if (owner !== undefined) throw new Error(`"${spelling}" names both the ${owner} and the ${entry.type} transport`);
      owners.set(key, entry.type);
    }
  }
}

export function defineTransports<const E extends readonly TransportEntry[]>(entries: E): TransportTable<E[number]['type']> {
  type T = E[number]['type'];
  assertConsistent(entries);
  const descriptors = entries.map((entry) => ({ ...entry, displayKey: `transport.${entry.type}` })) as TransportDescriptor<T>[];
  const types = descriptors.map((d) => d.type) as unknown as readonly [T, ...T[]];
  const byType = new Map(descriptors.map((d) => [d.type, d]));
  const bySpelling = new Map(descriptors.flatMap((d) => [d.type, ...d.aliases].map((spelling) => [spelling.toLowerCase(), d.type] as const)));

  const get = (type: T): TransportDescriptor<T> => {
    const descriptor = byType.get(type);
    if (!descriptor) throw new Error(`Unknown transport "${type}"`);
    return descriptor;
  };

  return {
    types,
    descriptors,
    schema: z.enum(types),
    get,
    resolve: (spelling) => bySpelling.get(spelling.trim().toLowerCase()),
    forUrl: (url) => {
      const protocol = protocolOf(url.trim())?.toLowerCase();
      return descriptors.filter((d) => protocol !== undefined && d.urlSchemes.includes(protocol)).map((d) => d.type);
    },
    using: (field) => descriptors.filter((d) => d.fields[field] !== undefined).map((d) => d.type),
    signInTypes: descriptors.filter((d) => d.signIn).map((d) => d.type),
    forEndpointPath: (path) => {
      const bare = path.replace(/\/+$/, '').toLowerCase();
      return descriptors.find((d) => d.endpointPath !== undefined && bare.endsWith(d.endpointPath))?.type;
    },
    checkConfig: (type, config, ctx) => {
      const descriptor = get(type);
      const subject = `${capitalize(descriptor.article)} ${type} server`;
      for (const field of TRANSPORT_FIELDS) {
        if (descriptor.fields[field] === 'required' && isBlank(config[field])) {
          ctx.addIssue({ code: 'custom', path: ['config', field], message: `${subject} needs ${FIELD_NOUNS[field]}` });
        }
      }
      const url = config.url;
      if (descriptor.kind !== 'url' || typeof url !== 'string' || isBlank(url)) return;
      const protocol = protocolOf(url.trim())?.toLowerCase();
      if (protocol === undefined || !descriptor.urlSchemes.includes(protocol)) {
        ctx.addIssue({ code: 'custom', path: ['config', 'url'], message: `${subject} needs ${schemePhrase(descriptor.urlSchemes)} URL` });
      }
    },
  };
}

/** The options of the form's transport picker, in table order. */
export const transportOptions = <T extends string>(table: TransportTable<T>): TransportOption<T>[] =>
  table.descriptors.map((d) => ({ value: d.type, labelKey: d.displayKey }));

/** The config fields the form shows for a transport, in a stable order, each marked required or not. */
export const transportFields = <T extends string>(table: TransportTable<T>, type: T): { field: TransportField; required: boolean }[] =>
  TRANSPORT_FIELDS.flatMap((field) => {
    const use = table.get(type).fields[field];
    return use === undefined ? [] : [{ field, required: use === 'required' }];
  });

const HTTP_SCHEMES = ['http:', 'https:'];

export const TRANSPORTS = defineTransports([
  {
    type: 'stdio',
    kind: 'process',
    urlSchemes: [],
    aliases: ['local'],
    fields: { command: 'required', args: 'optional', env: 'optional' },
    article: 'a',
  },
  {
    type: 'sse',
    kind: 'url',
    urlSchemes: HTTP_SCHEMES,
    aliases: [],
    fields: { url: 'required', headers: 'optional' },
    article: 'an',
    signIn: true,
    endpointPath: '/sse',
  },
  {
    // Streamable HTTP, the MCP specification's current remote transport.
    type: 'http',
    kind: 'url',
    urlSchemes: HTTP_SCHEMES,
    aliases: ['streamable-http', 'streamablehttp', 'streamable_http', 'streamable'],
    fields: { url: 'required', headers: 'optional' },
    article: 'an',
    signIn: true,
    endpointPath: '/mcp',
  },
  {
    type: 'websocket',
    kind: 'url',
    urlSchemes: ['ws:', 'wss:'],
    aliases: ['ws'],
    fields: { url: 'required', headers: 'optional', wsProtocol: 'optional' },
    article: 'a',
  },
]);
