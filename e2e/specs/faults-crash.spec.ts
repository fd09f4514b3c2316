/**
 * Fault journey 1: a stdio server dies in the middle of a call. The playground says so within
 * seconds, in the person's language, quoting the last lines the server wrote; the server's
 * badge turns to error; Reconnect brings it back and the next call succeeds.
 */
import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { CRASH_REPORT } from '../fixtures/servers/tools.mjs';
import { expect, test } from '../fixtures/app';
import { ServerDetailPage } from '../pages/ServerDetailPage';
import { SettingsPage } from '../pages/SettingsPage';
import { shootThemes } from '../pages/themeShots';

test.describe.configure({ timeout: 180_000 });

test('a server that crashes mid-call: a translated failure with its stderr tail, an error badge, and Reconnect brings it back', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const detail = new ServerDetailPage(app.page);
  await expect(settings.emptyState).toBeVisible({ timeout: 60_000 });
  await app.addServer({
    name: 'crashy',
    type: 'stdio',
    isActive: true,
    config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], env: { FIXTURE_CRASH_STDERR: '1' } },
  });
  await detail.open('crashy');
  await detail.tryTool('crash');
  await expect(detail.state).toHaveAttribute('data-state', 'connected');

  const startedAt = Date.now();
  await detail.runButton.click();
  await detail.expectCall('failed');
  // "Within seconds": the host learns of the death from the process, not from a call timeout (60 s).
  expect(Date.now() - startedAt).toBeLessThan(15_000);

  // The person's sentence, not the raw message; the server's last words are quoted under it.
  await expect(detail.callError).toContainText('The connection to the MCP server was closed.');
  const tail = detail.callError.getByTestId('error-stderr-tail');
  await expect(tail).toBeVisible();
  for (const line of CRASH_REPORT) await expect(tail).toContainText(line.trim());
  // Its long line wraps inside the box: nothing reaches past the result column.
  const [box, column] = await Promise.all([tail.locator('pre').boundingBox(), detail.result.boundingBox()]);
  expect(box!.x + box!.width).toBeLessThanOrEqual(column!.x + column!.width + 1);
  await expect(detail.callError.getByText('MCP_CONNECTION_CLOSED', { exact: false })).toBeHidden();

  // The badge in the drawer's title and the row in the list both say error.
  await expect(detail.state).toHaveAttribute('data-state', 'error');
  await expect(settings.serverRow('crashy')).toHaveAttribute('data-state', 'error');
  await shootThemes(app.page, 'crash-failed');

  // The list says what happened: the program stopped while connected (not "failed at the
  // handshake": it had connected), with its last words one click away.
  await detail.close();
  const failure = settings.failureOf('crashy');
  await expect(failure).toHaveAttribute('data-hint', 'exitedWhileConnected');
  await expect(failure).toContainText('The program stopped with exit code 1 while it was connected.');
  await expect(failure).not.toContainText('Failed at');
  await failure.getByRole('button', { name: 'Show output' }).click();
  await expect(failure.getByTestId('failure-output')).toContainText(CRASH_REPORT[0]!);
  await shootThemes(app.page, 'crash-row');

  // Reconnect brings a fresh process; a call on it succeeds.
  await settings.reconnectButton('crashy').click();
  await expect(settings.serverRow('crashy')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  await expect(failure).toHaveCount(0);
  await detail.open('crashy');
  await detail.openPane('Playground');
  await expect(detail.state).toHaveAttribute('data-state', 'connected');
  await detail.pickTool('echo');
  await detail.argument('text').fill('back again');
  await detail.runButton.click();
  await detail.expectCall('ok');
  await expect(detail.callDisplay).toContainText('back again');
  expect(await detail.historyStatuses()).toEqual(['ok', 'failed']);
});
