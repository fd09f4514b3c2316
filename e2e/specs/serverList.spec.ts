/**
 * The server list against the real host and real fixture servers: what was added elsewhere (the
 * CLI, another window) appears and connects without a Refresh press, and a server that cannot
 * connect says why in words, with its stderr a click away, in the person's language.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '../fixtures/app';
import { manyServerName, manyServersConfig } from '../fixtures/manyServers';
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

test.describe('sixty servers, as a long-used install has them', () => {
  test.use({ seedConfig: manyServersConfig(60) });

  test('one page scroll with nothing cut off, one tab stop with arrows between rows, and several turned off and removed at once', async ({ app }) => {
    const { page } = app;
    const settings = new SettingsPage(page);
    await page.setViewportSize({ width: 1024, height: 700 });
    const first = settings.page.locator('[data-testid="server-row"]').first();
    await expect(first).toBeVisible();

    // The page scrolls, not a box inside it; and nothing sticks out sideways (the delete icons were cut off).
    const layout = await page.evaluate(() => ({
      pageScrolls: document.documentElement.scrollHeight > innerHeight,
      sideways: document.documentElement.scrollWidth - innerWidth,
      nestedScrollers: [...document.querySelectorAll('[data-testid="server-list"] *')].filter((el) => /auto|scroll/.test(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight).length,
      deleteRight: Math.max(...[...document.querySelectorAll('[data-testid="server-row"] button[aria-label="Delete"]')].map((b) => b.getBoundingClientRect().right)),
    }));
    expect(layout).toEqual({ pageScrolls: true, sideways: 0, nestedScrollers: 0, deleteRight: expect.any(Number) });
    expect(layout.deleteRight).toBeLessThanOrEqual(1024);

    // One tab stop into the list; arrows move between rows, End to the last (rendered on demand), Enter opens it.
    await settings.page.getByRole('textbox', { name: 'Search names, commands, URLs and tools' }).focus();
    for (let presses = 0; presses < 8 && !(await first.evaluate((row) => row === document.activeElement)); presses++) await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(settings.page.locator('[data-testid="server-row"][data-index="1"]')).toBeFocused();
    await page.keyboard.press('End');
    const last = settings.page.locator('[data-testid="server-row"][data-index="59"]');
    await expect(last).toBeFocused();
    await expect(last).toBeInViewport();
    await page.keyboard.press('Home');
    await expect(settings.page.locator('[data-testid="server-row"][data-index="0"]')).toBeFocused();

    // Select the eight "notes" servers, turn them off, then remove them, named in a confirmation, and undo.
    await settings.page.getByRole('textbox', { name: 'Search names, commands, URLs and tools' }).fill('notes-');
    await expect(settings.page.getByTestId('servers-shown')).toHaveText('8 of 60 shown');
    const bar = settings.page.getByRole('toolbar', { name: 'Selected servers' });
    await bar.getByRole('checkbox', { name: 'Select all 8 shown' }).check();
    await bar.getByRole('button', { name: 'Turn off' }).click();
    await expect(settings.page.getByTestId('bulk-report')).toContainText('Turned off 8 of 8.');
    await expect(settings.serverRow(manyServerName(3)).getByRole('switch', { name: `Turn ${manyServerName(3)} on or off` })).not.toBeChecked();
    await bar.getByRole('checkbox', { name: 'Select all 8 shown' }).check();
    await bar.getByRole('button', { name: 'Remove…' }).click();
    const confirm = settings.page.getByRole('dialog').filter({ has: settings.page.getByTestId('bulk-remove-confirm') });
    await expect(confirm).toContainText(manyServerName(3));
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Remove 8 servers' }).click();
    await expect(settings.page.getByTestId('servers-no-match')).toBeVisible();
    await expect(settings.page.getByText('MCP servers · 52 servers')).toBeVisible();
    await settings.page.getByTestId('undo-bulk-remove').getByRole('button', { name: 'Undo' }).click();
    await expect(settings.page.getByText('MCP servers · 60 servers')).toBeVisible();
    await expect(settings.page.locator('[data-testid="server-row"]')).toHaveCount(8);
    await shootThemes(page, 'many-servers-bulk');

    // The delete confirm opens whole on screen at 1280×800, whichever row asks.
    await page.setViewportSize({ width: 1280, height: 800 });
    await settings.page.getByRole('button', { name: 'Clear filters' }).click();
    // The search's result renders a moment after the box: wait for the whole list's first row.
    await expect(first).toHaveAttribute('data-server-name', manyServerName(5));
    await first.getByRole('button', { name: 'Delete' }).click();
    const popover = settings.page.locator('.ant-popover').filter({ hasText: 'Delete “' });
    await expect(popover).toBeVisible();
    const box = (await popover.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1280);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
  });
});
