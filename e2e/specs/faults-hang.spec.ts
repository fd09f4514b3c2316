/**
 * Fault journey 2: a tool hangs. Cancel in the playground stops the call, the server is told
 * (its handler's abort signal fires on notifications/cancelled and the fixture says so on
 * stderr, which the Logs pane shows), and the next call on the same connection succeeds.
 */
import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { expect, test } from '../fixtures/app';
import { ServerDetailPage } from '../pages/ServerDetailPage';
import { SettingsPage } from '../pages/SettingsPage';
import { shootThemes } from '../pages/themeShots';

test.describe.configure({ timeout: 180_000 });

test('a hanging tool: Cancel stops it, the server hears the cancellation, and the next call succeeds', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const detail = new ServerDetailPage(app.page);
  await expect(settings.emptyState).toBeVisible({ timeout: 60_000 });
  await app.addServer({ name: 'hangs', type: 'stdio', isActive: true, config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } });
  await detail.open('hangs');
  await detail.tryTool('sleep');

  // Ten minutes in five steps: far past anything a test waits for, so only Cancel can end it.
  await detail.runWithJson({ ms: 600_000 });
  await detail.expectCall('running');
  await expect(detail.playground.getByTestId('playground-progress-text')).toContainText('Progress: 1 of 5', { timeout: 30_000 });
  await shootThemes(app.page, 'hang-running');

  await detail.cancelButton.click();
  await detail.expectCall('cancelled', 15_000);
  await expect(detail.cancelButton).toBeHidden();
  await expect(detail.result).toContainText('The call was cancelled');
  // A cancelled call is not shown as a failure.
  await expect(detail.callError).toHaveCount(0);
  await shootThemes(app.page, 'hang-cancelled');

  // The connection stayed up: the next call runs on it and succeeds.
  await detail.pickTool('echo');
  await detail.argument('text').fill('after the cancel');
  await detail.runButton.click();
  await detail.expectCall('ok');
  await expect(detail.callDisplay).toContainText('after the cancel');
  expect(await detail.historyStatuses()).toEqual(['ok', 'cancelled']);
  await expect(detail.state).toHaveAttribute('data-state', 'connected');

  // The server was told: its sleep handler saw the abort that notifications/cancelled raises.
  await detail.openPane('Logs');
  await expect(detail.logLines.filter({ hasText: 'sleep cancelled at step 1' })).toHaveCount(1);
  // … over the live connection: it never dropped (a dropped one would also have ended the handler).
  await expect(detail.logLines.filter({ hasText: 'closed unexpectedly' })).toHaveCount(0);
  await shootThemes(app.page, 'hang-logs');
});
