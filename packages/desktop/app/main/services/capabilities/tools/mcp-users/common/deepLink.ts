/**
 * Reads an install link, `elftia://mcp/install?servers=<base64 JSON>`, into import entries. The
 * JSON is any dialect readServerJson accepts. Pure and runtime-neutral: the main process, the CLI
 * and a renderer preview read a link the same way, and the caps hold before any JSON is parsed,
 * because a link arrives from any web page.
 */
import { groupDigits, LIMITS } from '@shared/limits';
import { readServerJson, TooManyServersError, type ImportEntry } from './importDialects';

export const INSTALL_LINK_SCHEME = 'elftia';
/** Decoded JSON beyond this is refused unread (shared/limits.ts). */
export const INSTALL_LINK_MAX_BYTES = LIMITS.installLinkBytes.max;
export const INSTALL_LINK_MAX_SERVERS = LIMITS.installLinkServers.max;
/** Enough for the largest payload in base64 plus the rest of the URL. */
export const INSTALL_LINK_MAX_URL_LENGTH = Math.ceil((INSTALL_LINK_MAX_BYTES * 4) / 3) + 1024;

export type InstallLinkFailure = 'NOT_A_URL' | 'WRONG_TARGET' | 'MISSING_SERVERS' | 'BAD_BASE64' | 'TOO_LARGE' | 'BAD_JSON' | 'NO_SERVERS' | 'TOO_MANY_SERVERS';

export type InstallLinkResult = { ok: true; entries: ImportEntry[] } | { ok: false; reason: InstallLinkFailure; message: string };

const fail = (reason: InstallLinkFailure, message: string): InstallLinkResult => ({ ok: false, reason, message });

/** Standard base64 or base64url, padded or not; whitespace or any other character is refused rather than skipped. */
function decodeBase64(text: string): Uint8Array | undefined {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(standard)) return undefined;
  const bare = standard.replace(/=+$/, '');
  if (bare.length % 4 === 1) return undefined;
  if (standard.length !== bare.length && standard.length % 4 !== 0) return undefined;
  const binary = atob(bare + '='.repeat((4 - (bare.length % 4)) % 4));
  // A plain loop: `Uint8Array.from(binary, fn)` calls back once per character and took seconds
  // over the fuzz suite's 64 KiB payloads.
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function parseInstallLink(link: string): InstallLinkResult {
  if (link.length > INSTALL_LINK_MAX_URL_LENGTH) {
    return fail('TOO_LARGE', `The link is longer than ${groupDigits(INSTALL_LINK_MAX_URL_LENGTH)} characters (got ${groupDigits(link.length)})`);
  }
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return fail('NOT_A_URL', 'Not a URL');
  }
  // Windows hands the link over with a trailing slash added to the path.
  const target = `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}`;
  if (target !== `${INSTALL_LINK_SCHEME}://mcp/install`) return fail('WRONG_TARGET', `Expected ${INSTALL_LINK_SCHEME}://mcp/install, got ${target}`);
  const encoded = url.searchParams.get('servers');
  if (!encoded) return fail('MISSING_SERVERS', 'The link has no servers parameter');
  // A `+` that was not percent-encoded reads back as a space; base64 has no spaces of its own.
  const bytes = decodeBase64(encoded.replace(/ /g, '+'));
  if (!bytes) return fail('BAD_BASE64', 'The servers parameter is not base64');
  if (bytes.length > INSTALL_LINK_MAX_BYTES) {
    return fail('TOO_LARGE', `The servers JSON is larger than ${groupDigits(INSTALL_LINK_MAX_BYTES)} bytes (got ${groupDigits(bytes.length)})`);
  }
  let entries: ImportEntry[];
  try {
    entries = readServerJson(new TextDecoder('utf-8', { fatal: true }).decode(bytes), 'installLinkServers');
  } catch (err) {
    if (err instanceof TooManyServersError) {
      return fail('TOO_MANY_SERVERS', `A link may carry at most ${groupDigits(err.limit.max)} servers (got ${groupDigits(err.limit.got)})`);
    }
    return fail('BAD_JSON', `The servers parameter is not a JSON server list: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (entries.length === 0) return fail('NO_SERVERS', 'The link contains no servers');
  return { ok: true, entries };
}

