/**
 * Fault journey 8: a server arrives by install link (elftia://mcp/install, written by any web
 * page). It is added inactive and untrusted; turning it on first shows everything that decides
 * what it would run (command, arguments, folder, env and header values, credentials only as
 * "Set"), asks separately about variables that change which code runs, and runs nothing until the
 * person confirms. Confirming lets it run; it does not trust it. Browser mode has no OS link handler, so the link comes through the CLI, the
 * same route the Electron app's handler calls.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '../fixtures/app';
import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { SettingsPage } from '../pages/SettingsPage';

const SECRET = 'sk-link-secret-value';

function installLink(servers: Record<string, unknown>): string {
  return `elftia://mcp/install?servers=${Buffer.from(JSON.stringify({ mcpServers: servers })).toString('base64url')}`;
}

interface Listed {
  name: string;
  isActive: boolean;
  isTrusted: boolean;
  reviewedAt?: number;
  installSource: string;
}

test('a linked server is added off, and turning it on shows what it would run and waits for confirmation', async ({ app }) => {
  // A CLI run and a server start on a shared, loaded machine.
  test.setTimeout(300_000);
  const settings = new SettingsPage(app.page);
  await expect(settings.emptyState).toBeVisible({ timeout: 30_000 });
  // Browser mode has no OS link handler: a link comes through the CLI (its own process, writing the
  // same config folder) or through the host's route, as the Electron app's handler delivers it.
  // Either way the window hears of it over the event stream and says what happened (the host
  // announces what the CLI wrote when its watcher sees the file change).
  const arrived = app.page.getByTestId('link-arrived');
  // Each arrival must announce itself anew. Counting each time more announcements are on screen than
  // a moment before proves it without waiting the 10 s for the first one to go (how long one stays
  // is a component test's job); antd may re-insert a message's node, which changes nothing here.
  await app.page.evaluate(() => {
    const seen = window as unknown as { linkArrivals: number };
    seen.linkArrivals = 0;
    let present = 0;
    new MutationObserver(() => {
      const now = document.querySelectorAll('[data-testid="link-arrived"]').length;
      if (now > present) seen.linkArrivals += now - present;
      present = now;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const announcements = () => app.page.evaluate(() => (window as unknown as { linkArrivals: number }).linkArrivals);
  const byCli = installLink({ 'linked-files': { command: process.execPath, args: [FIXTURE_SERVERS.stdio], env: { API_KEY: SECRET, REGION: 'eu', PYTHONPATH: '/tmp/elftia-nothing-here' } } });
  execFileSync(process.execPath, ['packages/desktop/bin/elftia-mcp.mjs', '--config-dir', app.configDir, 'servers', 'install-link', byCli], { stdio: 'pipe' });
  await expect(settings.serverRow('linked-files')).toBeVisible({ timeout: 30_000 });
  await expect(arrived).toContainText('A server was added from an install link', { timeout: 30_000 });
  expect(await announcements()).toBe(1);
  const byHost = installLink({ 'linked-remote': { type: 'http', url: 'http://127.0.0.1:9/mcp', headers: { Authorization: `Bearer ${SECRET}` } } });
  expect((await app.invoke('mcp.install_link', { url: byHost })).ok).toBe(true);
  await expect.poll(announcements, { timeout: 30_000 }).toBe(2);
  await expect(arrived.last()).toContainText('A server was added from an install link');

  // Added, but off and marked as coming from a link.
  for (const name of ['linked-files', 'linked-remote']) {
    await expect(settings.serverRow(name)).toBeVisible({ timeout: 30_000 });
    await expect(settings.stateOf(name)).toHaveAttribute('data-state', 'inactive');
    await expect(settings.activeSwitch(name)).not.toBeChecked();
    await expect(settings.serverRow(name).getByTestId('from-link')).toHaveText('From a link');
  }
  const listed = async (name: string) => {
    const list = await app.invoke('mcp.list', undefined);
    return list.ok ? (list.data as Listed[]).find((s) => s.name === name) : undefined;
  };
  expect(await listed('linked-files')).toMatchObject({ isActive: false, isTrusted: false, installSource: 'protocol' });

  // Turning it on asks first, showing the command, its arguments and the env keys, not their values.
  await settings.activeSwitch('linked-files').click();
  const review = settings.activationReview;
  await expect(review).toBeVisible();
  await expect(review).toContainText('Turn on “linked-files”?');
  await expect(review.getByTestId('review-command')).toHaveText(process.execPath, { timeout: 30_000 });
  await expect(review.getByTestId('review-args')).toHaveText(FIXTURE_SERVERS.stdio);
  await expect(review.getByTestId('review-env')).toContainText('API_KEYSet');
  await expect(review.getByTestId('review-env')).toContainText('REGION=eu');
  await expect(review.getByTestId('review-env')).toContainText('PYTHONPATH=/tmp/elftia-nothing-hereChanges which code runs');
  await expect(review.getByTestId('review-headers')).toHaveText('None');
  await expect(review.getByTestId('review-risk')).toContainText('PYTHONPATH');
  await expect(review.getByRole('button', { name: 'Turn on' })).toBeDisabled();
  await expect(review).not.toContainText(SECRET);

  // Cancel: nothing changes and nothing runs.
  await review.getByRole('button', { name: 'Cancel' }).click();
  await expect(review).toBeHidden();
  await expect(settings.activeSwitch('linked-files')).not.toBeChecked();
  expect(await listed('linked-files')).toMatchObject({ isActive: false, isTrusted: false });

  // Confirm, the risk too: it is turned on and connects, reviewed but not trusted.
  await settings.activeSwitch('linked-files').click();
  await expect(review.getByTestId('review-command')).toHaveText(process.execPath);
  await review.getByTestId('review-risk-confirm').click();
  await review.getByRole('button', { name: 'Turn on' }).click();
  await expect(review).toBeHidden({ timeout: 30_000 });
  await expect(settings.activeSwitch('linked-files')).toBeChecked();
  await expect(settings.stateOf('linked-files')).toHaveAttribute('data-state', 'connected', { timeout: 90_000 });
  await expect(settings.serverRow('linked-files').getByTestId('from-link')).toHaveCount(0);
  expect(await listed('linked-files')).toMatchObject({ isActive: true, isTrusted: false, reviewedAt: expect.any(Number) });

  // A remote one shows its URL and headers; the credential's value stays hidden.
  await settings.activeSwitch('linked-remote').click();
  await expect(review.getByTestId('review-url')).toHaveText('http://127.0.0.1:9/mcp');
  await expect(review.getByTestId('review-headers')).toHaveText('AuthorizationSet');
  await expect(review).not.toContainText(SECRET);
  await app.page.keyboard.press('Escape');
  await expect(review).toBeHidden();
  expect(await listed('linked-remote')).toMatchObject({ isActive: false, isTrusted: false });
});
