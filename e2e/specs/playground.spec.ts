/**
 * The tool playground against the real host and the official reference server
 * (@modelcontextprotocol/server-everything over stdio): a call from the generated form, an image
 * result, and a long operation whose progress shows and whose Cancel stops it while the server
 * stays usable; and, on our fixture server, an audio result with its player, a tool's failure
 * (`isError`) shown as a failed call, not an exception, and a tool that runs as a task (MCP tasks)
 * showing its status as it goes, then cancelled. MCP Apps (issue 32): the real basic-vanillajs
 * app, a hostile app that gets nowhere, and our probe app answering ui/resource-teardown before
 * its frame goes when another tool's result replaces it.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { appLinkHash } from '../../packages/desktop/app/shared/appLink';
import { APP_EXAMPLE_SERVERS, EVERYTHING_BIN, FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { expect, test } from '../fixtures/app';
import { ServerDetailPage } from '../pages/ServerDetailPage';
import { SettingsPage } from '../pages/SettingsPage';
import { shootThemes } from '../pages/themeShots';

// Real processes on a shared machine: generous, never tight.
test.describe.configure({ timeout: 180_000 });

/** The playground's tool picker: type to filter, Enter to pick. */
async function pickTool(page: Page, playground: Locator, name: string): Promise<void> {
  await playground.getByRole('combobox', { name: 'Tool to call' }).click();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
  await expect(playground.getByTestId('playground-tool')).toHaveAttribute('data-tool-name', name);
}

test('echo from the generated form, an image result, and a long operation shown in progress and cancelled', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const detail = new ServerDetailPage(app.page);
  await expect(settings.emptyState).toBeVisible();
  await app.addServer({
    name: 'everything',
    type: 'stdio',
    isActive: true,
    config: { command: process.execPath, args: [EVERYTHING_BIN, 'stdio'] },
  });
  await expect(settings.serverRow('everything')).toBeVisible();
  await detail.open('everything');
  await expect(detail.tool('echo')).toBeVisible({ timeout: 30_000 });

  // A tool row's Try opens the playground on that tool, with a form from its schema.
  await detail.tool('echo').getByTestId('tool-try').click();
  const playground = detail.root.getByTestId('playground');
  await expect(playground.getByTestId('playground-tool')).toHaveAttribute('data-tool-name', 'echo');
  // The picker names the tool by the title its server gives, beside its name.
  await expect(playground.getByTestId('playground-tool')).toContainText('Echo Tool');
  const result = playground.getByTestId('playground-result');
  const status = result.getByTestId('call-status');

  // Validation first: the required message is empty, so nothing is sent.
  await playground.getByTestId('playground-run').click();
  await expect(playground.getByTestId('playground-invalid')).toContainText('1 problem');
  // The refused run puts the cursor in the field to fix.
  await expect(playground.getByLabel('message')).toBeFocused();
  await playground.getByLabel('message').fill('hello from the form');
  await playground.getByLabel('message').press('Control+Enter');
  await expect(status).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  await expect(result.getByTestId('playground-duration')).toBeVisible();
  // The text content is in the display whatever its body looks like.
  await expect(result.getByTestId('tool-call-display')).toContainText('Echo: hello from the form');
  await expect(result).toBeInViewport();

  // An image result arrives in the display.
  await pickTool(app.page, playground, 'get-tiny-image');
  await playground.getByTestId('playground-run').click();
  await expect(status).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  const image = result.getByTestId('tool-call-display').locator('img').first();
  await expect(image).toBeVisible();
  expect(await image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);

  // A long operation: 10 steps over 30 s, its progress shown, then cancelled.
  await pickTool(app.page, playground, 'trigger-long-running-operation');
  await playground.getByTestId('playground-editor').getByText('JSON', { exact: true }).click();
  await playground.getByTestId('playground-json').fill('{"duration": 30, "steps": 10}');
  await playground.getByTestId('playground-run').click();
  await expect(status).toHaveAttribute('data-status', 'running');
  await expect(playground.getByTestId('playground-progress-text')).toContainText(/Progress: \d+ of 10/, { timeout: 30_000 });
  await playground.getByTestId('playground-cancel').click();
  await expect(status).toHaveAttribute('data-status', 'cancelled', { timeout: 15_000 });
  await expect(playground.getByTestId('playground-cancel')).toBeHidden();

  // The server is still healthy: the next call succeeds.
  await pickTool(app.page, playground, 'echo');
  await playground.getByLabel('message').fill('still here');
  await playground.getByTestId('playground-run').click();
  await expect(status).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  await expect(result.getByTestId('tool-call-display')).toContainText('Echo: still here');

  // Every call is in the history, newest first.
  const statuses = await playground.getByTestId('history-entry').getByTestId('call-status').evaluateAll((tags) => tags.map((tag) => tag.getAttribute('data-status')));
  expect(statuses).toEqual(['ok', 'cancelled', 'ok', 'ok']);
});

