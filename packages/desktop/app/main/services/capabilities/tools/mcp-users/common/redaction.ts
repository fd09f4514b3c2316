/**
 * Redaction: how a server's secrets look everywhere outside the config store. The CLI, the server
 * log and the router's `mcp.list` masking all use this one module, so a secret hidden in one place
 * is hidden in all of them.
 *
 * Secrets are env values, header values, credentials passed as command-line arguments
 * (`--api-key VALUE`, `--token=VALUE`, `GITHUB_TOKEN=VALUE`, `Authorization: Bearer VALUE`) and
 * inside URLs (`user:pass@host`, `?key=VALUE`); in free text (a server's stderr) also anything
 * shaped like a credential, long random tokens included.
 *
 * Invariants:
 * - Pure: no Node APIs (no `node:*`, no Buffer), so the renderer can run the same code. It is due
 *   to move to a runtime-neutral `common/` folder; keep it importable from a browser.
 * - Nothing here throws. Redaction decides what a person sees, never whether a server runs: a `%`
 *   in a URL password (`postgresql://user:50%off@host/db`) once made `decodeURIComponent` throw
 *   before every connect.
 */
import type { McpServerConfig } from '@shared/contracts/mcp-types';

/** What every secret is shown as, in logs, errors, the CLI and `mcp.list`. */
export const REDACTED = '***';

/** Option, variable and header names that carry credentials. */
const SECRET_NAME = /(key|token|secret|passw(or)?d|credential|auth|cookie)/i;
const OPTION = /^--?[\w-]+$/;
const ASSIGNMENT = /^(--?)?([\w.-]+)=([\s\S]*)$/;
/** `Authorization: Bearer …`, `X-Api-Key: …`: a header line passed as one argument (curl's `-H`, mcp-remote's `--header`). */
const HEADER_LINE = /^([\w-]+):[ \t]*([\s\S]*)$/;
/** The scheme word before a credential, kept in view: `Bearer ***` says what kind of secret is there. */
const AUTH_SCHEME = /^(Bearer|Basic|Token)\s+/i;
/** A bearer or basic credential anywhere in an argument; its characters are RFC 6750's b64token. */
const AUTH_CREDENTIAL = /\b(?:Bearer|Basic)\s+([A-Za-z0-9._~+/=-]+)/gi;
const URL_LIKE = /^[a-z][\w+.-]*:\/\//i;

/**
 * Where a credential's value sits inside one string, as [start, end). Spans never overlap and each
 * ends where its string or a delimiter ends (`&`, `#`, `@`, whitespace), never before a letter or a
 * digit: secretsByReference.ts relies on that to find the reference it puts there.
 */
export interface Span {
  start: number;
  end: number;
}

/** `new URL` without the exception. */
function parseUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}

/** `decodeURIComponent`, or the text itself where it is not valid percent-encoding. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A URL's password and every query value, as written (positions in `text`). Every query value, not
 * only those named like keys: `?k=…` and `?sig=…` carry credentials as often as `?api_key=…`. Empty
 * values count, so a slot whose secret this process cannot read keeps its place.
 */
