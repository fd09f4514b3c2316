/**
 * A machine-to-machine server from the CLI (issue 29 item 4, SEP-1046): `servers add
 * --oauth-grant client_credentials` with a secret from stdin or a private key file, then `call`
 * gets its token from the OAuth fixture's token endpoint with no browser and no sign-in step.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { OAuthFixtureHandle } from '@fixtures/servers/oauth-server.mjs';
import { makeSandbox, type CliSandbox } from '@desktop-testing/cliTestkit';
import { oauthTestbed } from '@desktop-testing/oauthTestkit';

const SECRET = 'm2m-cli-secret-4242';
const oauth = oauthTestbed();
let cli: CliSandbox;
let fixture: OAuthFixtureHandle;
beforeEach(() => {
  cli = makeSandbox();
});
afterEach(async () => {
  await oauth.reset();
  cli.remove();
});

const add = (extra: string[], stdin = '') =>
  cli.run(['servers', 'add', '--name', 'm2m', '--type', 'http', '--url', fixture.url, '--oauth-grant', 'client_credentials', '--oauth-client-id', 'm2m', ...extra], stdin);
const call = () => cli.run(['call', 'm2m', 'echo', '--args', '{"text":"from a machine"}']);

it('a client secret from stdin: call gets a token by itself (client_secret_post, as the server asks), the secret stays in the secret store', async () => {
  fixture = await oauth.start({ registration: 'preregistered', authMethod: 'client_secret_post', clientId: 'm2m', clientSecret: SECRET });
  const added = await add(['--oauth-client-secret-stdin'], `${SECRET}\n`);
  expect(added.code, added.stderr).toBe(0);
  const called = await call();
  expect(called.code, called.stderr).toBe(0);
  expect(called.stdout).toContain('from a machine');
  expect(fixture.log.authorize).toHaveLength(0);
  expect(fixture.log.token).toEqual([expect.objectContaining({ grant_type: 'client_credentials', method: 'client_secret_post', resource: fixture.url })]);
  const config = readFileSync(path.join(cli.dir, 'mcp-config.json'), 'utf8');
  expect(config).not.toContain(SECRET);
  // The grant is a setting, readable where the secret store is not.
  expect(config).toContain('"grant": "client_credentials"');
  expect((await cli.run(['servers', 'list', '--json'])).stdout).not.toContain(SECRET);
  // "Sign in" for a machine client is a fresh token, with no browser and no address to open.
  const auth = await cli.run(['servers', 'auth', 'm2m']);
  expect(auth.code, auth.stderr).toBe(0);
  expect(auth.stdout).toBe('Signed in to "m2m".\n');
  expect(auth.stderr).not.toContain('open this address');
  expect(fixture.log.token.map((t) => t.grant_type)).toEqual(['client_credentials', 'client_credentials']);
  expect(fixture.log.authorize).toHaveLength(0);
});

it('a private key file signs private_key_jwt assertions; the key is kept out of the config and every output', async () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  fixture = await oauth.start({ registration: 'preregistered', authMethod: 'private_key_jwt', clientId: 'm2m', publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() });
  const keyFile = path.join(cli.dir, 'm2m.pem');
  const pem = privateKey.export({ type: 'sec1', format: 'pem' }).toString();
  writeFileSync(keyFile, pem);

  const wrongAlg = await add(['--oauth-private-key-file', keyFile, '--oauth-signing-alg', 'RS256']);
  expect(wrongAlg.code).toBe(2);
  expect(wrongAlg.stderr).toContain(`--oauth-private-key-file ${keyFile}: RS256 signs with an RSA key; the private key is an EC key on prime256v1`);
  const noAlg = await add(['--oauth-private-key-file', keyFile]);
  expect(noAlg.stderr).toContain('--oauth-private-key-file needs --oauth-signing-alg ES256|RS256');

  const added = await add(['--oauth-private-key-file', keyFile, '--oauth-signing-alg', 'ES256', '--json']);
  expect(added.code, added.stderr).toBe(0);
  const called = await call();
  expect(called.code, called.stderr).toBe(0);
  expect(called.stdout).toContain('from a machine');
  expect(fixture.log.assertions).toEqual([expect.objectContaining({ alg: 'ES256', iss: 'm2m', verified: true })]);
  const keyBody = pem.split('\n')[1]!;
  expect(readFileSync(path.join(cli.dir, 'mcp-config.json'), 'utf8')).not.toContain(keyBody);
  for (const out of [added, called, await cli.run(['servers', 'list', '--json'])]) expect(out.stdout + out.stderr).not.toContain(keyBody);
});

it('says which flag is wrong, and a refused secret is the token endpoint\'s reason', async () => {
  fixture = await oauth.start({ registration: 'preregistered', authMethod: 'client_secret_basic', clientId: 'm2m', clientSecret: SECRET });
  const typo = await add(['--oauth-grant', 'client-credentials']);
  expect(typo.code).toBe(2);
  expect(typo.stderr).toContain('--oauth-grant must be one of authorization_code, client_credentials; got "client-credentials"');
  const noWay = await add([]);
  expect(noWay.code).toBe(2);
  expect(noWay.stderr).toContain('--oauth-client-secret-stdin: Client credentials need a client secret or a private key');

  expect((await add(['--oauth-client-secret-stdin'], 'not-the-secret\n')).code).toBe(0);
  const refused = await call();
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('Could not connect to "m2m": wrong client secret');
  expect(fixture.log.authorize).toHaveLength(0);
});