test('an audio result plays in a player, a tool that reports a failure is a failed call, and a task shows its status and is cancelled', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const detail = new ServerDetailPage(app.page);
  await expect(settings.emptyState).toBeVisible();
  await app.addServer({
    name: 'fx',
    type: 'stdio',
    isActive: true,
    config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], env: { FIXTURE_TASKS: '1' } },
  });
  await detail.open('fx');
  await detail.tool('audio').getByTestId('tool-try').click({ timeout: 30_000 });
  const playground = detail.root.getByTestId('playground');
  const result = playground.getByTestId('playground-result');
  await playground.getByTestId('playground-run').click();
  await expect(result.getByTestId('call-status')).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  const audio = result.getByTestId('tool-call-display').locator('audio');
  await expect(audio).toHaveAttribute('controls', '');
  expect(await audio.locator('source').getAttribute('src')).toMatch(/^data:audio\/wav;base64,/);

  await pickTool(app.page, playground, 'fail');
  await playground.getByTestId('playground-run').click();
  await expect(result.getByTestId('call-status')).toHaveAttribute('data-status', 'toolError', { timeout: 30_000 });
  await expect(result.getByTestId('tool-call-failed').getByRole('alert')).toBeVisible();
  await expect(result.getByTestId('tool-call-error')).toHaveCount(0);

  // A tool that must run as a task: its status message shows while it runs, and Cancel ends it.
  await pickTool(app.page, playground, 'task_sleep');
  await playground.getByTestId('playground-editor').getByText('JSON', { exact: true }).click();
  await playground.getByTestId('playground-json').fill('{"ms": 20000, "steps": 3}');
  await playground.getByTestId('playground-run').click();
  await expect(playground.getByTestId('playground-progress-text')).toHaveText('Task running · step 1 of 3', { timeout: 15_000 });
  await playground.getByRole('button', { name: 'Cancel' }).click();
  await expect(result.getByTestId('call-status')).toHaveAttribute('data-status', 'cancelled', { timeout: 15_000 });
});

/** The app inside its sandbox: the proxy frame, then the app's own (issue 32). */
const appFrame = (page: Page) => page.frameLocator('[data-testid="mcp-app-frame"]').frameLocator('iframe');

test('an MCP App renders in its sandbox, calls its server tool from a button, and hears the theme change (issue 32)', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const detail = new ServerDetailPage(app.page);
  await app.addServer({ name: 'basic', type: 'stdio', isActive: true, config: { command: process.execPath, args: [APP_EXAMPLE_SERVERS.basicVanillajs, '--stdio'] } });
  await detail.open('basic');
  await expect(detail.tool('get-time')).toBeVisible({ timeout: 30_000 });
  await detail.tool('get-time').getByTestId('tool-try').click();
  const playground = detail.root.getByTestId('playground');
  await playground.getByTestId('playground-run').click();
  const result = playground.getByTestId('playground-result');
  await expect(result.getByTestId('call-status')).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });

  // The app, labelled with its server, in the sandbox on the other hostname; the text result stays beside it.
  await expect(result.getByRole('region', { name: 'App from basic' })).toBeVisible();
  await expect(result.getByTestId('mcp-app-frame')).toHaveAttribute('src', /^http:\/\/localhost:\d+\/app-sandbox\?/);
  await expect(result.getByTestId('tool-call-content')).toBeVisible();
  const view = appFrame(app.page);
  const time = view.locator('#server-time');
  // The tool result reached the app (after its initialized), so it shows the server's time.
  await expect(time).not.toHaveText('Loading...', { timeout: 15_000 });
  const first = await time.textContent();
  // Its button calls get-time on the server again (through the host's app route) and the view updates.
  await expect
    .poll(async () => {
      await view.getByRole('button', { name: 'Get Server Time' }).click();
      return time.textContent();
    }, { timeout: 15_000, intervals: [500, 1000] })
    .not.toBe(first);

  // A ui/message from the app is shown in the playground.
  await view.getByRole('button', { name: 'Send Message' }).click();
  await expect(result.getByTestId('mcp-app-message')).toContainText('This is message text.');

  // The app was told the theme at initialize, and hears the switch (the window follows the system's, which flips here).
  const before = await settings.appRoot.getAttribute('data-theme');
  await expect(view.locator('html')).toHaveAttribute('data-theme', before!);
  const after = before === 'dark' ? 'light' : 'dark';
  await app.page.emulateMedia({ colorScheme: after });
  await expect(settings.appRoot).toHaveAttribute('data-theme', after);
  await expect(view.locator('html')).toHaveAttribute('data-theme', after);
});

