/**
 * Fault journey 6: the browser-mode host stops while the page is open. The page must say so and
 * how to start it again, stop claiming servers are connected, and recover by itself (fresh data)
 * once the host is back on the same address. The restarted host starts no server until something
 * needs one: the rows show what was last seen of each, and "Check all" brings them live again.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '../fixtures/app';
import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { ServerDetailPage } from '../pages/ServerDetailPage';
import { SettingsPage } from '../pages/SettingsPage';
import { shootThemes } from '../pages/themeShots';

const NO_HOST = 'Electron runs its host inside the app: there is no separate host to lose';

test('the page says the host is gone and how to restart it, and recovers by itself when it is back', async ({ app }) => {
  test.skip(!app.host, NO_HOST);
  // Two host starts, a CLI run and three server connects on a shared, loaded machine.
  test.setTimeout(300_000);
  const host = app.host!;
  const settings = new SettingsPage(app.page);
  await expect(settings.emptyState).toBeVisible({ timeout: 30_000 });
  await app.addServer({ name: 'files', type: 'stdio', config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } });
  await expect(settings.stateOf('files')).toHaveAttribute('data-state', 'connected', { timeout: 90_000 });
  await expect(settings.hostBanner).toBeHidden();
  // The window's code comes from the host: the parts not in the first screen are fetched in the
  // background soon after it, and from then on the window explains the host's absence itself.
  await expect(app.page.locator('html')).toHaveAttribute('data-lazy-parts', 'loaded', { timeout: 30_000 });

  const exit = await host.stop('SIGTERM');
  expect(exit.code, exit.output).toBe(0);

  await expect(settings.hostBanner).toHaveAttribute('data-connection', 'down', { timeout: 30_000 });
  await expect(settings.hostBanner).toContainText('The Elftia MCP host has stopped');
  await expect(settings.hostBanner.getByTestId('host-restart-command')).toHaveText('npm start');
  await expect(settings.hostBanner).toContainText('this page reconnects by itself');
  // The stdio server went down with the host: its row no longer claims to be connected.
  await expect(settings.stateOf('files')).toHaveAttribute('data-state', 'unknown');
  await expect(settings.stateOf('files')).toHaveText('Unknown');
  await expect(settings.serverList).not.toContainText('Connected');
  // The detail drawer's badge says the same, not the last state it read.
  const detail = new ServerDetailPage(app.page);
  await detail.open('files');
  await expect(detail.state).toHaveAttribute('data-state', 'unknown');
  await expect(detail.state).toHaveText('Unknown');
  // What it cannot load while the host is away says why, in words, not "something went wrong inside".
  await expect(detail.root).toContainText('The Elftia MCP host is not answering', { timeout: 30_000 });
  await shootThemes(app.page, 'host-gone-detail');
  await detail.close();

  // The retry is reachable with the keyboard; pressed while the host is still gone, the banner stays.
  const retry = settings.hostBanner.getByRole('button', { name: 'Try again now' });
  await retry.focus();
  await expect(retry).toBeFocused();
  await app.page.keyboard.press('Enter');
  await expect(settings.hostBanner).toHaveAttribute('data-connection', 'down');

  // While the host is away, the CLI adds a server to the same config folder: the page cannot
  // hear about it, so only refetching on recovery can show it.
  execFileSync(process.execPath, [
    'packages/desktop/bin/elftia-mcp.mjs',
    '--config-dir',
    app.configDir,
    'servers',
    'add',
    '--name',
    'added-while-away',
    '--type',
    'stdio',
    '--command',
    process.execPath,
    '--arg',
    FIXTURE_SERVERS.stdio,
  ]);

  await host.restart();
  // No click, no reload: the event stream's own retries find the host again.
  await expect(settings.hostBanner).toBeHidden({ timeout: 40_000 });
  await expect(settings.serverRow('added-while-away')).toBeVisible({ timeout: 30_000 });
  // A fresh host starts nothing by itself: each row says so, with the tools seen before the stop.
  await expect(settings.stateOf('files')).toHaveText('Not connected yet', { timeout: 30_000 });
  await expect(settings.serverRow('files').getByTestId('tool-count')).toHaveAttribute('data-seen', 'last');
  await expect(settings.stateOf('added-while-away')).toHaveText('Not connected yet');
  await app.page.getByRole('button', { name: 'Check all' }).click();
  await expect(settings.stateOf('files')).toHaveAttribute('data-state', 'connected', { timeout: 90_000 });
  await expect(settings.stateOf('added-while-away')).toHaveAttribute('data-state', 'connected', { timeout: 90_000 });
  // And the page works again: a change made here reaches the host.
  await settings.activeSwitch('files').click();
  await expect(settings.stateOf('files')).toHaveAttribute('data-state', 'inactive', { timeout: 30_000 });
  const list = await app.invoke('mcp.list', undefined);
  expect(list.ok && (list.data as { name: string; isActive: boolean }[]).find((s) => s.name === 'files')?.isActive).toBe(false);
});

test('a host restarted with a new token tells the page to open the new address', async ({ app }) => {
  test.skip(!app.host, NO_HOST);
  test.setTimeout(120_000);
  const host = app.host!;
  const settings = new SettingsPage(app.page);
  await expect(settings.emptyState).toBeVisible({ timeout: 30_000 });

  await host.stop('SIGINT');
  await expect(settings.hostBanner).toHaveAttribute('data-connection', 'down', { timeout: 30_000 });

  await host.restart({ newToken: true });
  await expect(settings.hostBanner).toHaveAttribute('data-connection', 'rejected', { timeout: 40_000 });
  await expect(settings.hostBanner).toContainText('The host was restarted with a new access key');
  await expect(settings.hostBanner).toContainText('?token=');
});
