/**
 * Reads the server lists people paste from other hosts' configs into our McpServerInput:
 *   { "name": config }                              (our own addJson)
 *   { "mcpServers": { "name": config } }            (Claude Desktop, Cursor, Windsurf, Cline)
 *   { "servers": { "name": config } }               (VS Code .vscode/mcp.json)
 *   { "mcp": { "servers": { … } } }                 (VS Code settings.json)
 * A bad entry is reported by name and never costs the paste its good entries; keys we do not
 * know are reported, never a reason to reject.
 */
import { z } from 'zod';
import { McpServerInputSchema, type McpServerInput } from '@shared/contracts/mcp-types';
import { TRANSPORT_FIELDS, TRANSPORTS, type TransportField, type TransportTable } from '@shared/transports';
import { AppError, describeIssues } from '@shared/errors';
import { groupDigits, limitFacts, limitMessage, limitOf, LIMITS, type LimitFacts, type LimitName } from '@shared/limits';
import { describeJsonSyntaxError, parseJsonText, type JsonSyntaxError } from './jsonText';

/** Why an entry field is wrong, for the UI to say in the person's language (the message is English). */
export type ImportIssueReason = 'missing' | 'url_scheme' | 'unknown_type' | 'wrong_type' | 'limit';

/** What is wrong with one entry, at the key the pasted entry used (`command`, `url`, `args.0`). */
export interface ImportIssue {
  path: string;
  message: string;
  reason?: ImportIssueReason;
  /** With reason `limit`: which limit of shared/limits.ts, and the size that was over it. */
  limit?: LimitFacts;
}

const isBlank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

function issueReason(issue: z.core.$ZodIssue, field: string, raw: Record<string, unknown>): ImportIssueReason | undefined {
  if (limitOf(issue)) return 'limit';
  if (issue.code === 'invalid_type') return 'wrong_type';
  if (issue.code === 'invalid_value' && field === 'type') return 'unknown_type';
  // The transport table's checks: a required field that is absent, or a URL of the wrong scheme.
  if (issue.code === 'custom') return isBlank(raw[field]) ? 'missing' : field === 'command' ? undefined : 'url_scheme';
  return undefined;
}

export type ImportEntry =
  | { name: string; ok: true; input: McpServerInput; ignoredKeys: string[] }
  | { name: string; ok: false; message: string; issues: ImportIssue[] };

/** Why a text is not a server list at all (as opposed to one bad entry in it). */
export class ServerJsonError extends Error {
  constructor(readonly syntax: JsonSyntaxError | undefined) {
    super(syntax ? `Not valid JSON at ${describeJsonSyntaxError(syntax)}` : 'Expected a JSON object of servers');
    this.name = 'ServerJsonError';
  }
}

/** A text with more servers than its limit allows (an import's, a link's); none of them was read. */
export class TooManyServersError extends Error {
  readonly limit: LimitFacts;
  constructor(name: LimitName, got: number) {
    super(`A text may carry at most ${groupDigits(LIMITS[name].max)} servers (got ${groupDigits(got)})`);
    this.name = 'TooManyServersError';
    this.limit = limitFacts(name, got);
  }
}

const StringMap = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String));

/** The config keys we read, across dialects. Anything else is reported as ignored. */
const EntrySchema = z.object({
  type: z.string().optional(),
  transport: z.string().optional(),
  command: z.string().optional(),
  args: z.array(z.union([z.string(), z.number()]).transform(String)).optional(),
  env: StringMap.optional(),
  url: z.string().optional(),
  /** Windsurf spells the url `serverUrl`, Gemini CLI `httpUrl` (always Streamable HTTP). */
  serverUrl: z.string().optional(),
  httpUrl: z.string().optional(),
  headers: StringMap.optional(),
  wsProtocol: z.string().optional(),
  timeoutMs: z.number().int().positive().optional(),
  /** Claude Desktop / Cline: `disabled: true` keeps the entry but does not connect. */
  disabled: z.boolean().optional(),
  isActive: z.boolean().optional(),
  disabledTools: z.array(z.string()).optional(),
});
const KNOWN_KEYS = new Set(Object.keys(EntrySchema.shape));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const looksLikeServer = (value: unknown) =>
  isPlainObject(value) && ['command', 'url', 'serverUrl', 'httpUrl', 'type', 'transport'].some((k) => k in value);

/** Picks the `{ name: config }` map out of whichever dialect was pasted. */
export function serverMap(root: unknown): Record<string, unknown> {
  if (!isPlainObject(root)) throw new ServerJsonError(undefined);
  if (isPlainObject(root.mcpServers)) return root.mcpServers;
  if (isPlainObject(root.mcp) && isPlainObject(root.mcp.servers)) return root.mcp.servers;
  // A server that happens to be called "servers" is still a server.
  if (isPlainObject(root.servers) && !looksLikeServer(root.servers)) return root.servers;
  return root;
}

/** The config keys only a transport that runs a program reads (command, args, env in the table). */
const processOnlyFields = <T extends string>(table: TransportTable<T>): TransportField[] =>
  TRANSPORT_FIELDS.filter((field) => {
    const users = table.using(field);
    return users.length > 0 && users.every((type) => table.get(type).kind === 'process');
  });

/**
 * The transport an entry means: its declared type or another host's spelling of it (the table's
 * aliases), else what it has: a command runs a process, a URL's scheme names the transport. An
 * entry without a URL that has a key only a program reads (`args`, `env`, an empty `command`) is
 * a program whose command is missing, not a URL server whose url is. An unknown declared type is
 * passed on for the schema to reject by name.
 */