test('the system monitor app: its app-only poll tool is marked App only, and its polling runs it through the host: the memory gauge fills, Stop and Start work (issue 32)', async ({ app }) => {
  const detail = new ServerDetailPage(app.page);
  await app.addServer({ name: 'monitor', type: 'stdio', isActive: true, config: { command: process.execPath, args: [APP_EXAMPLE_SERVERS.systemMonitor, '--stdio'] } });
  await detail.open('monitor');
  await expect(detail.tool('get-system-info')).toBeVisible({ timeout: 30_000 });
  // The person sees every tool, the app-only one marked as such (models never get it: process tests).
  await expect(detail.tool('get-system-info').getByTestId('tool-app-tag')).toBeVisible();
  await expect(detail.tool('get-system-info').getByTestId('tool-app-only-tag')).toHaveCount(0);
  await expect(detail.tool('poll-system-stats').getByTestId('tool-app-only-tag')).toBeVisible();
  await detail.tool('get-system-info').scrollIntoViewIfNeeded();
  await shootThemes(app.page, 'tool-app-tags');
  await detail.tool('get-system-info').getByTestId('tool-try').click();
  const playground = detail.root.getByTestId('playground');
  await playground.getByTestId('playground-run').click();
  const result = playground.getByTestId('playground-result');
  await expect(result.getByTestId('call-status')).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  await expect(result.getByRole('region', { name: 'App from monitor' })).toBeVisible();

  const view = appFrame(app.page);
  // The tool result starts the app's polling: each tick is an app call of poll-system-stats.
  const toggle = view.locator('#poll-toggle-btn');
  await expect(view.locator('#memory-percent')).toHaveText(/^\d+%$/, { timeout: 15_000 });
  await expect(toggle).toHaveText('Stop');
  await toggle.click();
  await expect(toggle).toHaveText('Start');
  // A poll already in flight may still answer after Stop (the app then shows its time, not
  // "Stopped"); after that no tick comes: the status stays put through a whole interval (2 s).
  const status = view.locator('#status-text');
  await app.page.waitForTimeout(2_500);
  const stoppedAt = await status.textContent();
  await app.page.waitForTimeout(2_500);
  await expect(status).toHaveText(stoppedAt ?? '');
  await toggle.click();
  // A tick after the restart answers: the status shows a later good poll's time, never "Error".
  await expect(status).toHaveText(/^\d\d:\d\d:\d\d$/);
  await expect(status).not.toHaveText(stoppedAt ?? '', { timeout: 15_000 });
  await expect(status).toHaveText(/^\d\d:\d\d:\d\d$/);
});

