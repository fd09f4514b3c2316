/**
 * The one table of size limits at the app's entrances: what a person, a program, a pasted config,
 * an install link or an MCP server may hand the app. Every entrance reads this table (the route
 * schemas in contracts/, the import dialects, install links, the pool's listing, the host's body
 * limit), so a value refused at one is refused at all of them, with the same message.
 *
 * Each number is far above anything a real configuration or server needs (the reason is beside
 * it) and far below what would hurt: the config file is rewritten whole on every change, names
 * and descriptions are drawn in lists and sent to a model each turn, and a 5 MB name made every
 * one of those slow. Lengths are counted as JavaScript counts them (UTF-16 code units).
 */
import { z } from 'zod';

/** How a limit is counted; each unit has one sentence in English here and in `errors.limit.<unit>` of the locales. */
export const LIMIT_UNITS = ['characters', 'nameCharacters', 'jsonCharacters', 'recordCharacters', 'bytes', 'entries'] as const;
export type LimitUnit = (typeof LIMIT_UNITS)[number];

export interface Limit {
  readonly max: number;
  readonly unit: LimitUnit;
}

export const LIMITS = {
  /* ---------- a server record (mcp.add, mcp.update, mcp.test, import, install links, CLI flags) ---------- */

  /** Shown in every list and inside tool ids (`mcp__server__tool`); the longest preset name is 21 characters. */
  serverName: { max: 200, unit: 'characters' },
  /** A program name or a path: Linux's PATH_MAX is 4,096 bytes (Windows' long paths 32,767, never seen in a config). */
  command: { max: 4_096, unit: 'characters' },
  /** Real servers take 1 to 30 arguments; Linux and Windows run far more, but the command line has its own limit (below). */
  argCount: { max: 1_000, unit: 'entries' },
  /** Windows' whole command line (CreateProcess) is at most 32,767 characters; Linux allows 128 KiB per argument (MAX_ARG_STRLEN). */
  argLength: { max: 32_767, unit: 'characters' },
  /** Real servers read 1 to 20 variables (the review lists each one, item 1 of issue 26); 4,000 arrived in one link. */
  envCount: { max: 1_000, unit: 'entries' },
  /** Names are identifiers such as `GITHUB_PERSONAL_ACCESS_TOKEN` (28). */
  envName: { max: 256, unit: 'nameCharacters' },
  /** Windows' maximum for one variable is 32,767 characters; a PEM key or a JSON credential is 2–4 K. */
  envValue: { max: 32_767, unit: 'characters' },
  /** Apache refuses a request with more than 100 header fields (LimitRequestFields), so more never reach a server. */
  headerCount: { max: 100, unit: 'entries' },
  headerName: { max: 256, unit: 'nameCharacters' },
  /** nginx and Apache refuse a header line over 8 KiB (large_client_header_buffers, LimitRequestFieldSize). */
  headerValue: { max: 8_192, unit: 'characters' },
  /** nginx and Apache refuse a request line over 8 KiB (414); a server URL is a few dozen characters. */
  url: { max: 8_192, unit: 'characters' },
  /** wsProtocol, the legacy transport label, an OAuth client id: short tokens. */
  shortText: { max: 1_024, unit: 'characters' },
  /** An OAuth client secret, like an API key (providers.ts allows 8,192); a PEM private key (RSA 4096 is about 3,300). */
  secret: { max: 8_192, unit: 'characters' },
  /** A local server's project folder: PATH_MAX, as for the command. */
  projectPath: { max: 4_096, unit: 'characters' },
  /** Tools switched off (or kept from auto-approval) per server; the largest real servers offer about 100 tools. */
  toolList: { max: 10_000, unit: 'entries' },
  /**
   * The whole record as JSON. The config file holds every record and is rewritten on each change,
   * so the sum of the fields above is bounded too: 256 KiB is 200 times a full preset record
   * (1.2 K) and still lets one record carry eight Windows-sized variables.
   */
  record: { max: 262_144, unit: 'recordCharacters' },

  /* ---------- imports and install links ---------- */

  /** A pasted config or another app's config file; Claude Desktop files with 50 servers are ~10 K. */
  importText: { max: 1_000_000, unit: 'characters' },
  /** Servers in one import (and duplicates' decisions in one request). */
  importServers: { max: 1_000, unit: 'entries' },
  /** A link comes from any web page: its decoded JSON is refused unread above this. */
  installLinkBytes: { max: 64 * 1024, unit: 'bytes' },
  /** A link installs a few servers; its review shows each one whole. */
  installLinkServers: { max: 20, unit: 'entries' },

  /* ---------- what servers send (tools/list, prompts/list, resources/list, initialize) ---------- */

  /**
   * The MCP specification says tool names SHOULD be 1 to 128 characters; the longest of the 220
   * real tools in mcp-users/__fixtures__/mcp-tool-schemas.json is 33. Prompts and resources too.
   */
  toolName: { max: 256, unit: 'characters' },
  /** A display name; the longest measured title is 35. */
  toolTitle: { max: 1_024, unit: 'characters' },
  /** The longest measured description is 6,993 characters (firecrawl_monitor_create); this is 9 times that. */
  toolDescription: { max: 65_536, unit: 'characters' },
  /** An input or output schema as JSON; the longest measured is 5,439 characters (Notion's API-update-page-markdown). */
  toolSchema: { max: 262_144, unit: 'jsonCharacters' },
  /** A server's instructions (initialize), kept cut to this: the everything server's are 1,579 characters. */
  serverInstructions: { max: 65_536, unit: 'characters' },
  /** A server's own name and version (initialize serverInfo), kept cut to this. */
  serverInfo: { max: 256, unit: 'characters' },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/**
 * The browser-mode host reads at most this many bytes of one request. It is 4 times the largest
 * text a route takes (an import text: UTF-8 needs up to 3 bytes per character, and JSON escapes
 * quotes inside the request once more), so nothing within the limits above is refused for the
 * size of the envelope around it.
 */
export const HOST_BODY_MAX_BYTES = 4 * 1024 * 1024;

/** `5242880` → `5,242,880`: the same in every locale of Node, unlike toLocaleString without ICU. */
export const groupDigits = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

const UNIT_TEXT: Record<LimitUnit, (max: string) => string> = {
  characters: (max) => `at most ${max} characters`,
  nameCharacters: (max) => `at most ${max} characters in each name`,
  jsonCharacters: (max) => `at most ${max} characters as JSON`,
  // The record's issue has no field to stand before it, so it says what it is about.
  recordCharacters: (max) => `the whole server is at most ${max} characters as JSON`,
  bytes: (max) => `at most ${max} bytes`,
  entries: (max) => `at most ${max} entries`,
};

/** `at most 200 characters (got 5,242,880)`: what every entrance says about a value over its limit. */
export function limitMessage(name: LimitName, got: number): string {
  const { max, unit } = LIMITS[name];
  return `${UNIT_TEXT[unit](groupDigits(max))} (got ${groupDigits(got)})`;
}

/**
 * The first `max` characters of a text and `…`, or the text itself when it is no longer: for what
 * the host keeps of something a server sent over a limit. The kept part is a copy, not a view of
 * the original (a V8 slice can keep its whole parent alive), so the original can be freed.
 */
export function cutText(text: string, max: number): string {
  return text.length > max ? `${[...text.slice(0, max)].join('')}…` : text;
}

/** What a limit issue carries besides its English message, so a UI can say it in the person's language. */
export const LimitFactsSchema = z.object({
  name: z.enum(Object.keys(LIMITS) as [LimitName, ...LimitName[]]),
  max: z.number(),
  got: z.number(),
  unit: z.enum(LIMIT_UNITS),
});
export type LimitFacts = z.infer<typeof LimitFactsSchema>;

export const limitFacts = (name: LimitName, got: number): LimitFacts => ({ name, ...LIMITS[name], got });

/** Adds the issue when `got` is over the limit (a custom issue whose `params.limit` holds the facts); true when it was within. */
export function checkLimit(ctx: z.RefinementCtx, name: LimitName, got: number, path: PropertyKey[] = []): boolean {
  if (got <= LIMITS[name].max) return true;
  ctx.addIssue({ code: 'custom', path, message: limitMessage(name, got), params: { limit: limitFacts(name, got) } });
  return false;
}

/** A refinement for a string field: `z.string().superRefine(maxLength('toolName'))`. */
export const maxLength =
  (name: LimitName) =>
  (value: string, ctx: z.RefinementCtx): void => {
    checkLimit(ctx, name, value.length, []);
  };

/** The limit facts of an issue made by limitIssue, if it is one. */
export function limitOf(issue: z.core.$ZodIssue): LimitFacts | undefined {
  if (issue.code !== 'custom') return undefined;
  const facts = (issue.params as { limit?: LimitFacts } | undefined)?.limit;
  return facts && Object.hasOwn(LIMITS, facts.name) ? facts : undefined;
}

/** The fields of a server (an input, an update's changes, a merged record) that the limits concern. */
interface ServerFields {
  name?: string | undefined;
  projectPath?: string | undefined;
  disabledTools?: readonly string[] | undefined;
  disabledAutoApproveTools?: readonly string[] | undefined;
  config?: {
    command?: string | undefined;
    args?: readonly string[] | undefined;
    env?: Readonly<Record<string, string>> | undefined;
    url?: string | undefined;
    headers?: Readonly<Record<string, string>> | undefined;
    transport?: string | undefined;
    wsProtocol?: string | undefined;
    oauth?: { clientId?: string | undefined; clientSecret?: string | undefined; privateKey?: string | undefined } | undefined;
  } | undefined;
}

function checkMap(ctx: z.RefinementCtx, map: Readonly<Record<string, string>> | undefined, path: PropertyKey[], count: LimitName, name: LimitName, value: LimitName): boolean {
  if (!map) return true;
  const keys = Object.keys(map);
  if (!checkLimit(ctx, count, keys.length, path)) return false;
  // The longest name and the first long value only: an issue per entry would repeat one fact a thousand times.
  const namesWithin = checkLimit(ctx, name, keys.reduce((longest, key) => Math.max(longest, key.length), 0), path);
  const long = keys.find((key) => map[key]!.length > LIMITS[value].max);
  return (long === undefined || checkLimit(ctx, value, map[long]!.length, [...path, long])) && namesWithin;
}

function checkList(ctx: z.RefinementCtx, list: readonly string[] | undefined, path: PropertyKey[], count: LimitName, item: LimitName): boolean {
  if (!list) return true;
  if (!checkLimit(ctx, count, list.length, path)) return false;
  const at = list.findIndex((entry) => entry.length > LIMITS[item].max);
  return at < 0 || checkLimit(ctx, item, list[at]!.length, [...path, at]);
}

const checkText = (ctx: z.RefinementCtx, name: LimitName, value: string | undefined, path: PropertyKey[]): boolean =>
  value === undefined || checkLimit(ctx, name, value.length, path);

/**
 * Adds an issue, at the field's path, for each field over its limit, and, when every field is
 * within, one for the whole if its JSON is over the record limit. The one place the record limits
 * are applied: the add and test inputs, an update's changes and the merged record an update would
 * write all call it.
 */
export function checkServerLimits(fields: ServerFields, ctx: z.RefinementCtx): void {
  const config = fields.config ?? {};
  const within = [
    checkText(ctx, 'serverName', fields.name, ['name']),
    checkText(ctx, 'projectPath', fields.projectPath, ['projectPath']),
    checkList(ctx, fields.disabledTools, ['disabledTools'], 'toolList', 'toolName'),
    checkList(ctx, fields.disabledAutoApproveTools, ['disabledAutoApproveTools'], 'toolList', 'toolName'),
    checkText(ctx, 'command', config.command, ['config', 'command']),
    checkList(ctx, config.args, ['config', 'args'], 'argCount', 'argLength'),
    checkMap(ctx, config.env, ['config', 'env'], 'envCount', 'envName', 'envValue'),
    checkText(ctx, 'url', config.url, ['config', 'url']),
    checkMap(ctx, config.headers, ['config', 'headers'], 'headerCount', 'headerName', 'headerValue'),
    checkText(ctx, 'shortText', config.transport, ['config', 'transport']),
    checkText(ctx, 'shortText', config.wsProtocol, ['config', 'wsProtocol']),
    checkText(ctx, 'shortText', config.oauth?.clientId, ['config', 'oauth', 'clientId']),
    checkText(ctx, 'secret', config.oauth?.clientSecret, ['config', 'oauth', 'clientSecret']),
    checkText(ctx, 'secret', config.oauth?.privateKey, ['config', 'oauth', 'privateKey']),
  ].every(Boolean);
  // A field over its limit already says why; the whole is judged once each part is sane.
  if (within) checkLimit(ctx, 'record', JSON.stringify(fields).length);
}
