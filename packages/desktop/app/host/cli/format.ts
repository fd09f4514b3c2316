/** Human output of the CLI: tables, redacted server records, argument summaries. */
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import { REDACTED, redactArgs, redactUrl } from '../../main/services/capabilities/tools/mcp-users/redaction';


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