test('a third real app server, opened by its app link (elftia-mcp apps open): the cohort heatmap renders, its Metric select calls its server and the grid updates, and the theme change reaches it (issue 32)', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const detail = new ServerDetailPage(app.page);
  const id = await app.addServer({ name: 'cohorts', type: 'stdio', isActive: true, config: { command: process.execPath, args: [APP_EXAMPLE_SERVERS.cohortHeatmap, '--stdio'] } });
  // What `elftia-mcp apps open cohorts get-cohort-data --args '{"cohortCount":4}'` opens (the token is already in the page's session).
  await app.page.goto(`${new URL(app.page.url()).origin}/?opened=link${appLinkHash({ serverId: id, toolName: 'get-cohort-data', args: { cohortCount: 4 } })}`);
  const playground = detail.root.getByTestId('playground');
  await expect(playground.getByTestId('playground-tool')).toHaveAttribute('data-tool-name', 'get-cohort-data', { timeout: 30_000 });
  const result = playground.getByTestId('playground-result');
  await expect(result.getByTestId('call-status')).toHaveAttribute('data-status', 'ok', { timeout: 30_000 });
  // Called with the link's argument over the schema's defaults, and the link left the address bar (a reload calls nothing).
  await expect(playground.getByLabel('cohortCount')).toHaveValue('4');
  expect(new URL(app.page.url()).hash).toBe('');
  await expect(result.getByRole('region', { name: 'App from cohorts' })).toBeVisible();

  const view = appFrame(app.page);
  await expect(view.getByRole('heading', { name: 'Cohort Retention Analysis' })).toBeVisible({ timeout: 15_000 });
  const grid = view.locator('main');
  await expect(grid).not.toContainText('Loading...', { timeout: 15_000 });
  const retention = await grid.innerText();
  // Its Metric select asks its server for other data (tools/call through the host's app route) and the grid shows it.
  await view.getByRole('combobox').first().selectOption('active');
  await expect.poll(async () => grid.innerText(), { timeout: 15_000 }).not.toBe(retention);
  await expect(grid).not.toContainText('Loading...');

  // The theme change reaches the app: the host tells its document (this app styles itself by the system's scheme, so the message is what shows it).
  const appDocument = app.page.frames().find((frame) => frame.parentFrame()?.url().includes('/app-sandbox'));
  expect(appDocument).toBeDefined();
  await appDocument!.evaluate(() => {
    const seen: unknown[] = [];
    Object.assign(window, { seenThemes: seen });
    window.addEventListener('message', (event: MessageEvent<{ method?: string; params?: { theme?: string } }>) => {
      if (event.data?.method === 'ui/notifications/host-context-changed') seen.push(event.data.params?.theme);
    });
  });
  const before = await settings.appRoot.getAttribute('data-theme');
  const after = before === 'dark' ? 'light' : 'dark';
  await app.page.emulateMedia({ colorScheme: after });
  await expect(settings.appRoot).toHaveAttribute('data-theme', after);
  await expect.poll(() => appDocument!.evaluate(() => (window as unknown as { seenThemes: unknown[] }).seenThemes), { timeout: 10_000 }).toContain(after);
});

test('an MCP App gets only the permissions it declared and the person allowed, and its destructive call waits for the approval dialog (issue 32)', async ({ app }) => {
  const detail = new ServerDetailPage(app.page);
  const id = await app.addServer({ name: 'notes', type: 'stdio', isActive: true, config: { command: process.execPath, args: [FIXTURE_SERVERS.apps] } });
  await app.page.goto(`${new URL(app.page.url()).origin}/?opened=link${appLinkHash({ serverId: id, toolName: 'notes_view', args: { title: 'Groceries' } })}`);
  const result = detail.root.getByTestId('playground-result');
  const frame = result.getByTestId('mcp-app-frame');
  // In the result: a frame being torn down waits outside it until the app answers (appSession.ts).
  const view = result.frameLocator('[data-testid="mcp-app-frame"]').frameLocator('iframe');
  await expect(view.getByRole('heading', { name: 'Notes: Groceries' })).toBeVisible({ timeout: 30_000 });
  // Declared (camera, clipboard writing) but never answered: asked, naming the server and each; nothing granted meanwhile.
  const prompt = result.getByTestId('mcp-app-permissions');
  await expect(prompt).toContainText('The app of “notes” asks to use: the camera, writing to the clipboard');
  await expect(frame).not.toHaveAttribute('allow', /./);
  await prompt.getByRole('button', { name: 'Allow' }).click();
  await expect(prompt).toBeHidden();
  // Granted: exactly what was declared and allowed; geolocation and the microphone, never declared, are absent.
  await expect(frame).toHaveAttribute('allow', 'camera; clipboard-write');
  await expect(frame).toHaveAttribute('src', /[?&]allow=camera%2CclipboardWrite(&|$)/);
  await expect(detail.root.getByTestId('detail-app-permissions')).toContainText('the camera: allowed');
  await expect(view.getByRole('heading', { name: 'Notes: Groceries' })).toBeVisible();

  // An app-visible tool that claims nothing runs without a dialog; a destructive one waits for the person and is refused when denied.
  await view.getByRole('button', { name: 'Count notes' }).click();
  await expect(view.locator('#answer')).toHaveText('3 notes');
  await view.getByRole('button', { name: 'Wipe notes' }).click();
  const dialog = app.page.getByTestId('approval-from-app');
  await expect(dialog).toContainText('The app of “notes” asks to run this tool');
  await app.page.getByTestId('approval-deny').click();
  await expect(view.locator('#answer')).toContainText('You did not allow the app of “notes” to run “wipe_notes”');
  await view.getByRole('button', { name: 'Count notes' }).click();
  await expect(view.locator('#answer')).toHaveText('3 notes');
});

