/** Human output of the CLI: tables, redacted server records, argument summaries. */
import type { McpServerRecord } from '../../shared/contracts/mcp-types';

const REDACTED = '***';

/** Left-aligned columns separated by two spaces; the last column is never padded. */
export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, col) => Math.max(...all.map((row) => (row[col] ?? '').length)));
  return all
    .map((row) => row.map((cell, col) => (col === row.length - 1 ? cell : cell.padEnd(widths[col] ?? 0))).join('  ').trimEnd())
    .join('\n');
}

const redactMap = (map: Record<string, string> | undefined) =>
  map && Object.fromEntries(Object.keys(map).map((key) => [key, REDACTED]));

/**
 * A URL with its password and query values hidden: tokens are often passed as `?api_key=…` or
 * `user:token@host`, and `servers list` output ends up in terminals, logs and bug reports.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.password) parsed.password = REDACTED;
  for (const key of [...new Set(parsed.searchParams.keys())]) parsed.searchParams.set(key, REDACTED);
  return parsed.toString();
}

/** Option and variable names that carry credentials (`--api-key`, `GITHUB_TOKEN=`, `--password`). */
const SECRET_NAME = /(key|token|secret|passw(or)?d|credential|auth)/i;

/**
 * Arguments with credentials hidden: servers are often given a key as `--api-key VALUE`,
 * `--token=VALUE`, `TOKEN=VALUE` or inside a URL, not only through env.
 */
export function redactArgs(args: readonly string[]): string[] {
  return args.map((arg, i) => {
    const previous = args[i - 1];
    if (previous !== undefined && /^--?[\w-]+$/.test(previous) && SECRET_NAME.test(previous) && !arg.startsWith('-')) return REDACTED;
    const assignment = /^(--?)?([\w.-]+)=(.*)$/.exec(arg);
    if (assignment && SECRET_NAME.test(assignment[2]!)) return `${assignment[1] ?? ''}${assignment[2]}=${REDACTED}`;
    return /^[a-z][\w+.-]*:\/\//i.test(arg) ? redactUrl(arg) : arg;
  });
}

/** The record with env values, header values, credential arguments and URL secrets replaced by `***`. */
export function redactServer(server: McpServerRecord): McpServerRecord {
  const { env, headers, url, args } = server.config;
  return {
    ...server,
    config: {
      ...server.config,
      ...(env ? { env: redactMap(env) } : {}),
      ...(headers ? { headers: redactMap(headers) } : {}),
      ...(args ? { args: redactArgs(args) } : {}),
      ...(url !== undefined ? { url: redactUrl(url) } : {}),
    },
  };
}

/** What the server runs or where it lives, plus its (redacted) env and headers, on one line. */
export function describeTarget(server: McpServerRecord): string {
  const { config } = redactServer(server);
  const parts = [server.type === 'stdio' ? [config.command ?? '', ...(config.args ?? [])].map(quoteArg).join(' ') : (config.url ?? '')];
  const env = Object.keys(config.env ?? {});
  if (env.length) parts.push(`env: ${env.map((k) => `${k}=${REDACTED}`).join(' ')}`);
  const headers = Object.keys(config.headers ?? {});
  if (headers.length) parts.push(`headers: ${headers.map((k) => `${k}: ${REDACTED}`).join(', ')}`);
  return parts.join('  ');
}

const quoteArg = (arg: string) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`);

/** `text*: string, count: number` from an object schema: `*` marks required arguments. */
export function summarizeArguments(inputSchema: Record<string, unknown>): string {
  const properties = inputSchema.properties;
  if (!properties || typeof properties !== 'object') return '';
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required.map(String) : []);
  return Object.entries(properties as Record<string, unknown>)
    .map(([name, schema]) => `${name}${required.has(name) ? '*' : ''}: ${typeOf(schema)}`)
    .join(', ');
}

function typeOf(schema: unknown): string {
  if (!schema || typeof schema !== 'object') return 'any';
  const { type, enum: values } = schema as { type?: unknown; enum?: unknown };
  if (Array.isArray(values)) return values.map((v) => JSON.stringify(v)).join('|');
  if (Array.isArray(type)) return type.map(String).join('|');
  return typeof type === 'string' ? type : 'any';
}