export function urlCredentialSpans(text: string): Span[] {
  if (!URL_LIKE.test(text) || !parseUrl(text)) return [];
  const spans: Span[] = [];
  const authorityStart = text.indexOf('://') + 3;
  const authorityLength = text.slice(authorityStart).search(/[/?#]/);
  const authorityEnd = authorityLength === -1 ? text.length : authorityStart + authorityLength;
  const at = text.lastIndexOf('@', authorityEnd - 1);
  const colon = text.indexOf(':', authorityStart);
  if (at >= authorityStart && colon !== -1 && colon + 1 < at) spans.push({ start: colon + 1, end: at });
  const hash = text.indexOf('#', authorityEnd);
  const query = text.indexOf('?', authorityEnd);
  if (query === -1 || (hash !== -1 && hash < query)) return spans;
  let pairStart = query + 1;
  const queryEnd = hash === -1 ? text.length : hash;
  while (pairStart <= queryEnd) {
    const ampersand = text.indexOf('&', pairStart);
    const pairEnd = ampersand === -1 || ampersand > queryEnd ? queryEnd : ampersand;
    const equals = text.indexOf('=', pairStart);
    if (equals !== -1 && equals < pairEnd) spans.push({ start: equals + 1, end: pairEnd });
    pairStart = pairEnd + 1;
  }
  return spans;
}

const shift = (spans: Span[], by: number): Span[] => spans.map(({ start, end }) => ({ start: start + by, end: end + by }));

/** The value of a header line whose name carries a credential, after its scheme word. */
function headerLineSpan(text: string): Span | undefined {
  const line = HEADER_LINE.exec(text);
  if (!line || !SECRET_NAME.test(line[1]!)) return undefined;
  const valueStart = text.length - line[2]!.length;
  const scheme = AUTH_SCHEME.exec(line[2]!);
  return { start: valueStart + (scheme ? scheme[0].length : 0), end: text.length };
}

/** The credentials of one argument (`previous` is the argument before it, which may name it). */
function argSpans(arg: string, previous: string | undefined): Span[] {
  if (previous !== undefined && OPTION.test(previous) && SECRET_NAME.test(previous) && !arg.startsWith('-')) return [{ start: 0, end: arg.length }];
  const assignment = ASSIGNMENT.exec(arg);
  const valueStart = assignment ? arg.length - assignment[3]!.length : 0;
  if (assignment && SECRET_NAME.test(assignment[2]!)) return [{ start: valueStart, end: arg.length }];
  const value = arg.slice(valueStart);
  const inUrl = urlCredentialSpans(value);
  if (inUrl.length) return shift(inUrl, valueStart);
  const header = headerLineSpan(value);
  if (header) return shift([header], valueStart);
  const bearers = [...value.matchAll(AUTH_CREDENTIAL)].map((m) => ({ start: m.index + m[0].length - m[1]!.length, end: m.index + m[0].length }));
  if (bearers.length) return shift(bearers, valueStart);
  return isRandomToken(value) ? [{ start: valueStart, end: arg.length }] : [];
}

/**
 * The credentials typed into each argument: the value after an option named like a credential
 * (`--api-key VALUE`), of such an assignment (`--token=VALUE`, `GITHUB_TOKEN=VALUE`), of a header
 * line (`Authorization: Bearer VALUE`), a bearer credential anywhere, URL passwords and query values,
 * and an argument that is itself a long random token. The one detector behind masking, export and
 * the secret store.
 */
export function argCredentialSpans(args: readonly string[]): Span[][] {
  return args.map((arg, i) => argSpans(arg, args[i - 1]));
}

/** `text` with each span replaced by `replace(value, index)`. */
export function replaceSpans(text: string, spans: readonly Span[], replace: (value: string, index: number) => string): string {
  let out = '';
  let last = 0;
  spans.forEach(({ start, end }, index) => {
    out += text.slice(last, start) + replace(text.slice(start, end), index);
    last = end;
  });
  return out + text.slice(last);
}

/** The secret values among the arguments, for a redactor to replace wherever they appear (as written and decoded: a server may echo either). */
export function secretArgValues(args: readonly string[]): string[] {
  const values = argCredentialSpans(args).flatMap((spans, i) => spans.map(({ start, end }) => args[i]!.slice(start, end)));
  return [...new Set(values.flatMap((value) => [value, safeDecode(value)]).filter(Boolean))];
}

/** The arguments with those values shown as `mask`. */
export function redactArgs(args: readonly string[], mask = REDACTED): string[] {
  const spans = argCredentialSpans(args);
  return args.map((arg, i) => replaceSpans(arg, spans[i]!, () => mask));
}

/** A URL with its password and query values hidden; text that is not a URL comes back as is. */
export function redactUrl(url: string, mask = REDACTED): string {
  return replaceSpans(url, urlCredentialSpans(url), () => mask);
}

/** Runs of base64, base64url and hex characters: where a key or token hides in free text. */
const TOKEN_RUN = /[A-Za-z0-9+/_-]{20,}={0,2}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lower, upper, digit, other: random text changes class far more often than words and identifiers do. */
const charClass = (c: string) => (c >= 'a' && c <= 'z' ? 0 : c >= 'A' && c <= 'Z' ? 1 : c >= '0' && c <= '9' ? 2 : 3);

/**
 * Whether a run looks like a generated credential rather than a word, a path or an identifier.
 * Measured on random tokens of 18–48 bytes: base64 and base64url ≥ 93 % (≥ 99 % from 32 bytes),
 * hex 100 %; identifiers (`getServerConfiguration2ForUser`), paths, package names, versions and
 * UUIDs (request ids, which logs need) are left alone. A second line behind the exact values a
 * server's config names, not a replacement for them.
 */
export function isRandomToken(run: string): boolean {
  if (UUID.test(run)) return false;
  const pieces = run.split('/');
  // A path: several short pieces.
  if (pieces.length > 2 && pieces.every((piece) => piece.length < 16)) return false;
  const core = run.replace(/[+/_=-]/g, '');
  if (core.length < 20 || !/[0-9]/.test(core) || /[^A-Za-z0-9]/.test(core)) return false;
  if (/^[0-9a-f]+$/i.test(core)) return core.length >= 32 && /[a-f]/i.test(core);
  if (!/[a-z]/.test(core) || !/[A-Z]/.test(core)) return false;
  let changes = 0;
  for (let i = 1; i < core.length; i++) if (charClass(core[i]!) !== charClass(core[i - 1]!)) changes++;
  return changes / (core.length - 1) >= 0.4;
}

/** Short values ("1", "true") would redact half the log; real secrets are longer. */
const MIN_SECRET_CHARS = 6;

/** Generic credential shapes, redacted even when they are not in the server's config. */
const CREDENTIAL_PATTERNS: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{6,}/gi, `$1 ${REDACTED}`],
  [/\b(authorization|x-api-key|api[-_]?key|access[-_]?token|secret|password)(["']?\s*[:=]\s*["']?)[^\s"',;]{4,}/gi, `$1$2${REDACTED}`],
];

/** Generic credential shapes and random-looking tokens replaced by REDACTED. */
const redactShapes = (text: string): string => {
  let out = text;
  for (const [pattern, replacement] of CREDENTIAL_PATTERNS) out = out.replace(pattern, replacement);
  return out.replace(TOKEN_RUN, (run) => (isRandomToken(run) ? REDACTED : run));
};

/**
 * Whether a value named `name` should be shown as "set" rather than in clear: its name says it is a
 * credential, or it has a credential's shape (`Bearer …`, `api_key=…`, a long random token).
 */
export const looksSecret = (name: string, value: string): boolean => SECRET_NAME.test(name) || redactShapes(value) !== value;

/** The parts of a server's config that hold secrets. */
export type SecretFields = Pick<McpServerConfig, 'env' | 'headers' | 'args' | 'url' | 'oauth'>;

/**
 * A redactor for free text from or about one server (its stderr, error messages): its env values,
 * header values, credential arguments and URL secrets, plus generic credential shapes.
 */
export function secretRedactor(config: SecretFields): (text: string) => string {
  const secrets = [
    ...Object.values(config.env ?? {}),
    ...Object.values(config.headers ?? {}),
    ...(config.oauth?.clientSecret ? [config.oauth.clientSecret] : []),
    ...(config.oauth?.privateKey ? [config.oauth.privateKey] : []),
    ...secretArgValues([...(config.args ?? []), ...(config.url ? [config.url] : [])]),
  ]
    .flatMap((value) => [value, value.replace(/^(Bearer|Basic|Token)\s+/i, '')])
    .filter((value) => value.length >= MIN_SECRET_CHARS)
    // Longest first, so a secret that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join(REDACTED);
    return redactShapes(out);
  };
}