test('a hostile MCP App gets nowhere: no parent page, no top or proxy navigation, no form, popup or network, no model-only tool (issue 32)', async ({ app }) => {
  // The canary: a local server the app tries to reach every way it can; it must see nothing.
  const hits: string[] = [];
  const canary = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.end('canary');
  });
  canary.on('upgrade', (req, socket) => {
    hits.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
  const canaryUrl = `http://127.0.0.1:${(canary.address() as AddressInfo).port}`;
  const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-hostile-'));
  const report = path.join(reportDir, 'report.jsonl');
  try {
    const detail = new ServerDetailPage(app.page);
    await app.addServer({
      name: 'hostile',
      type: 'stdio',
      isActive: true,
      config: { command: process.execPath, args: [FIXTURE_SERVERS.apps], env: { APP_FIXTURE_CANARY: canaryUrl, APP_FIXTURE_REPORT: report } },
    });
    const popups: string[] = [];
    app.page.context().on('page', (popup) => popups.push(popup.url()));
    const pageUrl = app.page.url();
    await detail.open('hostile');
    await expect(detail.tool('hostile_view')).toBeVisible({ timeout: 30_000 });
    await detail.tool('hostile_view').getByTestId('tool-try').click();
    const playground = detail.root.getByTestId('playground');
    await playground.getByTestId('playground-run').click();
    await expect(playground.getByRole('region', { name: 'App from hostile' })).toBeVisible({ timeout: 30_000 });

    // The app reports through its app-only tool once it has tried everything.
    await expect.poll(() => fs.existsSync(report) && fs.readFileSync(report, 'utf8').trim() !== '', { timeout: 20_000 }).toBe(true);
    const findings = JSON.parse(fs.readFileSync(report, 'utf8').trim().split('\n')[0]!) as Record<string, string>;
    expect(findings.parentDocument).toMatch(/^blocked: SecurityError/);
    expect(findings.topDocument).toMatch(/^blocked: SecurityError/);
    expect(findings.storage).toMatch(/^blocked: SecurityError/);
    expect(findings.cookie).toMatch(/^blocked: SecurityError/);
    expect(findings.popup).toBe('null window');
    expect(findings.modelOnly).toMatch(/^refused: .*may not call “model_only”/);
    expect(findings.fetchResult).toMatch(/^blocked/);
    // Everything else it tried left the page where it was, and reached nobody.
    expect(app.page.url()).toBe(pageUrl);
    await expect(playground.getByTestId('mcp-app-frame')).toHaveAttribute('src', /^http:\/\/localhost:\d+\/app-sandbox\?/);
    expect(popups).toEqual([]);
    expect(hits).toEqual([]);
  } finally {
    await new Promise<void>((resolve) => canary.close(() => resolve()));
    fs.rmSync(reportDir, { recursive: true, force: true });
  }
});

test('an app answers ui/resource-teardown before its frame goes when the playground calls another tool (issue 32)', async ({ app }) => {
  const detail = new ServerDetailPage(app.page);
  const id = await app.addServer({ name: 'probe', type: 'stdio', isActive: true, config: { command: process.execPath, args: [FIXTURE_SERVERS.apps] } });
  await detail.open('probe');
  await expect(detail.tool('probe_view')).toBeVisible({ timeout: 30_000 });
  await detail.tool('probe_view').getByTestId('tool-try').click();
  const playground = detail.root.getByTestId('playground');
  await playground.getByTestId('playground-run').click();
  const region = playground.getByRole('region', { name: 'App from probe' });
  await expect(region).toBeVisible({ timeout: 30_000 });
  await expect(appFrame(app.page).locator('#result')).toHaveText('probe: hello', { timeout: 15_000 });
  await expect(appFrame(app.page).locator('#input')).toHaveText('{"note":"hello","waitMs":0}');
  await shootThemes(app.page, 'playground-app', { small: true });

  // Another tool's result replaces the app: it is told first, and its frame stays until it answered (300 ms later).
  await pickTool(app.page, playground, 'model_only');
  await playground.getByTestId('playground-run').click();
  await expect(playground.getByTestId('playground-result').getByTestId('tool-call-display')).toContainText('model-only tool ran', { timeout: 30_000 });
  await expect(region).toHaveCount(0);
  const log = async () => ((await app.invoke('mcp.server_log', { id, limit: 500 })) as { ok: true; data: { lines: { line: string }[] } }).data.lines.map((l) => l.line).join('\n');
  await expect.poll(log, { timeout: 10_000 }).toContain('probe: teardown answered after 300 ms');
  expect(await log()).toContain('probe: teardown received');
});
