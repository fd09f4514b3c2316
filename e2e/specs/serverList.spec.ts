/**
 * The server list against the real host and real fixture servers: what was added elsewhere (the
 * CLI, another window) appears and connects without a Refresh press, and a server that cannot
 * connect says why in words, with its stderr a click away, in the person's language.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '../fixtures/app';
import { FIXTURE_SERVERS, startHttpFixture, type RunningServer } from '../fixtures/servers/paths';
import { SettingsPage } from '../pages/SettingsPage';

const stdio = (name: string, script: string) => ({ name, type: 'stdio' as const, config: { command: process.execPath, args: [script] } });

test('a server added from outside the window appears, connects and shows its tools without a Refresh press', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  await expect(settings.emptyState).toBeVisible();
  await expect(settings.emptyState.getByRole('button', { name: /Add a server/ })).toBeVisible();

  expect((await app.invoke('mcp.add', stdio('fixture-files', FIXTURE_SERVERS.stdio))).ok).toBe(true);

  const row = settings.serverRow('fixture-files');
  await expect(row).toBeVisible();
  await expect(row.getByTestId('server-state')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  await expect(row.getByTestId('tool-count')).toContainText(/\d+ tools/);
  await expect(settings.emptyState).toBeHidden();
});

test('a server added by the CLI, another process writing the same config folder, appears and connects without a Refresh press', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  await expect(settings.emptyState).toBeVisible();
  execFileSync(process.execPath, [
    'packages/desktop/bin/elftia-mcp.mjs',
    '--config-dir',
    app.configDir,
    'servers',
    'add',
    '--name',
    'from-the-cli',
    '--type',
    'stdio',
    '--command',
    process.execPath,
    '--arg',
    FIXTURE_SERVERS.stdio,
  ]);
  const row = settings.serverRow('from-the-cli');
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('server-state')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
});

test.describe('a server that cannot connect', () => {
  let http: RunningServer;
  test.beforeAll(async () => {
    http = await startHttpFixture('http');
  });
  test.afterAll(async () => {
    await http.stop();
  });

  test('says why in words, with its stderr a click away, and in 中文 too', async ({ app }) => {
    const settings = new SettingsPage(app.page);
    await expect(settings.emptyState).toBeVisible();
    await app.invoke('mcp.add', stdio('needs-key', FIXTURE_SERVERS.exitAtStart));
    await app.invoke('mcp.add', { name: 'wrong-path', type: 'http', config: { url: `http://127.0.0.1:${http.port}/api` } });

    const exited = settings.failureOf('needs-key');
    await expect(exited).toContainText('The program exited with code 3 before it answered.', { timeout: 30_000 });
    await expect(exited).toContainText('Failed at: MCP handshake');
    await exited.getByRole('button', { name: 'Show output' }).click();
    await expect(exited.getByTestId('failure-output')).toContainText('FIXTURE_API_KEY is not set');

    const notFound = settings.failureOf('wrong-path');
    await expect(notFound).toContainText('HTTP 404 — is the endpoint /mcp?');
    // The server's own answer is only in the technical details.
    await expect(notFound.locator('details')).not.toHaveAttribute('open', '');

    await settings.chooseLanguage('中文');
    await expect(settings.failureOf('needs-key')).toContainText('程序在应答前就退出了，退出码 3');
    await expect(settings.failureOf('wrong-path')).toContainText('HTTP 404 — 端点是 /mcp 吗？');
  });
});
