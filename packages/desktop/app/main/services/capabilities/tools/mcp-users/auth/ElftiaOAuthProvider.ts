/**
 * Our OAuthClientProvider: what the SDK's `auth()` (discovery, registration, PKCE, token exchange
 * and refresh) reads and writes for one remote server, kept in the secret store.
 *
 * Two modes, because the pool connects in the background where no one can open a browser:
 * - passive (the pool's transports): uses and refreshes stored tokens; when the flow would need a
 *   person (no client yet, no usable token) it throws `SignInRequired` instead of registering a
 *   client or opening anything.
 * - interactive (a sign-in the person started): a loopback redirect is listening, and
 *   `redirectToAuthorization` hands the URL to the browser opener.
 */
import { extractWWWAuthenticateParams, type OAuthClientProvider, type OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { OAuthSessionSlot, type CredentialKind } from './oauthSessionSlot';
import type { OAuthSessionStore, StoredTokens } from './oauthSessionStore';
import { covers, unionOf } from './scopes';

/** The flow reached a point that needs the person; `scope` is set when the server asked for more. */
export class SignInRequired extends Error {
  constructor(readonly scope?: string) {
    super(scope ? `The server needs a sign-in granting "${scope}"` : 'The server needs a sign-in');
  }
}

export interface PreRegisteredClient {
  clientId: string;
  clientSecret?: string | undefined;
}

export interface ProviderOptions {
  serverUrl: string;
  store: OAuthSessionStore;
  /** Entered by the person for a server without dynamic registration; used instead of registering. */
  preRegistered?: PreRegisteredClient | undefined;
  /** An HTTPS client ID metadata document, used where the server supports those instead of registering. */
  clientMetadataUrl?: string | undefined;
  /** The clock token lifetimes are measured on (tests move it forward); Date.now by default. */
  now?: () => number;
  /** Present in interactive mode only. */
  interactive?: { redirectUrl: string; state: string; openAuthorizationUrl(url: URL): void | Promise<void> };
}

/** A redirect URL for passive mode, which never redirects: auth() needs one to count as an authorization-code client. */
const PASSIVE_REDIRECT = 'http://127.0.0.1/callback';

export class ElftiaOAuthProvider implements OAuthClientProvider {
  readonly clientMetadataUrl?: string;
  private readonly slot: OAuthSessionSlot;

  constructor(private readonly opts: ProviderOptions) {
    if (opts.clientMetadataUrl !== undefined) this.clientMetadataUrl = opts.clientMetadataUrl;
    this.slot = new OAuthSessionSlot(opts.store, opts.serverUrl, opts.now);
  }

  get redirectUrl(): string {
    return this.opts.interactive?.redirectUrl ?? PASSIVE_REDIRECT;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Elftia MCP',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      // A desktop app cannot keep a secret (RFC 8252 §8.4): a public client, unless the server decides otherwise.
      token_endpoint_auth_method: this.opts.preRegistered?.clientSecret ? 'client_secret_basic' : 'none',
    };
  }

  state(): string {
    return this.opts.interactive?.state ?? '';
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const stored = this.slot.session.client;
    if (stored) return stored;
    const pre = this.opts.preRegistered;
    if (pre) return { client_id: pre.clientId, ...(pre.clientSecret ? { client_secret: pre.clientSecret } : {}) };
    // Registering now would leave a client per background connect: only a sign-in registers.
    if (!this.opts.interactive) throw new SignInRequired();
    return undefined;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.slot.update((s) => ({ ...s, client }));
  }

  /**
   * Tokens that do not cover a scope the server asked for come back without their refresh token,
   * so `auth()` re-authorizes with the wider scope instead of refreshing the narrow grant.
   */
  tokens(): StoredTokens | undefined {
    const { tokens, requiredScope } = this.slot.session;
    if (!tokens) return undefined;
    // Only a step-up's scope: a 401's may name scopes the authorization server never grants, and
    // refreshing must not stop for those.
    if (covers(tokens.scope, requiredScope)) return tokens;
    const { refresh_token: _dropped, ...narrow } = tokens;
    return narrow;
  }

  saveTokens(tokens: OAuthTokens): void {
    const stamped = this.slot.stamped(tokens);
    // The verifier is spent; a scope asked for that the new grant covers is met: those keys go.
    this.slot.update(({ codeVerifier: _spent, requiredScope, challengeScope, ...s }) => ({
      ...s,
      tokens: stamped,
      ...(requiredScope !== undefined && !covers(tokens.scope, requiredScope) && { requiredScope }),
      ...(challengeScope !== undefined && !covers(tokens.scope, challengeScope) && { challengeScope }),
    }));
  }

  /** True when the stored access token is gone or about to expire and a refresh token can renew it. */
  needsRefresh(): boolean {
    const tokens = this.tokens();
    return !!tokens?.refresh_token && this.slot.expiresSoon(tokens);
  }

  redirectToAuthorization(authorizationUrl: URL): Promise<void> | void {
    if (!this.opts.interactive) throw new SignInRequired(this.slot.session.requiredScope);
    return this.opts.interactive.openAuthorizationUrl(authorizationUrl);
  }

  saveCodeVerifier(codeVerifier: string): void {
    // A passive flow is about to throw SignInRequired: it must not replace a sign-in's verifier.
    if (this.opts.interactive) this.slot.update((s) => ({ ...s, codeVerifier }));
  }

  codeVerifier(): string {
    const verifier = this.slot.session.codeVerifier;
    if (!verifier) throw new Error('No PKCE code verifier saved for this sign-in');
    return verifier;
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    this.slot.saveDiscoveryState(discovery);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.slot.discoveryState();
  }

  invalidateCredentials(kind: CredentialKind): void {
    this.slot.invalidate(kind);
  }

  /**
   * The server answered 403 insufficient_scope asking for `scope`: remembered, with what was
   * granted and asked for before (step-up widens, it never trades one permission for another),
   * until a grant covers it.
   */
  requireScope(scope: string): void {
    this.slot.update((s) => ({ ...s, requiredScope: unionOf(s.tokens?.scope, s.requiredScope, scope) ?? scope }));
  }

  requiredScope(): string | undefined {
    return this.slot.session.requiredScope;
  }

  /** A 401 named the scope to ask for (SEP-835): remembered for the sign-in, which asks for exactly that. */
  noteChallengeScope(scope: string): void {
    if (this.slot.session.challengeScope !== scope) this.slot.update((s) => ({ ...s, challengeScope: scope }));
  }

  /** What a sign-in asks for: a step-up's union, else what the last 401 named, else undefined (the server's choice). */
  scopeAskedFor(): string | undefined {
    const { requiredScope, challengeScope } = this.slot.session;
    return requiredScope ?? challengeScope;
  }
}

/**
 * The transports' fetch, reading the scope of every 401 and 403 insufficient_scope so the
 * provider knows it: the SDK's transport passes that scope to `auth()`, but a provider never
 * sees that argument, and a passive `auth()` ends in SignInRequired before using it. Without
 * this the sign-in could only learn a scope by probing with a GET, which servers without an SSE
 * stream answer 405 — and then asked for every scope the server supports.
 */
export function scopeWatchingFetch(fetchFn: typeof fetch, provider: ElftiaOAuthProvider): typeof fetch {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    if (response.status === 401 || response.status === 403) {
      const { scope, error } = extractWWWAuthenticateParams(response);
      if (scope && response.status === 401) provider.noteChallengeScope(scope);
      if (scope && response.status === 403 && error === 'insufficient_scope') provider.requireScope(scope);
    }
    return response;
  };
}