/** Headers whose values are credentials (Authorization, Cookie, `*key*`, `*token*`, `*secret*` …). */
export const isCredentialHeader = (name: string): boolean => SECRET_NAME.test(name);

/** The map with its names kept and its values shown as `mask`, except those `show` lets through. */
export function maskValues(map: Record<string, string>, mask = REDACTED, show: (name: string) => boolean = () => false): Record<string, string> {
  return Object.fromEntries(Object.entries(map).map(([name, value]) => [name, show(name) ? value : mask]));
}

export interface MaskOptions {
  /** Header values to show in clear; by default every value is masked. */
  showHeader?: (name: string) => boolean;
}

/**
 * The config as it may leave the main process: env and header names kept, their values masked,
 * credentials in the arguments and the URL hidden. Other fields are untouched.
 */
export function maskSecrets<C extends SecretFields>(config: C, options: MaskOptions = {}): C {
  const { env, headers, args, url, oauth } = config;
  return {
    ...config,
    // The client id is an identifier the person typed and wants to recognise; only the secret (or private key) is one.
    ...(oauth?.clientSecret || oauth?.privateKey
      ? { oauth: { ...oauth, ...(oauth.clientSecret && { clientSecret: REDACTED }), ...(oauth.privateKey && { privateKey: REDACTED }) } }
      : {}),
    ...(env ? { env: maskValues(env) } : {}),
    ...(headers ? { headers: maskValues(headers, REDACTED, options.showHeader) } : {}),
    ...(args ? { args: redactArgs(args) } : {}),
    ...(url !== undefined ? { url: redactUrl(url) } : {}),
  };
}

