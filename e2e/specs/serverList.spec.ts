/**
 * The server list against the real host and real fixture servers: what was added elsewhere (the
 * CLI, another window) appears and connects without a Refresh press, and a server that cannot
 * connect says why in words, with its stderr a click away, in the person's language.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '../fixtures/app';
import { FIXTURE_SERVERS, listOurChildren, startHttpFixture, type RunningServer } from '../fixtures/servers/paths';
import { SettingsPage } from '../pages/SettingsPage';
import { shootThemes } from '../pages/themeShots';

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

test.describe('a cold start with active servers already configured', () => {
  const seenAt = Date.UTC(2026, 10, 30, 9, 15);
  const records = ['cold-a', 'cold-b', 'cold-c'].map((name, i) => ({
    id: `mcp_${name}`,
    name,
    type: 'stdio',
    scope: 'user',
    config: { command: process.execPath, args: [FIXTURE_SERVERS.slowStart] },
    isActive: true,
    isTrusted: false,
    disabledTools: [],
    disabledAutoApproveTools: [],
    installSource: 'manual',
    createdAt: seenAt + i,
  }));
  // What an earlier run saw of the first one (last-seen.json, kept in the config folder).
  const lastSeen = { servers: { 'mcp_cold-a': { tools: { at: seenAt, list: [{ name: 'echo_1' }, { name: 'echo_2' }] }, outcome: { ok: true, at: seenAt } } } };
  test.use({ seedConfig: { 'mcp-config.json': JSON.stringify({ mcpServers: records }), 'last-seen.json': JSON.stringify(lastSeen) } });

  const serverProcesses = () => listOurChildren().filter((p) => p.command.includes('stdio-slow-start'));

  test('starts none of them: the list shows what was last seen, and Check all connects them', async ({ app }) => {
    const settings = new SettingsPage(app.page);
    for (const name of ['cold-a', 'cold-b', 'cold-c']) await expect(settings.stateOf(name)).toHaveText('Not connected yet');
    await expect(settings.serverRow('cold-a').getByTestId('tool-count')).toHaveText('2 tools (last seen)');
    await expect(settings.serverRow('cold-b').getByTestId('tool-count')).toHaveCount(0);
    await shootThemes(app.page, 'cold-start-last-seen');
    // Long enough for a warm-up, had there been one, to start the servers.
    await app.page.waitForTimeout(1_500);
    expect(serverProcesses()).toEqual([]);

    await app.page.getByRole('button', { name: 'Check all' }).click();
    await expect(app.page.getByTestId('check-all-result')).toHaveText('Checked 3 servers: 3 connected, 0 failed.', { timeout: 30_000 });
    for (const name of ['cold-a', 'cold-b', 'cold-c']) await expect(settings.stateOf(name)).toHaveAttribute('data-state', 'connected');
    await expect(settings.serverRow('cold-b').getByTestId('tool-count')).toHaveText('2 tools');
    expect(serverProcesses()).toHaveLength(3);
    await settings.chooseLanguage('日本語');
    // Disconnected after being connected reads differently from "not connected yet"; the tools seen stay.
    await app.invoke('mcp.disconnect', { id: 'mcp_cold-a' });
    await expect(settings.stateOf('cold-a')).toHaveText('未接続');
    await expect(settings.serverRow('cold-a').getByTestId('tool-count')).toHaveText('ツール 2 個（前回）');
    await shootThemes(app.page, 'cold-start-ja');
  });
});
