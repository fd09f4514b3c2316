/**
 * The CLI's sign-in against the OAuth fixture: `servers add` with a pre-registered client (secret
 * from stdin), `servers auth` with $BROWSER pointed at the fake browser, a command that meets a
 * 401 signing in by itself at a terminal, and the clear hint when no one is there.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { OAuthFixtureHandle } from '@fixtures/servers/oauth-server.mjs';
import { makeSandbox, type CliSandbox } from '@desktop-testing/cliTestkit';
import { oauthTestbed } from '@desktop-testing/oauthTestkit';

const FAKE_BROWSER = fileURLToPath(new URL('../../../../../e2e/fixtures/servers/fakeBrowser.mjs', import.meta.url));
const BROWSER = { BROWSER: `${process.execPath} ${FAKE_BROWSER}` };

const oauth = oauthTestbed();
let cli: CliSandbox;
let fixture: OAuthFixtureHandle;
beforeEach(async () => {
  cli = makeSandbox();
});
afterEach(async () => {
  await oauth.reset();
  cli.remove();
});

it('servers auth signs in through $BROWSER; the token stays out of the config and the output', async () => {
  fixture = await oauth.start({});
  expect((await cli.run(['servers', 'add', '--name', 'remote', '--type', 'http', '--url', fixture.url])).code).toBe(0);
  const refused = await cli.run(['call', 'remote', 'echo', '--args', '{"text":"hi"}']);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('needs a sign-in');
  expect(refused.stderr).toContain('To sign in: elftia-mcp servers auth remote');

  const signedIn = await cli.run(['servers', 'auth', 'remote'], '', { env: BROWSER });
  expect(signedIn.stderr).toMatch(/open this address:\n\n {2}http:\/\/127\.0\.0\.1:\d+\/authorize\?/);
  expect(signedIn.stdout).toBe('Signed in to "remote".\n');
  expect(signedIn.code).toBe(0);

  const called = await cli.run(['call', 'remote', 'echo', '--args', '{"text":"hi"}']);
  expect(called.code, called.stderr).toBe(0);
  expect(called.stdout).toContain('hi');
  const secrets = JSON.parse(readFileSync(path.join(cli.dir, 'secrets.json'), 'utf8')) as { secrets: Record<string, { value: string }> };
  const session = JSON.parse(Object.entries(secrets.secrets).find(([ref]) => ref.startsWith('oauth:'))![1].value) as { tokens: { access_token: string } };
  const token = session.tokens.access_token;
  for (const file of readdirSync(cli.dir).filter((f) => f !== 'secrets.json')) expect(readFileSync(path.join(cli.dir, file), 'utf8')).not.toContain(token);
  for (const out of [signedIn, called]) expect(out.stdout + out.stderr).not.toContain(token);

  expect((await cli.run(['servers', 'signout', 'remote'])).stdout).toContain('Signed out of "remote"');
  expect(readFileSync(path.join(cli.dir, 'secrets.json'), 'utf8')).not.toContain('oauth:');
});

it('a command meeting a 401 at a terminal signs in by itself, then does what it was asked', async () => {
  fixture = await oauth.start({});
  await cli.run(['servers', 'add', '--name', 'remote', '--type', 'http', '--url', fixture.url]);
  const run = await cli.run(['call', 'remote', 'echo', '--args', '{"text":"after sign-in"}'], '', { interactive: true, env: BROWSER });
  expect(run.code, run.stderr).toBe(0);
  expect(run.stderr).toContain('Sign in to "remote" in your browser');
  expect(run.stdout).toContain('after sign-in');
});

it('a call refused for a wider scope signs in again once the person agreed — on the terminal or ahead with --yes — then goes through', async () => {
  fixture = await oauth.start({ scopes: 'mcp:read mcp:write', challengeScope: 'mcp:read', toolScopes: 'echo=mcp:write' });
  const scopesAsked = () => fixture.log.authorize.map((a) => a.scope);
  const echo = ['call', 'remote', 'echo', '--args', '{"text":"wider"}'];
  await cli.run(['servers', 'add', '--name', 'remote', '--type', 'http', '--url', fixture.url]);
  expect((await cli.run(['servers', 'auth', 'remote'], '', { env: BROWSER })).code).toBe(0);

  // Nobody to ask and no --yes: the refusal, saying what is needed, and no browser.
  const refused = await cli.run(echo, '', { env: BROWSER });
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain('needs a sign-in granting "mcp:read mcp:write"');
  expect(refused.stderr).toContain('To sign in: elftia-mcp servers auth remote');
  const declined = await cli.run(echo, '', { interactive: true, terminal: ['n'], env: BROWSER });
  expect(declined.asked).toEqual(['"remote" needs more access. Sign in again in your browser to grant "mcp:read mcp:write"? [y/N] ']);
  expect(declined.code).toBe(1);
  expect(scopesAsked()).toEqual(['mcp:read']);

  const agreed = await cli.run(echo, '', { interactive: true, terminal: ['y'], env: BROWSER });
  expect(agreed.code, agreed.stderr).toBe(0);
  expect(agreed.stdout).toContain('wider');
  expect(scopesAsked()).toEqual(['mcp:read', 'mcp:read mcp:write']);

  // --yes, no terminal, signed out: the first sign-in, then the step-up, each once.
  await cli.run(['servers', 'signout', 'remote']);
  const ahead = await cli.run([...echo, '--yes'], '', { env: BROWSER });
  expect(ahead.code, ahead.stderr).toBe(0);
  expect(ahead.stdout).toContain('wider');
  expect(scopesAsked().slice(2)).toEqual(['mcp:read', 'mcp:read mcp:write']);
});

it('servers add takes a pre-registered client, its secret from stdin, kept out of the config', async () => {
  fixture = await oauth.start({ registration: 'preregistered', authMethod: 'client_secret_basic', clientId: 'cli-client', clientSecret: 'cli-secret-123456' });
  const added = await cli.run(
    ['servers', 'add', '--name', 'pre', '--type', 'http', '--url', fixture.url, '--oauth-client-id', 'cli-client', '--oauth-client-secret-stdin'],
    'cli-secret-123456\n',
  );
  expect(added.code, added.stderr).toBe(0);
  expect(readFileSync(path.join(cli.dir, 'mcp-config.json'), 'utf8')).not.toContain('cli-secret-123456');
  expect((await cli.run(['servers', 'list', '--json'])).stdout).not.toContain('cli-secret-123456');
  expect((await cli.run(['servers', 'auth', 'pre'], '', { env: BROWSER })).code).toBe(0);
  expect(fixture.log.registrations).toHaveLength(0);
  expect(fixture.log.token[0]).toMatchObject({ method: 'client_secret_basic' });

  const wrongType = await cli.run(['servers', 'add', '--name', 'x', '--type', 'websocket', '--url', 'ws://h/ws', '--oauth-client-id', 'a']);
  expect(wrongType.code).toBe(2);
  expect(wrongType.stderr).toContain('applies only to sse and http');
});

it.each([
  ['file:///etc/passwd', 'only https: (or http: to this computer) addresses are opened, not file:'],
  ['x-custom-app://run?cmd=calc', 'not x-custom-app:'],
  ['https://x/a|calc', 'characters a URL may not hold (|)'],
])('servers auth refuses a sign-in page at %s, says which and why, and never starts the browser', async (endpoint, why) => {
  fixture = await oauth.start({ authorizationEndpoint: endpoint });
  await cli.run(['servers', 'add', '--name', 'remote', '--type', 'http', '--url', fixture.url]);
  const record = path.join(cli.dir, 'browser-args.jsonl');
  const run = await cli.run(['servers', 'auth', 'remote'], '', { env: { ...BROWSER, FAKE_BROWSER_RECORD: record } });
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(`Refused to open ${endpoint}`);
  expect(run.stderr).toContain(why);
  expect(run.stderr).not.toContain('open this address');
  expect(existsSync(record)).toBe(false);
});
