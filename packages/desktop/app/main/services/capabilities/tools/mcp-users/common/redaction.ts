/**
 * Redaction: how a server's secrets look everywhere outside the config store. The CLI, the server
 * log and the router's `mcp.list` masking all use this one module, so a secret hidden in one place
 * is hidden in all of them.
 *
 * Secrets are env values, header values, credentials passed as command-line arguments
 * (`--api-key VALUE`, `--token=VALUE`, `GITHUB_TOKEN=VALUE`) and inside URLs (`user:pass@host`,
 * `?key=VALUE`).
 *
 * Invariants:
 * - Pure: no Node APIs (no `node:*`, no Buffer), so the renderer can run the same code. It is due
 *   to move to a runtime-neutral `common/` folder; keep it importable from a browser.
 * - Nothing here throws. Redaction decides what a person sees, never whether a server runs: a `%`
 *   in a URL password (`postgresql://user:50%off@host/db`) once made `decodeURIComponent` throw
 *   before every connect.
 */
import type { McpServerConfig } from '../../../../../../shared/contracts/mcp-types';

/** What every secret is shown as, in logs, errors, the CLI and `mcp.list`. */
export const REDACTED = '***';

/** Option, variable and header names that carry credentials. */
const SECRET_NAME = /(key|token|secret|passw(or)?d|credential|auth|cookie)/i;
const OPTION = /^--?[\w-]+$/;
const ASSIGNMENT = /^(--?)?([\w.-]+)=(.*)$/;
const URL_LIKE = /^[a-z][\w+.-]*:\/\//i;

type ArgPart = { kind: 'plain'; text: string } | { kind: 'secret'; prefix: string; value: string } | { kind: 'url'; url: URL };

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

function classify(args: readonly string[]): ArgPart[] {
  return args.map((arg, i) => {
    const previous = args[i - 1];
    if (previous !== undefined && OPTION.test(previous) && SECRET_NAME.test(previous) && !arg.startsWith('-')) {
      return { kind: 'secret', prefix: '', value: arg };
    }
    const assignment = ASSIGNMENT.exec(arg);
    if (assignment && SECRET_NAME.test(assignment[2]!)) {
      return { kind: 'secret', prefix: `${assignment[1] ?? ''}${assignment[2]}=`, value: assignment[3]! };
    }
    const url = URL_LIKE.test(arg) ? parseUrl(arg) : undefined;
    return url ? { kind: 'url', url } : { kind: 'plain', text: arg };
  });
}

/** A URL's password and query values, both as written and decoded (a server may echo either). */
function urlSecrets(url: URL): string[] {
  const raw = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair.includes('='))
    .map((pair) => pair.slice(pair.indexOf('=') + 1));
  return [url.password, safeDecode(url.password), ...url.searchParams.values(), ...raw].filter(Boolean);
}

/** The secret values among the arguments, for a redactor to replace wherever they appear. */
export function secretArgValues(args: readonly string[]): string[] {
  const values = classify(args).flatMap((part) => {
    if (part.kind === 'secret') return [part.value];
    if (part.kind === 'url') return urlSecrets(part.url);
    return [];
  });
  return [...new Set(values)];
}

/** The arguments with those values shown as `mask`. */
export function redactArgs(args: readonly string[], mask = REDACTED): string[] {
  return classify(args).map((part) => {
    if (part.kind === 'plain') return part.text;
    if (part.kind === 'secret') return `${part.prefix}${mask}`;
    return redactUrl(part.url.href, mask);
  });
}

/** A URL with its password and query values hidden; text that is not a URL comes back as is. */
export function redactUrl(url: string, mask = REDACTED): string {
  const parsed = parseUrl(url);
  if (!parsed) return url;
  if (parsed.password) parsed.password = mask;
  for (const key of [...new Set(parsed.searchParams.keys())]) parsed.searchParams.set(key, mask);
  return parsed.toString();
}

/** Short values ("1", "true") would redact half the log; real secrets are longer. */
const MIN_SECRET_CHARS = 6;

/** Generic credential shapes, redacted even when they are not in the server's config. */
const CREDENTIAL_PATTERNS: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]{6,}/gi, `$1 ${REDACTED}`],
  [/\b(authorization|x-api-key|api[-_]?key|access[-_]?token|secret|password)(["']?\s*[:=]\s*["']?)[^\s"',;]{4,}/gi, `$1$2${REDACTED}`],
];

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
    ...secretArgValues([...(config.args ?? []), ...(config.url ? [config.url] : [])]),
  ]
    .flatMap((value) => [value, value.replace(/^(Bearer|Basic|Token)\s+/i, '')])
    .filter((value) => value.length >= MIN_SECRET_CHARS)
    // Longest first, so a secret that contains another is replaced whole.
    .sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join(REDACTED);
    for (const [pattern, replacement] of CREDENTIAL_PATTERNS) out = out.replace(pattern, replacement);
    return out;
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
    // The client id is an identifier the person typed and wants to recognise; only the secret is one.
    ...(oauth?.clientSecret ? { oauth: { ...oauth, clientSecret: REDACTED } } : {}),
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
      const stored = before.searchParams.getAll(key);
      if (value !== REDACTED || stored.length === 0) query.append(key, value);
      else if (!restored.has(key)) {
        restored.add(key);
        for (const original of stored) query.append(key, original);
      }
    }
    after.search = query.toString();
  }
  return after.toString();
}
