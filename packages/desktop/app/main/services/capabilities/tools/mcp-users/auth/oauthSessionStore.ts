/**
 * Where one remote server's OAuth session lives: tokens, the client registration, the PKCE
 * verifier of a sign-in in progress and the discovery result, as one JSON value in the secret
 * store under a ref derived from the server URL. Never in the plain config: a token there would
 * be readable by anything that reads the config (exports, backups, the CLI's `servers list`).
 *
 * Keyed by URL rather than server id on purpose: the tokens belong to the resource, so two entries
 * for the same URL share a sign-in, and editing a server's URL means signing in to the new one.
 */
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { SecretStore } from '@services/secrets/SecretStore';

/** `expires_at` (ms since epoch) is ours: the SDK keeps only `expires_in`, relative to a moment it does not record. */
export type StoredTokens = OAuthTokens & { expires_at?: number };

export interface OAuthSession {
  tokens?: StoredTokens;
  client?: OAuthClientInformationMixed;
  codeVerifier?: string;
  discovery?: OAuthDiscoveryState;
  /** A scope the server asked for (403 insufficient_scope) that the stored tokens lack. */
  requiredScope?: string;
  /** The scope the server's last 401 named (WWW-Authenticate scope="…"), until a grant covers it. */
  challengeScope?: string;
}

export interface OAuthSessionStore {
  load(serverUrl: string): OAuthSession;
  update(serverUrl: string, change: (session: OAuthSession) => OAuthSession): void;
  forget(serverUrl: string): void;
}

/** The same URL spelt differently (trailing slash, upper-case host) is the same resource. */
const refOf = (serverUrl: string) => {
  let normal = serverUrl.trim();
  try {
    normal = new URL(normal).href.replace(/\/$/, '');
  } catch {
    // Not a URL: used as written (the transport would refuse it anyway).
  }
  return `oauth:${normal}`;
};

export function openOAuthSessionStore(secrets: SecretStore): OAuthSessionStore {
  const load = (serverUrl: string): OAuthSession => {
    const raw = secrets.get(refOf(serverUrl));
    if (!raw) return {};
    try {
      return JSON.parse(raw) as OAuthSession;
    } catch {
      // Unreadable means signed out, not a crash: signing in again writes a fresh value.
      return {};
    }
  };
  return {
    load,
    update(serverUrl, change) {
      secrets.put(refOf(serverUrl), JSON.stringify(change(load(serverUrl))));
    },
    forget(serverUrl) {
      secrets.delete(refOf(serverUrl));
    },
  };
}
