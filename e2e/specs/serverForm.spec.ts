/**
 * Adding servers with the form, against the real host and real fixture servers: a stdio server
 * from a typed command line (after a URL typed there is switched and undone) or a pasted one, and SSE, Streamable HTTP and WebSocket servers that refuse a
 * request without their bearer token, so "connected" proves the header the form saved was sent.
 */
import { FIXTURE_SERVERS, startHttpFixture, type HttpFixtureKind, type RunningServer } from '../fixtures/servers/paths';
import { expect, test } from '../fixtures/app';
import { ServerFormPage } from '../pages/ServerFormPage';
import { SettingsPage } from '../pages/SettingsPage';

const TOKEN = 'e2e-form-token-31337';
/** The machine is shared; connects and first paints can take a while. */
const SLOW = { timeout: 30_000 };
test.describe.configure({ timeout: 240_000 });

test('first run: add a stdio server with the form, it connects and its tools are there', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const form = new ServerFormPage(app.page);
  await expect(settings.emptyState).toBeVisible(SLOW);

  await form.openAdd();
  await form.field('Name').fill('fixture');
  // A URL typed where the command goes: the offer to switch is the next Tab stop, and Enter takes it.
  await form.field('Command').fill('http://127.0.0.1:9/mcp');
  await form.field('Command').press('Tab');
  await expect(form.form.getByRole('button', { name: 'Switch to Streamable HTTP' })).toBeFocused();
  await app.page.keyboard.press('Enter');
  await expect(form.field('URL')).toHaveValue('http://127.0.0.1:9/mcp');
  await expect(form.field('URL')).toBeFocused();
  await expect(form.form.getByRole('status')).toContainText('Switched to Streamable HTTP: the URL is now in the URL field.');
  await form.form.getByRole('status').getByRole('button', { name: 'Undo' }).click();
  await expect(form.field('Command')).toHaveValue('http://127.0.0.1:9/mcp');

  // A whole command line typed (not pasted) is split when the field is left, and it says so.
  await form.field('Command').fill(`${process.execPath} ${FIXTURE_SERVERS.stdio}`);
  await form.field('Command').press('Tab');
  await expect(form.field('Command')).toHaveValue(process.execPath);
  await expect(form.form.getByLabel('Argument 1', { exact: true })).toHaveValue(FIXTURE_SERVERS.stdio);
  await expect(form.form.getByRole('status')).toContainText(`Split into the command “${process.execPath}” and 1 argument.`);

  await form.test();
  await expect(app.page.getByTestId('test-stage')).toHaveCount(3);
  for (const stage of await app.page.getByTestId('test-stage').all()) await expect(stage).toHaveAttribute('data-state', 'passed');
  await expect(app.page.getByTestId('test-passed')).toContainText('Connected to elftia-fixture');
  await expect(app.page.getByTestId('test-passed')).toContainText('echo');

  await form.save();
  await expect(app.page.getByText(/“fixture” was added with \d+ tools/)).toBeVisible();
  const row = settings.serverRow('fixture');
  await expect(row).toBeVisible();
  await expect(row.getByTestId('server-state')).toHaveAttribute('data-state', 'connected', SLOW);

  const list = (await app.invoke('mcp.list', undefined as never)) as { ok: true; data: { id: string; name: string }[] };
  const id = list.data.find((s) => s.name === 'fixture')!.id;
  const tools = (await app.invoke('mcp.list_tools', { id })) as { ok: true; data: { name: string }[] };
  expect(tools.data.map((t) => t.name)).toContain('echo');
});

test('a failed test says which stage stopped it and shows the server’s stderr', async ({ app }) => {
  const form = new ServerFormPage(app.page);
  await form.openAdd();
  await form.field('Name').fill('needs-a-key');
  await form.pasteCommandLine(`${process.execPath} ${FIXTURE_SERVERS.exitAtStart}`);
  await form.test();
  await expect(app.page.getByTestId('test-failed')).toHaveAttribute('data-failed-stage', 'initialize');
  await expect(app.page.locator('[data-testid=test-stage][data-stage=connect]')).toHaveAttribute('data-state', 'passed');
  await expect(app.page.getByTestId('test-stderr')).toContainText('FIXTURE_API_KEY is not set');

  await form.save();
  await expect(app.page.getByText('Save a server that failed its test?')).toBeVisible();
  // The question's focus is on a way forward, not on its ×.
  await expect(app.page.getByRole('button', { name: 'Test first' })).toBeFocused();
  await app.page.keyboard.press('Escape');

  // Cancel keeps what was typed: the form opens again where it was left, and can start over.
  await app.page.getByTestId('server-form-drawer').getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(app.page.getByText('Your changes are kept')).toBeVisible();
  await form.openAdd();
  await expect(form.field('Name')).toHaveValue('needs-a-key');
  await app.page.getByRole('button', { name: 'Start over' }).click();
  await expect(form.field('Name')).toHaveValue('');
});

test.describe('remote servers that check a bearer token', () => {
  const remotes = new Map<HttpFixtureKind, RunningServer>();
  test.beforeAll(async () => {
    for (const kind of ['sse', 'http', 'ws'] as const) remotes.set(kind, await startHttpFixture(kind, { FIXTURE_REQUIRE_TOKEN: TOKEN }));
  });
  test.afterAll(async () => {
    await Promise.all([...remotes.values()].map((r) => r.stop()));
  });

  test('add SSE, Streamable HTTP and WebSocket servers by URL with the header: all connect', async ({ app }) => {
    const settings = new SettingsPage(app.page);
    const form = new ServerFormPage(app.page);
    const cases = [
      { name: 'remote-sse', transport: 'SSE', kind: 'sse' },
      { name: 'remote-http', transport: 'Streamable HTTP', kind: 'http' },
      { name: 'remote-ws', transport: 'WebSocket', kind: 'ws' },
    ] as const;

    for (const { name, transport, kind } of cases) {
      await form.openAdd();
      await form.field('Name').fill(name);
      await form.chooseTransport(transport);
      await form.field('URL').fill(remotes.get(kind)!.url.href);
      // Without the token the server refuses: the test stops before the handshake.
      await form.test();
      await expect(app.page.getByTestId('test-failed')).toHaveAttribute('data-failed-stage', 'connect');

      await form.addHeader('Authorization', `Bearer ${TOKEN}`);
      await form.test();
      await expect(app.page.getByTestId('test-passed')).toBeVisible();
      await form.save();
      await expect(app.page.getByText(`“${name}” was added with`, { exact: false })).toBeVisible(SLOW);
      await expect(settings.serverRow(name).getByTestId('server-state')).toHaveAttribute('data-state', 'connected', SLOW);
    }
    // The header was saved (masked in the list), and the real value is what the servers accepted.
    await expect(settings.serverRow('remote-http')).toContainText('Authorization: ***');
  });
});
