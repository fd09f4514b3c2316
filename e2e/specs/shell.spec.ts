import { expect, test } from '../fixtures/app';
import { SettingsPage } from '../pages/SettingsPage';

// The other journeys run with animations off (playwright.config.ts); these run as most people
// have it, with motion, and the last one turns it off as the OS would.
test.use({ reducedMotion: 'no-preference' });

test('the Settings window opens on the Servers section and lists servers added through the API', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  await expect(settings.root).toBeVisible();
  await expect(settings.tab('Servers')).toBeVisible();
  await expect(settings.emptyState).toBeVisible();

  await app.addServer({ name: 'files', type: 'stdio', config: { command: 'npx', args: ['-y', 'server-files'] }, isActive: false });
  const remote = await app.addServer({ name: 'remote', type: 'http', config: { url: 'http://127.0.0.1:9/mcp' } });

  await expect(settings.serverRow('files')).toBeVisible();
  await expect(settings.serverRow('remote')).toBeVisible();
  await expect(settings.serverRow('files')).toContainText('npx');
  await expect(settings.serverRow('remote')).toContainText('http://127.0.0.1:9/mcp');
  // Nothing listens on port 9: the active server's state turns to error, live.
  await expect(settings.serverRow('remote').getByTestId('server-state')).toHaveAttribute('data-state', 'error');
  await expect(settings.serverRow('files').getByTestId('server-state')).toHaveAttribute('data-state', 'inactive');
  // Live events arrive over the event stream, not from a reload, and read as sentences, not event codes.
  await settings.tab('Activity').click();
  await expect(settings.eventEntries.filter({ hasText: 'A server was added' }).first()).toBeVisible();
  await expect(settings.page.getByTestId('event-log')).not.toContainText('mcp.servers_changed');

  // Activity lists the calls: a person's call that failed reads as words, and its row opens what came back.
  await app.invoke('mcp.call_tool', { serverId: remote, toolName: 'search', args: { q: 'x' } });
  const calls = settings.page.getByTestId('call-table');
  const row = calls.getByRole('row').filter({ hasText: 'search' });
  await expect(row).toContainText('You (playground)');
  await expect(row).toContainText('Failed');
  await expect(settings.page.getByRole('img', { name: 'Latency of the latest calls to remote; failed calls in red' })).toBeVisible();
  await row.getByRole('button', { name: 'Full result of search on remote' }).click();
  await expect(settings.page.getByRole('dialog')).toContainText('search on remote');
});

test('switching to 中文 and 日本語 changes the visible labels', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  await expect(settings.tab('Servers')).toBeVisible();

  await settings.chooseLanguage('中文');
  await expect(settings.tab('服务器')).toBeVisible();
  await expect(app.page.locator('html')).toHaveAttribute('lang', /^zh/);

  await settings.chooseLanguage('日本語');
  await expect(settings.tab('サーバー')).toBeVisible();
  await expect(app.page.locator('html')).toHaveAttribute('lang', 'ja');

  await settings.chooseLanguage('English');
  await expect(settings.tab('Servers')).toBeVisible();
});

/**
 * A solid primary button as painted: antd's prebuilt styles (styles.css imports them) draw it
 * from the theme's CSS variables, the global colour and the Button's own tokens (appTheme.ts).
 */
const PRIMARY_BUTTON = {
  light: { background: 'rgb(9, 88, 217)', color: 'rgb(255, 255, 255)' },
  // The dark algorithm's solid blue, with dark words: the Button's component token, not antd's white.
  dark: { background: 'rgb(80, 139, 220)', color: 'rgba(0, 0, 0, 0.88)' },
};

test('dark mode toggles and changes what is painted, antd\'s prebuilt styles with it', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const addServer = app.page.getByTestId('add-server');
  const before = (await settings.appRoot.getAttribute('data-theme')) === 'dark' ? 'dark' : 'light';
  const paint = () => settings.root.evaluate((el) => getComputedStyle(document.body).backgroundColor + getComputedStyle(el).color);
  const button = () => addServer.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color }));
  const paintBefore = await paint();
  expect(await button()).toEqual(PRIMARY_BUTTON[before]);

  await settings.themeToggle.click();
  const after = before === 'dark' ? 'light' : 'dark';
  await expect(settings.appRoot).toHaveAttribute('data-theme', after);
  expect(await paint()).not.toBe(paintBefore);
  await expect.poll(button).toEqual(PRIMARY_BUTTON[after]);

  await settings.themeToggle.click();
  await expect(settings.appRoot).toHaveAttribute('data-theme', before);
  await expect.poll(button).toEqual(PRIMARY_BUTTON[before]);
});

test('follows the OS setting for motion: a drawer slides in, and opens at once when animations are turned off', async ({ app }) => {
  const { page } = app;
  const addServer = page.getByRole('button', { name: 'Add server', exact: true });
  const form = page.getByRole('dialog', { name: 'Add MCP server' });
  // antd's durations, which its motions and styles.css's transitions all take.
  const motionDuration = () => addServer.evaluate((button) => getComputedStyle(button).getPropertyValue('--ant-motion-duration-mid').trim());
  // Each animation or transition in the page, as "what: name", whatever it animates.
  const animations = () =>
    page.evaluate(() => document.getAnimations().map((a) => `${a.constructor.name}: ${(a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty}`));

  expect(await motionDuration()).toBe('0.2s');
  await addServer.click();
  await expect(form).toBeVisible();
  await expect.poll(animations).not.toEqual([]);
  await form.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(form).toBeHidden();

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect.poll(motionDuration).toBe('0s');
  await addServer.click();
  await expect(form).toBeVisible();
  expect(await animations()).toEqual([]);
  await form.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(form).toBeHidden();
  expect(await animations()).toEqual([]);
});

// The corrupt-configuration journey lives in faults-config.spec.ts.
