/**
 * Which URLs the app hands to the person's browser (a sign-in page a server's metadata names, a
 * link in the window, a download page). Every opener runs this first: Electron's
 * shell.openExternal, `$BROWSER`, `open`, `xdg-open` and Windows' URL handler all open local files
 * (`file:`) and other programs (custom schemes) as readily as web pages, and a server chooses its
 * sign-in URL. So only `https:`, or `http:` to this computer (a local server's sign-in), is opened,
 * and only as the URL parser writes it.
 *
 * Refused as well, because they make a URL show one place and lead to another, or mean something
 * to a program that parses the command line: user-info before the host
 * (`https://accounts.example.com@evil.example`), control, invisible and bidi characters (which
 * the parser silently drops or which reorder what is shown), and the ASCII characters RFC 3986
 * never allows unencoded (`"`, `|`, `^`, `\`, …; `|` and `"` are how a URL became a command
 * through `cmd /c start`, CVE-2025-6514). A URL a parser produced has none of those characters
 * except `|` and `^`, which it leaves alone.
 */
import { AppError } from './errors';
import { escapeOf } from './text/visibleControls';

export type ExternalUrlRefusal = 'unparsable' | 'scheme' | 'credentials' | 'insecure_http' | 'characters';

export type ExternalUrlCheck = { ok: true; href: string } | { ok: false; error: AppError };

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);
/** A URL hostname of this computer, where plain http reaches no one on the way. */
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK_HOSTS.has(hostname);
/** Controls (C0, DEL, C1), format characters (bidi overrides and isolates, zero-width) and every kind of space. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Z}]/u;
/** RFC 3986: unreserved, reserved and `%`; any other ASCII character must be percent-encoded. */
const URI_ASCII = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]$/;
/** Enough of a refused URL to recognise it; the rest is a server's to make as long as it likes. */
const SHOWN_LENGTH = 120;

const isRefusedCharacter = (char: string) => INVISIBLE.test(char) || (char < '\u0080' && !URI_ASCII.test(char));

/** A character as a person can read it in a message: its `\\uXXXX` escape (visibleControls.ts) when it is invisible or a space. */
const visibleCharacter = (char: string): string => (INVISIBLE.test(char) ? escapeOf(char) : char);

/** The refused URL for a message: invisible characters spelled out (spaces kept), cut to a readable length. */
function shown(raw: string): string {
  const visible = Array.from(raw, (char) => (char === ' ' ? char : visibleCharacter(char))).join('');
  return visible.length > SHOWN_LENGTH ? `${visible.slice(0, SHOWN_LENGTH)}…` : visible;
}

const REASONS: Record<ExternalUrlRefusal, (detail: Record<string, string>) => string> = {
  unparsable: () => 'it is not a complete URL',
  scheme: ({ scheme }) => `only https: (or http: to this computer) addresses are opened, not ${scheme}`,
  credentials: () => 'it has a user name or password before the host, which can disguise where it leads',
  insecure_http: () => 'http: is opened only for this computer (127.0.0.1, [::1], localhost); elsewhere it must be https:',
  characters: ({ characters }) => `it contains characters a URL may not hold (${characters})`,
};

function refuse(raw: string, reason: ExternalUrlRefusal, detail: Record<string, string> = {}): ExternalUrlCheck {
  const url = shown(raw);
  return {
    ok: false,
    error: new AppError('EXTERNAL_URL_REFUSED', `Refused to open ${url}: ${REASONS[reason](detail)}`, { url, reason, ...detail }),
  };
}

/** Whether `raw` may be opened in the person's browser; `href` is what to open (the parser's own spelling). */
export function checkExternalUrl(raw: string): ExternalUrlCheck {
  const refused = [...new Set(Array.from(raw).filter(isRefusedCharacter))];
  if (refused.length > 0) return refuse(raw, 'characters', { characters: refused.map(visibleCharacter).join(' ') });
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refuse(raw, 'unparsable');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refuse(raw, 'scheme', { scheme: url.protocol });
  if (url.username || url.password) return refuse(raw, 'credentials');
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return refuse(raw, 'insecure_http');
  return { ok: true, href: url.href };
}

/** `checkExternalUrl` for an opener: the URL to open, or the refusal thrown as its AppError. */
export function requireExternalUrl(raw: string): string {
  const checked = checkExternalUrl(raw);
  if (!checked.ok) throw checked.error;
  return checked.href;
}
