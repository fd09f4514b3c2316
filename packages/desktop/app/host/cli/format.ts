/** Human output of the CLI: tables, redacted server records, argument summaries. */
import type { McpServerRecord } from '../../shared/contracts/mcp-types';
import { shellLine } from '../../shared/text/commandLine';
import { TRANSPORTS } from '../../shared/transports';
import { isCredentialHeader, maskServerRecord } from '../../main/services/capabilities/tools/mcp-users/common/redaction';
import { typeLabel } from '../../main/services/capabilities/tools/mcp-users/common/schema/typeLabel';


/** Every line of `text` indented by two spaces, as the CLI quotes what a server or a model wrote. */
export const indent = (text: string): string =>
  text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');

/** Left-aligned columns separated by two spaces; the last column is never padded. */
export function table(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, col) => Math.max(...all.map((row) => (row[col] ?? '').length)));
  return all
    .map((row) => row.map((cell, col) => (col === row.length - 1 ? cell : cell.padEnd(widths[col] ?? 0))).join('  ').trimEnd())
    .join('\n');
}

/**
 * The record with env values, credential-carrying header values (Authorization, Cookie, `*key*`,
 * `*token*`, `*secret*` …), credential arguments and URL secrets replaced by `***`; the other
 * headers are shown, they help tell servers apart.
 */
export function redactServer(server: McpServerRecord): McpServerRecord {
  return maskServerRecord(server, { showHeader: (name) => !isCredentialHeader(name) });
}

/** What the server runs or where it lives, plus its (redacted) env and headers, on one line. */
export function describeTarget(server: McpServerRecord): string {
  const { config } = redactServer(server);
  const runsProcess = TRANSPORTS.get(server.type).kind === 'process';
  const parts = [runsProcess ? shellLine([config.command ?? '', ...(config.args ?? [])]) : (config.url ?? '')];
  const env = Object.entries(config.env ?? {});
  if (env.length) parts.push(`env: ${env.map(([k, v]) => `${k}=${v}`).join(' ')}`);
  const headers = Object.entries(config.headers ?? {});
  if (headers.length) parts.push(`headers: ${headers.map(([k, v]) => `${k}: ${v}`).join(', ')}`);
  return parts.join('  ');
}

/** `text*: string, count: number` from an object schema: `*` marks required arguments. */
export function summarizeArguments(inputSchema: Record<string, unknown>): string {
  const properties = inputSchema.properties;
  if (!properties || typeof properties !== 'object') return '';
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required.map(String) : []);
  return Object.entries(properties as Record<string, unknown>)
    .map(([name, schema]) => `${name}${required.has(name) ? '*' : ''}: ${typeLabel(schema, '|')}`)
    .join(', ');
}

/** A moment in this machine's time zone, as `2026-12-03 14:02:11`: sortable, and the same in every locale. */
export function localTime(ms: number): string {
  const d = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}
