/**
 * The parts of the OAuth client choices that need no server: which machine client a config
 * describes, the private key checks made before anything is sent, the client-metadata setting,
 * and that the document in docs/ says what the client it identifies does.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { machineClientOf, pkcs8KeyFor } from './clientCredentials';
import { CLIENT_METADATA_URL_ENV, clientMetadataUrlFrom, DEFAULT_CLIENT_METADATA_URL } from './clientMetadataSetting';
import { ElftiaOAuthProvider } from './ElftiaOAuthProvider';
import type { OAuthSessionStore } from './oauthSessionStore';

const DOCUMENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../../../../docs/oauth-client-metadata.json');

describe('machineClientOf', () => {
  it('is a machine client only for the client_credentials grant with an id and a way to authenticate', () => {
    expect(machineClientOf({ clientId: 'a', clientSecret: 's' })).toBeUndefined();
    expect(machineClientOf({ grant: 'authorization_code', clientId: 'a', clientSecret: 's' })).toBeUndefined();
    expect(machineClientOf({ grant: 'client_credentials', clientId: ' ', clientSecret: 's' })).toBeUndefined();
    expect(machineClientOf({ grant: 'client_credentials', clientId: ' a ', clientSecret: 's' })).toEqual({ clientId: 'a', clientSecret: 's' });
    expect(machineClientOf({ grant: 'client_credentials', clientId: 'a', privateKey: 'PEM', signingAlg: 'ES256' })).toEqual({ clientId: 'a', privateKey: 'PEM', signingAlg: 'ES256' });
  });
});

describe('pkcs8KeyFor', () => {
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const ec384 = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey;
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  it('turns the PEM files openssl writes into PKCS#8', () => {
    expect(pkcs8KeyFor(ec.export({ type: 'sec1', format: 'pem' }).toString(), 'ES256')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(pkcs8KeyFor(rsa.export({ type: 'pkcs1', format: 'pem' }).toString(), 'RS256')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('names a key that does not fit the algorithm, without showing the key', () => {
    const rsaPem = rsa.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => pkcs8KeyFor(rsaPem, 'ES256')).toThrow('ES256 signs with an EC P-256 key; the private key is a rsa key');
    expect(() => pkcs8KeyFor(ec384.export({ type: 'pkcs8', format: 'pem' }).toString(), 'ES256')).toThrow('the private key is an EC key on secp384r1');
    expect(() => pkcs8KeyFor(ec.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RS256')).toThrow('RS256 signs with an RSA key');
    expect(() => pkcs8KeyFor('-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----', 'RS256')).toThrow(/not a readable PEM private key/);
  });
});

describe(CLIENT_METADATA_URL_ENV, () => {
  it('defaults to the documented URL, "none" turns it off, anything else must be https with a path', () => {
    expect(clientMetadataUrlFrom({})).toBe(DEFAULT_CLIENT_METADATA_URL);
    expect(clientMetadataUrlFrom({ [CLIENT_METADATA_URL_ENV]: ' ' })).toBe(DEFAULT_CLIENT_METADATA_URL);
    expect(clientMetadataUrlFrom({ [CLIENT_METADATA_URL_ENV]: 'none' })).toBeUndefined();
    expect(clientMetadataUrlFrom({ [CLIENT_METADATA_URL_ENV]: 'https://corp.example/elftia.json' })).toBe('https://corp.example/elftia.json');
    expect(() => clientMetadataUrlFrom({ [CLIENT_METADATA_URL_ENV]: 'http://corp.example/elftia.json' })).toThrow(`${CLIENT_METADATA_URL_ENV} must be an https:// URL`);
    expect(() => clientMetadataUrlFrom({ [CLIENT_METADATA_URL_ENV]: 'https://corp.example/' })).toThrow(/with a path/);
  });

  it('the document in docs/ is served at the default URL and describes the client that signs in', () => {
    const doc = JSON.parse(readFileSync(DOCUMENT, 'utf8')) as Record<string, unknown>;
    const noStore: OAuthSessionStore = { load: () => ({}), update: () => undefined, forget: () => undefined };
    const signingIn = new ElftiaOAuthProvider({ serverUrl: 'https://mcp.example/mcp', store: noStore, interactive: { redirectUrl: 'http://127.0.0.1:49152/callback', state: 's', openAuthorizationUrl: () => undefined } });
    const { grant_types, response_types, token_endpoint_auth_method, client_name } = signingIn.clientMetadata;
    expect(doc).toMatchObject({ client_id: DEFAULT_CLIENT_METADATA_URL, grant_types, response_types, token_endpoint_auth_method, client_name });
    // RFC 8252 §7.3: the loopback redirect's port changes per sign-in, so the document lists it without one.
    expect(doc.redirect_uris).toEqual(['http://127.0.0.1/callback']);
  });
});
