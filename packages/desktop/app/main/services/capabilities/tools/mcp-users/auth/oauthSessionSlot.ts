/**
 * One server URL's OAuth session as both of our OAuthClientProviders (a person's sign-in and the
 * machine client-credentials grant) read and write it: the same store slot, the same token clock,
 * the same discovery cache and the same invalidation, so the two flows cannot drift apart on what
 * the SDK's `auth()` asks of every provider. What differs (which client, whether there is a PKCE
 * verifier, scopes) stays in the providers.
 */
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthSession, OAuthSessionStore, StoredTokens } from './oauthSessionStore';

/**
 * Renew this long before the access token runs out, so a request never carries a dying token;
 * at most half the token's lifetime, so a short-lived token is not renewed before every request.
 */
const REFRESH_MARGIN_MS = 60_000;

/** What the SDK's `auth()` may ask a provider to forget. */
export type CredentialKind = 'all' | 'client' | 'tokens' | 'verifier' | 'discovery';

const SESSION_KEY_OF = { client: 'client', tokens: 'tokens', verifier: 'codeVerifier', discovery: 'discovery' } as const;

export class OAuthSessionSlot {
  constructor(
    private readonly store: OAuthSessionStore,
    private readonly serverUrl: string,
    /** The clock token lifetimes are measured on (tests move it forward). */
    readonly now: () => number = Date.now,
  ) {}

  get session(): OAuthSession {
    return this.store.load(this.serverUrl);
  }

  update(change: (session: OAuthSession) => OAuthSession): void {
    this.store.update(this.serverUrl, change);
  }

  /** The tokens with when they run out on our clock: the SDK keeps only `expires_in`, relative to a moment it does not record. */
  stamped(tokens: OAuthTokens): StoredTokens {
    const expires_at = tokens.expires_in !== undefined ? this.now() + tokens.expires_in * 1000 : undefined;
    return { ...tokens, ...(expires_at !== undefined && { expires_at }) };
  }

  /** True when the tokens run out within the refresh margin; a token with no known end never does. */
  expiresSoon(tokens: StoredTokens): boolean {
    if (tokens.expires_at === undefined) return false;
    const margin = Math.min(REFRESH_MARGIN_MS, ((tokens.expires_in ?? Infinity) * 1000) / 2);
    return tokens.expires_at - margin <= this.now();
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    this.update((s) => ({ ...s, discovery }));
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.session.discovery;
  }

  invalidate(kind: CredentialKind): void {
    this.update((s) => (kind === 'all' ? {} : { ...s, [SESSION_KEY_OF[kind]]: undefined }));
  }
}
