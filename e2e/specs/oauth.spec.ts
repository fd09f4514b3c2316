/**
 * Signing in to a remote server from the Tools tab against the OAuth fixture, with the test as
 * the person's browser: the host's opener is a no-op ($BROWSER=true), so the test reads the
 * address the UI shows and visits it in a new page, as someone whose browser did not open would.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures/app';
import { startOAuthServer, type OAuthFixtureHandle } from '../fixtures/servers/oauth-server.mjs';
import { SettingsPage } from '../pages/SettingsPage';
import { shootThemes } from '../pages/themeShots';

let fixture: OAuthFixtureHandle;
test.beforeEach(async () => {
  // The echo tool needs a scope the first sign-in does not ask for: calling it steps up.
  fixture = await startOAuthServer({ scopes: 'mcp:read mcp:write', challengeScope: 'mcp:read', toolScopes: 'echo=mcp:write' });
});
test.afterEach(async () => {
  await fixture.close();
});
test.use({ hostEnv: { BROWSER: 'true' } });
// Two round trips through a browser page on a shared machine: more than the default minute.
test.setTimeout(180_000);

/**
 * Every file of the config folder but the secret store, by name, as it is now. The host keeps
 * writing while the test reads (an atomic write's `<name>.tmp-…` is renamed into place): a temp
 * file is skipped, its content being read under its final name, and a file gone between the
 * listing and the read is skipped too (a CI run failed on ENOENT for a temp file renamed meanwhile).
 */
function filesBesideSecrets(dir: string): Map<string, string> {
  const contents = new Map<string, string>();
  for (const name of fs.readdirSync(dir)) {
    if (name === 'secrets.json' || name.includes('.tmp-')) continue;
    const file = path.join(dir, name);
    try {
      if (fs.statSync(file).isFile()) contents.set(name, fs.readFileSync(file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  expect([...contents.keys()]).toContain('mcp-config.json');
  return contents;
}

/** The person's browser: a separate context, sharing nothing with the app's page, following the address shown. */
async function signInInBrowser(app: { page: import('@playwright/test').Page }, address: string) {
  const context = await app.page.context().browser()!.newContext();
  const browser = await context.newPage();
  await browser.goto(address);
  await expect(browser.getByRole('heading', { name: 'Signed in' })).toBeVisible();
  await context.close();
}

test('a server that answers 401 is signed in from its row, connects, steps up for a tool, and signs out', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  // The page's first list is in (its event stream open) before the server arrives, as the other specs wait.
  await expect(settings.emptyState).toBeVisible();
  const added = await app.invoke('mcp.add', { name: 'remote', type: 'http', isActive: true, config: { url: fixture.url } });
  expect(added.ok).toBe(true);
  const serverId = (added as { data: { server: { id: string } } }).data.server.id;

  const row = settings.serverRow('remote');
  const bar = row.getByTestId('sign-in-bar');
  await expect(bar).toHaveAttribute('data-auth-state', 'needs_sign_in', { timeout: 30_000 });
  await expect(bar).toContainText('“remote” needs you to sign in.');
  await bar.getByRole('button', { name: 'Sign in' }).click();

  await expect(bar).toHaveAttribute('data-auth-state', 'waiting_for_browser');
  await expect(bar).toContainText('Waiting for browser…');
  await expect(bar.getByTestId('sign-in-url')).toContainText('/authorize?');
  // The full address is the "Open sign-in page" link's (the shown one is ellipsed to fit).
  const address = (await bar.getByRole('link', { name: 'Open sign-in page' }).getAttribute('href')) ?? '';
  expect(address).toContain('code_challenge_method=S256');
  expect(new URL(address).searchParams.get('scope')).toBe('mcp:read');
  await signInInBrowser(app, address);

  await expect(row.getByTestId('signed-in')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('sign-in-bar')).toBeHidden();
  await expect(row.getByTestId('server-state')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  await expect(row.getByTestId('tool-count')).toContainText(/\d+ tools/);

  // The token is in the secret store, not in any other file of the config folder.
  const secrets = fs.readFileSync(path.join(app.configDir, 'secrets.json'), 'utf8');
  const token = /at-[0-9a-f]{32}/.exec(secrets)?.[0];
  expect(token).toBeTruthy();
  for (const [file, content] of filesBesideSecrets(app.configDir)) expect(content, file).not.toContain(token!);

  // Step-up: the call is refused for want of mcp:write; the row sends the person to sign in again,
  // for both scopes, and the call goes through by itself once.
  const called = app.invoke('mcp.call_tool', { serverId, toolName: 'echo', args: { text: 'wider' } });
  await expect(bar).toHaveAttribute('data-auth-state', 'waiting_for_browser', { timeout: 30_000 });
  const wider = (await bar.getByRole('link', { name: 'Open sign-in page' }).getAttribute('href')) ?? '';
  expect(new URL(wider).searchParams.get('scope')).toBe('mcp:read mcp:write');
  await signInInBrowser(app, wider);
  expect(await called).toMatchObject({ ok: true, data: { content: [{ type: 'text', text: 'wider' }] } });
  await expect(row.getByTestId('signed-in')).toBeVisible({ timeout: 30_000 });

  await row.getByTestId('signed-in').click();
  await app.page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(row.getByTestId('sign-in-bar')).toHaveAttribute('data-auth-state', 'needs_sign_in');
});

test('a sign-in page named as a local file is not opened: the row says which address and why', async ({ app }) => {
  const hostile = await startOAuthServer({ authorizationEndpoint: 'file:///etc/passwd' });
  try {
    const settings = new SettingsPage(app.page);
    await expect(settings.emptyState).toBeVisible();
    expect((await app.invoke('mcp.add', { name: 'hostile', type: 'http', isActive: true, config: { url: hostile.url } })).ok).toBe(true);
    const row = settings.serverRow('hostile');
    const bar = row.getByTestId('sign-in-bar');
    await expect(bar).toHaveAttribute('data-auth-state', 'needs_sign_in', { timeout: 30_000 });
    await bar.getByRole('button', { name: 'Sign in' }).click();

    const refused = row.getByRole('alert');
    await expect(refused).toContainText('Did not open file:///etc/passwd?response_type=code', { timeout: 30_000 });
    await expect(refused).toContainText('only https: addresses (or http: to this computer) are opened, and a file: address can open a file or another program.');
    await expect(row.getByRole('link', { name: 'Open sign-in page' })).toHaveCount(0);
    await shootThemes(app.page, 'sign-in-refused');
  } finally {
    await hostile.close();
  }
});
