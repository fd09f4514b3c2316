/**
 * The OAuth client-credentials grant (MCP extension SEP-1046) for machine-to-machine servers: no
 * person and no browser. The SDK's `auth()` sees a provider without a redirect URL and fetches a
 * token straight from the token endpoint; the pool asks for a new one before a connect when the
 * stored one is gone or about to run out, and the transports do on a 401 (a token the server
 * revoked or expired early).
 *
 * The client authenticates with its secret (the SDK picks client_secret_basic, or
 * client_secret_post when the server's token_endpoint_auth_methods_supported lists only that) or
 * with a JWT signed by its private key (private_key_jwt, RFC 7523; the SDK's
 * createPrivateKeyJwtAuth signs it). Secret and key come from the server's config, which keeps them
 * in the secret store; the tokens go to the server URL's OAuth session, as a sign-in's do.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';
import type { AddClientAuthentication, OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import { createPrivateKeyJwtAuth } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthSigningAlg } from '@shared/oauthClient';
import { OAuthSessionSlot, type CredentialKind } from './oauthSessionSlot';
import type { OAuthSessionStore, StoredTokens } from './oauthSessionStore';

export type MachineClient = { clientId: string } & ({ clientSecret: string } | { privateKey: string; signingAlg: OAuthSigningAlg });

/** The key type each algorithm signs with: an ES256 assertion from an RSA key is refused here, not by the server. */
const KEY_TYPE_OF: Record<OAuthSigningAlg, { type: string; curve?: string }> = { ES256: { type: 'ec', curve: 'prime256v1' }, RS256: { type: 'rsa' } };

/**
 * The PEM as PKCS#8, which is what the SDK's signer (jose's importPKCS8) reads; SEC1 (`EC PRIVATE
 * KEY`) and PKCS#1 (`RSA PRIVATE KEY`) files, as openssl writes them, are converted. Throws a
 * message naming what is wrong with the key, never the key.
 */
export function pkcs8KeyFor(pem: string, alg: OAuthSigningAlg): string {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (err) {
    throw new Error(`the private key is not a readable PEM private key (${(err as Error).message.split('\n')[0]})`, { cause: err });
  }
  const want = KEY_TYPE_OF[alg];
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (key.asymmetricKeyType !== want.type || (want.curve && curve !== want.curve)) {
    const have = key.asymmetricKeyType === 'ec' ? `an EC key on ${curve ?? 'an unknown curve'}` : `a ${key.asymmetricKeyType ?? 'unknown'} key`;
    throw new Error(`${alg} signs with ${want.type === 'ec' ? 'an EC P-256' : 'an RSA'} key; the private key is ${have}`);
  }
  return key.export({ type: 'pkcs8', format: 'pem' }).toString();
}

export class ClientCredentialsAuthProvider implements OAuthClientProvider {
  readonly addClientAuthentication?: AddClientAuthentication;
  private readonly slot: OAuthSessionSlot;

  constructor(
    serverUrl: string,
    store: OAuthSessionStore,
    private readonly client: MachineClient,
    /** The clock tokens are timed by (a test moves it forward). */
    now?: () => number,
  ) {
    this.slot = new OAuthSessionSlot(store, serverUrl, now);
    if ('privateKey' in client) {
      this.addClientAuthentication = createPrivateKeyJwtAuth({
        issuer: client.clientId,
        subject: client.clientId,
        privateKey: pkcs8KeyFor(client.privateKey, client.signingAlg),
        alg: client.signingAlg,
      });
    }
  }

  /** None: that is what tells the SDK's auth() this is a non-interactive grant. */
  get redirectUrl(): undefined {
    return undefined;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'Elftia MCP',
      redirect_uris: [],
      grant_types: ['client_credentials'],
      token_endpoint_auth_method: 'privateKey' in this.client ? 'private_key_jwt' : 'client_secret_basic',
    };
  }

  /**
   * The configured client, stamped with the authorization server it first got a token from: the
   * SDK then refuses to send the secret (or an assertion) to another one a changed server names.
   */
  clientInformation(): OAuthClientInformationMixed {
    const { clientId } = this.client;
    const bound = this.slot.session.client;
    return {
      client_id: clientId,
      ...('clientSecret' in this.client && { client_secret: this.client.clientSecret }),
      ...(bound?.client_id === clientId && bound.issuer && { issuer: bound.issuer }),
    };
  }

  /** Only the binding is kept: the secret stays in the config's secret slot, not copied into the session. */
  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.slot.update((s) => ({ ...s, client: { client_id: client.client_id, ...(client.issuer && { issuer: client.issuer }) } }));
  }

  prepareTokenRequest(scope?: string): URLSearchParams {
    return new URLSearchParams({ grant_type: 'client_credentials', ...(scope && { scope }) });
  }

  tokens(): StoredTokens | undefined {
    return this.slot.session.tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.slot.update((s) => ({ ...s, tokens: this.slot.stamped(tokens) }));
  }

  /**
   * A new token is due when there is none or the one stored runs out within the margin (no refresh
   * token: the grant is simply made again). The margin is at most half the token's lifetime, as for
   * a person's token, so a short-lived one is not fetched again before every request.
   */
  needsRefresh(): boolean {
    const tokens = this.tokens();
    return !tokens || this.slot.expiresSoon(tokens);
  }

  redirectToAuthorization(): never {
    throw new Error('The client-credentials grant never opens a browser');
  }

  saveCodeVerifier(): void {
    // No authorization code, so no PKCE verifier.
  }

  codeVerifier(): never {
    throw new Error('The client-credentials grant has no PKCE verifier');
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    this.slot.saveDiscoveryState(discovery);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.slot.discoveryState();
  }

  /** No verifier of its own to forget: one in the session belongs to a person's sign-in to the same URL. */
  invalidateCredentials(kind: CredentialKind): void {
    if (kind !== 'verifier') this.slot.invalidate(kind);
  }
}

/** The machine client a server's config describes, or undefined when it signs in with a browser (or lacks what the grant needs). */
export function machineClientOf(oauth: { grant?: string | undefined; clientId?: string | undefined; clientSecret?: string | undefined; privateKey?: string | undefined; signingAlg?: OAuthSigningAlg | undefined } | undefined): MachineClient | undefined {
  const clientId = oauth?.clientId?.trim();
  if (oauth?.grant !== 'client_credentials' || !clientId) return undefined;
  if (oauth.privateKey && oauth.signingAlg) return { clientId, privateKey: oauth.privateKey, signingAlg: oauth.signingAlg };
  return oauth.clientSecret ? { clientId, clientSecret: oauth.clientSecret } : undefined;
}
