/**
 * How Elftia identifies itself to an authorization server, against the OAuth fixture's real token
 * and authorization endpoints: a client ID metadata document (docs/oauth-client-metadata.json,
 * fetched and checked by the fixture) where the server supports them, registration where it does
 * not, and the client-credentials grant with a secret (basic, post) or a signed JWT (ES256, RS256),
 * whose tokens come and come again without a browser.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oauthTestbed, type AnyOAuthProvider } from '@desktop-testing/oauthTestkit';
import type { OAuthVariant } from '@fixtures/servers/oauth-server.mjs';
import { ClientCredentialsAuthProvider, type MachineClient } from './clientCredentials';
import { DEFAULT_CLIENT_METADATA_URL } from './clientMetadataSetting';
import { ElftiaOAuthProvider } from './ElftiaOAuthProvider';

const DOCUMENT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../../../../docs/oauth-client-metadata.json');

const bed = oauthTestbed();
afterEach(() => bed.reset());
/** Serves the repository's client metadata document at the default URL's path: the fixture fetches it from here. */
let documentHost: http.Server;
let documentOrigin: string;

beforeAll(async () => {
  const documentPath = new URL(DEFAULT_CLIENT_METADATA_URL).pathname;
  documentHost = http.createServer((req, res) => {
    if (req.url !== documentPath) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(readFileSync(DOCUMENT));
  });
  await new Promise<void>((resolve) => documentHost.listen(0, '127.0.0.1', resolve));
  documentOrigin = `http://127.0.0.1:${(documentHost.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => documentHost.close(() => resolve())));

/** A connection as the pool makes one (a token due is renewed before a request carries it), and the echo tool called through it. */
const echo = (url: string, provider: AnyOAuthProvider) => bed.echoOver(url, provider, { text: 'machine' });

describe('client ID metadata documents', () => {
  const signIn = (serverUrl: string) => bed.signIn(serverUrl, { clientMetadataUrl: DEFAULT_CLIENT_METADATA_URL });

  it('the metadata URL is the client_id where the server supports them, and the server accepts the document in docs/', async () => {
    const f = await bed.start({ registration: 'cimd', authMethod: 'none', clientMetadataOrigin: documentOrigin });
    await signIn(f.url);
    expect(f.log.registrations).toHaveLength(0);
    expect(f.log.authorize[0]?.client_id).toBe(DEFAULT_CLIENT_METADATA_URL);
    expect(f.log.clientMetadataDocuments).toEqual([expect.objectContaining({ url: DEFAULT_CLIENT_METADATA_URL, client_id: DEFAULT_CLIENT_METADATA_URL })]);
    expect(f.log.token[0]).toMatchObject({ grant_type: 'authorization_code', method: 'none' });
    expect(await echo(f.url, new ElftiaOAuthProvider({ serverUrl: f.url, store: bed.store, clientMetadataUrl: DEFAULT_CLIENT_METADATA_URL }))).toBe('machine');
  });

  it('registers where the server does not support them', async () => {
    const f = await bed.start({ registration: 'dcr', authMethod: 'none' });
    await signIn(f.url);
    expect(f.log.registrations).toHaveLength(1);
    expect(f.log.authorize[0]?.client_id).toBe(f.log.registrations[0]?.client_id);
    expect(f.log.clientMetadataDocuments).toHaveLength(0);
  });
});

describe('client credentials', () => {
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = (key: typeof ec.privateKey, type: 'pkcs8' | 'sec1' | 'pkcs1') => key.export({ type, format: 'pem' }).toString();
  const publicPem = (key: typeof ec.publicKey) => key.export({ type: 'spki', format: 'pem' }).toString();

  const cases: [string, OAuthVariant, MachineClient][] = [
    ['client_secret_basic', { authMethod: 'client_secret_basic' }, { clientId: 'm2m', clientSecret: 'm2m-secret-value' }],
    ['client_secret_post (the only method the server lists)', { authMethod: 'client_secret_post' }, { clientId: 'm2m', clientSecret: 'm2m-secret-value' }],
    ['private_key_jwt ES256 (an openssl SEC1 key)', { authMethod: 'private_key_jwt', publicKey: publicPem(ec.publicKey) }, { clientId: 'm2m', privateKey: pem(ec.privateKey, 'sec1'), signingAlg: 'ES256' }],
    ['private_key_jwt RS256', { authMethod: 'private_key_jwt', publicKey: publicPem(rsa.publicKey) }, { clientId: 'm2m', privateKey: pem(rsa.privateKey, 'pkcs8'), signingAlg: 'RS256' }],
  ];
  it.each(cases)('%s: a token without a browser, for this resource, and the call goes through', async (_name, variant, client) => {
    const f = await bed.start({ registration: 'preregistered', clientId: 'm2m', clientSecret: 'm2m-secret-value', ...variant });
    expect(await echo(f.url, new ClientCredentialsAuthProvider(f.url, bed.store, client))).toBe('machine');
    expect(f.log.authorize).toHaveLength(0);
    expect(f.log.registrations).toHaveLength(0);
    expect(f.log.token).toEqual([expect.objectContaining({ grant_type: 'client_credentials', resource: f.url, method: variant.authMethod })]);
    if ('signingAlg' in client) expect(f.log.assertions).toEqual([expect.objectContaining({ alg: client.signingAlg, iss: 'm2m', sub: 'm2m', verified: true })]);
    // The secret stays in the config's slot: the session holds the tokens and which server they came from.
    const session = bed.store.load(f.url);
    expect(session.tokens?.access_token).toMatch(/^at-/);
    expect(session.client).toEqual({ client_id: 'm2m', issuer: new URL(f.url).origin });
    expect(readFileSync(bed.secretsFile, 'utf8')).not.toContain('m2m-secret-value');
  });

  it('fetches a new token before one runs out and when the server expired it early, silently', async () => {
    const f = await bed.start({ registration: 'preregistered', authMethod: 'client_secret_basic', clientId: 'm2m', clientSecret: 'm2m-secret-value', tokenTtl: 30 });
    const provider = () => new ClientCredentialsAuthProvider(f.url, bed.store, { clientId: 'm2m', clientSecret: 'm2m-secret-value' });
    // The first connect has no token: the server's 401 makes the grant, with no browser and no question.
    expect(await echo(f.url, provider())).toBe('machine');
    expect(f.log.refused.map((r) => r.reason)).toEqual(['no token']);
    // Still fresh: the next connect uses it.
    expect(await echo(f.url, provider())).toBe('machine');
    expect(f.log.token).toHaveLength(1);
    // 20 s later the 30 s token is in its last half: the next request asks for a new one first.
    const later = new ClientCredentialsAuthProvider(f.url, bed.store, { clientId: 'm2m', clientSecret: 'm2m-secret-value' }, () => Date.now() + 20_000);
    expect(await echo(f.url, later)).toBe('machine');
    expect(f.log.token.map((t) => t.grant_type)).toEqual(['client_credentials', 'client_credentials']);
    expect(f.log.refused).toHaveLength(1);
    // A token the server dropped early: the transport's 401 gets a new one and the request goes again.
    f.expireAccessTokens();
    const stale = provider();
    stale.needsRefresh = () => false;
    expect(await echo(f.url, stale)).toBe('machine');
    expect(f.log.refused.map((r) => r.reason)).toContain('expired');
    expect(f.log.token).toHaveLength(3);
  });

  it('a wrong secret is the server\'s invalid_client, and nothing is stored', async () => {
    const f = await bed.start({ registration: 'preregistered', authMethod: 'client_secret_basic', clientId: 'm2m', clientSecret: 'm2m-secret-value' });
    await expect(echo(f.url, new ClientCredentialsAuthProvider(f.url, bed.store, { clientId: 'm2m', clientSecret: 'not-the-secret' }))).rejects.toThrow(/wrong client secret/);
    expect(bed.store.load(f.url).tokens).toBeUndefined();
  });
});
