/**
 * Credentials passed to a server as command-line arguments rather than env: `--api-key VALUE`,
 * `--token=VALUE`, `GITHUB_TOKEN=VALUE`, or inside a URL (`user:pass@host`, `?key=VALUE`).
 * One set of rules for everything that shows arguments: log redaction and the CLI's listing.
 */

/** What every secret is shown as, in logs, errors and the CLI. */
export const REDACTED = '***';

/** Option and variable names that carry credentials. */
const SECRET_NAME = /(key|token|secret|passw(or)?d|credential|auth)/i;
const OPTION = /^--?[\w-]+$/;
const ASSIGNMENT = /^(--?)?([\w.-]+)=(.*)$/;
const URL_LIKE = /^[a-z][\w+.-]*:\/\//i;

type ArgPart = { kind: 'plain'; text: string } | { kind: 'secret'; prefix: string; value: string } | { kind: 'url'; url: URL };

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
    if (URL_LIKE.test(arg)) {
      try {
        return { kind: 'url', url: new URL(arg) };
      } catch {
        // not a URL after all
      }
    }
    return { kind: 'plain', text: arg };
  });
}

/** The secret values among the arguments, for a redactor to replace wherever they appear. */
export function secretArgValues(args: readonly string[]): string[] {
  return classify(args).flatMap((part) => {
    if (part.kind === 'secret') return [part.value];
    if (part.kind === 'url') return [decodeURIComponent(part.url.password), ...part.url.searchParams.values()];
    return [];
  });
}

/** The arguments with those values shown as `mask`. */
export function redactArgs(args: readonly string[], mask = REDACTED): string[] {
  return classify(args).map((part) => {
    if (part.kind === 'plain') return part.text;
    if (part.kind === 'secret') return `${part.prefix}${mask}`;
    return redactUrl(part.url.href, mask);
  });
}

/** A URL with its password and query values hidden. */
export function redactUrl(url: string, mask = REDACTED): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.password) parsed.password = mask;
  for (const key of [...new Set(parsed.searchParams.keys())]) parsed.searchParams.set(key, mask);
  return parsed.toString();
}
