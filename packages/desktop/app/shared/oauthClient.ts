/**
 * How Elftia presents itself to a remote server's authorization server, beyond signing in with a
 * browser (issue 29): the OAuth client-credentials grant (the MCP extension SEP-1046) for
 * machine-to-machine servers, where the client authenticates with a secret (client_secret_basic,
 * or client_secret_post when the server lists only that) or with a signed JWT (private_key_jwt,
 * RFC 7523). Isomorphic: the form, the router and the CLI check a config with the same rules.
 */
import { z } from 'zod';

/** `authorization_code` is the default (a person signs in in a browser); `client_credentials` never opens one. */
export const OAUTH_GRANTS = ['authorization_code', 'client_credentials'] as const;
export const OAuthGrantSchema = z.enum(OAUTH_GRANTS);
export type OAuthGrant = z.infer<typeof OAuthGrantSchema>;

/** The JWS algorithms a private_key_jwt assertion is signed with: ECDSA P-256 and RSA PKCS#1 v1.5, both with SHA-256. */
export const OAUTH_SIGNING_ALGS = ['ES256', 'RS256'] as const;
export const OAuthSigningAlgSchema = z.enum(OAUTH_SIGNING_ALGS);
export type OAuthSigningAlg = z.infer<typeof OAuthSigningAlgSchema>;

export interface OAuthClientConfig {
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  grant?: OAuthGrant | undefined;
  privateKey?: string | undefined;
  signingAlg?: OAuthSigningAlg | undefined;
}

export const isClientCredentials = (oauth: OAuthClientConfig | undefined): boolean => oauth?.grant === 'client_credentials';

/**
 * The rules of `config.oauth` as a whole, each issue at the field to fix: client credentials need
 * a client id and exactly one way to authenticate; a private key needs its algorithm and is for
 * client credentials only (a browser sign-in's client is public or has a secret).
 */
export function checkOAuthClient(oauth: OAuthClientConfig | undefined, ctx: z.RefinementCtx): void {
  if (!oauth) return;
  const issue = (field: keyof OAuthClientConfig, message: string) => ctx.addIssue({ code: 'custom', path: ['config', 'oauth', field], message });
  const has = (value: string | undefined) => Boolean(value?.trim());
  if (isClientCredentials(oauth)) {
    if (!has(oauth.clientId)) issue('clientId', 'Client credentials need a client id');
    if (!has(oauth.clientSecret) && !has(oauth.privateKey)) issue('clientSecret', 'Client credentials need a client secret or a private key');
    if (has(oauth.clientSecret) && has(oauth.privateKey)) issue('privateKey', 'Give a client secret or a private key, not both');
  } else if (has(oauth.privateKey)) {
    issue('privateKey', 'A private key is used only with the client_credentials grant');
  }
  // The key itself is read where it is used (clientCredentials.ts names what is wrong with it): a
  // form editing a server holds the mask `***` in its place, which is not a key either.
  if (has(oauth.privateKey)) {
    if (!oauth.signingAlg) issue('signingAlg', `A private key needs its signing algorithm (${OAUTH_SIGNING_ALGS.join(' or ')})`);
  } else if (oauth.signingAlg) {
    issue('signingAlg', 'A signing algorithm goes with a private key');
  }
}