/** A server record with its config masked as `maskSecrets` does (what the renderer and the CLI show). */
export function maskServerRecord<R extends { config: SecretFields }>(record: R, options: MaskOptions = {}): R {
  return { ...record, config: maskSecrets(record.config, options) };
}

/**
 * Undoes `maskSecrets` where a client sent a masked value back unchanged: a form that was given
 * `KEY: ***` and saves without touching it must keep the stored secret, not store `***`.
 * A value the person changed, or a name the stored config does not have, is taken as sent.
 */
export function restoreMaskedSecrets<C extends SecretFields>(stored: SecretFields, updated: C): C {
  const restored: C = { ...updated };
  if (updated.env) restored.env = restoreMap(stored.env, updated.env);
  if (updated.oauth?.clientSecret === REDACTED) restored.oauth = { ...updated.oauth, clientSecret: stored.oauth?.clientSecret };
  if (updated.oauth?.privateKey === REDACTED) restored.oauth = { ...restored.oauth, privateKey: stored.oauth?.privateKey };
  if (updated.headers) restored.headers = restoreMap(stored.headers, updated.headers);
  if (updated.args && stored.args) restored.args = restoreArgs(stored.args, updated.args);
  if (updated.url !== undefined && stored.url !== undefined) restored.url = restoreUrl(stored.url, updated.url);
  return restored;
}

function restoreMap(stored: Record<string, string> | undefined, updated: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(updated).map(([name, value]) => {
      const original = stored && Object.hasOwn(stored, name) ? stored[name] : undefined;
      return [name, value === REDACTED && original !== undefined ? original : value];
    }),
  );
}

function restoreArgs(stored: readonly string[], updated: readonly string[]): string[] {
  const masked = redactArgs(stored);
  // A masked form that stands for exactly one stored argument, for arguments that moved.
  const byMask = new Map<string, string | null>();
  masked.forEach((form, i) => {
    if (form === stored[i]) return;
    byMask.set(form, byMask.has(form) ? null : stored[i]!);
  });
  return updated.map((arg, i) => {
    if (masked[i] === arg && masked[i] !== stored[i]) return stored[i]!;
    return byMask.get(arg) ?? arg;
  });
}

function restoreUrl(stored: string, updated: string): string {
  if (updated === redactUrl(stored)) return stored;
  const before = parseUrl(stored);
  const after = parseUrl(updated);
  if (!before || !after) return updated;
  // The person edited another part (host, path): keep the secrets that still read as masks.
  if (after.password === REDACTED && before.password) after.password = before.password;
  const masked = [...after.searchParams].some(([key, value]) => value === REDACTED && before.searchParams.has(key));
  if (masked) {
    // Rebuilt in the order sent; a masked key stands for all of its stored values.
    const query = new URLSearchParams();
    const restored = new Set<string>();
    for (const [key, value] of after.searchParams) {
      const storedValues = before.searchParams.getAll(key);
      if (value !== REDACTED || storedValues.length === 0) query.append(key, value);
      else if (!restored.has(key)) {
        restored.add(key);
        for (const original of storedValues) query.append(key, original);
      }
    }
    after.search = query.toString();
  }
  return after.toString();
}