export function inferTransport<T extends string>(
  declared: string | undefined,
  command: string | undefined,
  url: string | undefined,
  table: TransportTable<T>,
  keys: readonly string[] = [],
): T | string {
  if (declared !== undefined) return table.resolve(declared) ?? declared;
  const runsProcess = table.descriptors.find((d) => d.kind === 'process');
  const programKeys = processOnlyFields(table);
  const looksLikeProgram = url === undefined && keys.some((key) => (programKeys as readonly string[]).includes(key));
  if ((command || looksLikeProgram) && runsProcess) return runsProcess.type;
  const byScheme = url ? table.forUrl(url) : [];
  if (byScheme.length === 1) return byScheme[0]!;
  // Transports that share a scheme (SSE and Streamable HTTP) are told apart by the path their
  // servers conventionally serve on (…/sse); other http(s) URLs (and URLs we cannot read, which
  // the schema then rejects) default to Streamable HTTP, the specification's current transport.
  const byPath = url ? table.forEndpointPath(url.trim().split(/[?#]/)[0]!) : undefined;
  if (byPath !== undefined && (byScheme.length === 0 || byScheme.includes(byPath))) return byPath;
  return 'http';
}

type ZodIssues = z.core.$ZodIssue[];

/**
 * The issues at the keys the person wrote: the schema's `config.url` is the entry's `url` (or
 * `serverUrl`, `httpUrl`, whichever it used).
 */
function entryIssues(issues: ZodIssues, raw: Record<string, unknown>): ImportIssue[] {
  const urlKey = ['url', 'serverUrl', 'httpUrl'].find((k) => k in raw) ?? 'url';
  return issues.map((issue) => {
    const parts = issue.path.map(String);
    if (parts[0] === 'config') parts.shift();
    if (parts[0] === 'url') parts[0] = urlKey;
    if (parts[0] === 'type' && !('type' in raw) && 'transport' in raw) parts[0] = 'transport';
    const reason = issueReason(issue, parts[0] ?? '', raw);
    const limit = limitOf(issue);
    return { path: parts.join('.'), message: issue.message, ...(reason ? { reason } : {}), ...(limit ? { limit } : {}) };
  });
}

const invalid = (name: string, issues: ZodIssues, raw: Record<string, unknown>): ImportEntry => ({
  name,
  ok: false,
  message: describeIssues(issues),
  issues: entryIssues(issues, raw),
});

export function readEntry(name: string, raw: unknown): ImportEntry {
  if (!isPlainObject(raw)) {
    const message = 'Expected an object with a command or a url';
    return { name, ok: false, message, issues: [{ path: '', message }] };
  }
  const parsed = EntrySchema.safeParse(raw);
  if (!parsed.success) return invalid(name, parsed.error.issues, raw);
  const e = parsed.data;
  const url = e.url ?? e.serverUrl ?? e.httpUrl;
  const type = inferTransport(e.type ?? e.transport ?? (e.httpUrl ? 'http' : undefined), e.command, url, TRANSPORTS, Object.keys(raw));
  const candidate = {
    name,
    type,
    isActive: e.isActive ?? !e.disabled,
    ...(e.disabledTools ? { disabledTools: e.disabledTools } : {}),
    config: {
      ...(e.command !== undefined ? { command: e.command } : {}),
      ...(e.args ? { args: e.args } : {}),
      ...(e.env ? { env: e.env } : {}),
      ...(url !== undefined ? { url } : {}),
      ...(e.headers ? { headers: e.headers } : {}),
      ...(e.wsProtocol ? { wsProtocol: e.wsProtocol } : {}),
      ...(e.timeoutMs ? { timeoutMs: e.timeoutMs } : {}),
    },
  };
  const input = McpServerInputSchema.safeParse(candidate);
  if (!input.success) return invalid(name, input.error.issues, raw);
  return { name, ok: true, input: input.data, ignoredKeys: Object.keys(raw).filter((k) => !KNOWN_KEYS.has(k)) };
}

/**
 * Throws a ServerJsonError only when the text is not JSON (comments and trailing commas allowed)
 * or not an object, and a TooManyServersError, before reading any entry, when it has more servers
 * than `limit` allows; entries fail one by one.
 */
export function readServerJson(text: string, limit: LimitName = 'importServers'): ImportEntry[] {
  const root = parseJsonText(text);
  if (!root.ok) throw new ServerJsonError(root.error);
  const servers = Object.entries(serverMap(root.value));
  if (servers.length > LIMITS[limit].max) throw new TooManyServersError(limit, servers.length);
  return servers.map(([name, raw]) => readEntry(name, raw));
}

/**
 * The entries of a text to import, or the error code that says why it has none:
 * IMPORT_INVALID_JSON (with line, column and reason) or IMPORT_NO_SERVERS.
 */
export function readImportEntries(text: string): ImportEntry[] {
  let entries: ImportEntry[];
  try {
    entries = readServerJson(text);
  } catch (err) {
    if (err instanceof TooManyServersError) {
      const issue = { path: 'json', message: limitMessage(err.limit.name, err.limit.got), limit: err.limit };
      throw new AppError('VALIDATION_FAILED', err.message, { issues: [issue] });
    }
    if (!(err instanceof ServerJsonError)) throw err;
    if (err.syntax) {
      const { line, column, reason } = err.syntax;
      throw new AppError('IMPORT_INVALID_JSON', err.message, { line, column, reason });
    }
    throw new AppError('IMPORT_NO_SERVERS', err.message);
  }
  if (entries.length === 0) throw new AppError('IMPORT_NO_SERVERS', 'The JSON contains no servers');
  return entries;
}
