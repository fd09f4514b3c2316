/**
 * A server's question (elicitation) against the real host and the real stdio fixture server,
 * whose `elicit` tool returns the answer it received: the app-wide dialog appears over the
 * Tools tab, the person fills and accepts it, and the tool's result shows the server got exactly
 * that. Then the server detail shows the local-scope server's roots (its project folder).
 */
import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { expect, test } from '../fixtures/app';
import { ServerDetailPage } from '../pages/ServerDetailPage';
import { SettingsPage } from '../pages/SettingsPage';

test.describe.configure({ timeout: 180_000 });

const FORM = {
  type: 'object',
  properties: {
    name: { type: 'string', title: 'Your name' },
    size: { type: 'string', title: 'T-shirt size', enum: ['S', 'M', 'L'], default: 'M' },
    seats: { type: 'integer', title: 'Seats', minimum: 1, maximum: 4, default: 2 },
  },
  required: ['name', 'size'],
};

test('a tool asks the person → the dialog → the server receives the answer; roots shown in the detail', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  // The event stream is open once the first list is in.
  await expect(settings.emptyState).toBeVisible();
  const serverId = await app.addServer({
    name: 'asker',
    type: 'stdio',
    isActive: true,
    scope: 'local',
    projectPath: app.configDir,
    config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] },
  });
  
  // Not awaited: the call waits for the person's answer.
  const call = app.invoke('mcp.call_tool', { serverId, toolName: 'elicit', args: { message: 'Who is coming?', requestedSchema: FORM } });

  const dialog = app.page.getByRole('dialog', { name: 'asker asks you' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByTestId('elicitation-message')).toHaveText('Who is coming?');
  await expect(dialog.getByText('While running the tool elicit')).toBeVisible();
  // Defaults filled; focus on the first field, so the person can type at once.
  await expect(dialog.getByRole('radio', { name: 'M' })).toBeChecked();
  await expect(dialog.getByLabel('Seats')).toHaveValue('2');
  await expect(dialog.getByLabel('Your name')).toBeFocused();

  // Accepting without the required name is refused on the field, nothing sent.
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog.getByText('Your name is required')).toBeVisible();

  await app.page.keyboard.type('Ada Lovelace');
  await dialog.getByRole('radio', { name: 'L' }).check();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();

  const result = (await call) as { ok: boolean; data?: { content: { type: string; text: string }[] } };
  expect(result.ok).toBe(true);
  expect(result.data?.content[0]?.text).toBe('accept {"name":"Ada Lovelace","size":"L","seats":2}');

  // Declined from the keyboard: Esc is "cancel", never a silent accept.
  const second = app.invoke('mcp.call_tool', { serverId, toolName: 'elicit', args: {} });
  await expect(app.page.getByRole('dialog', { name: 'asker asks you' })).toBeVisible({ timeout: 30_000 });
  await app.page.keyboard.press('Escape');
  expect(((await second) as { data?: { content: { text: string }[] } }).data?.content[0]?.text).toBe('cancel');

  const detail = new ServerDetailPage(app.page);
  await detail.open('asker');
  await expect(detail.root.getByTestId('detail-roots')).toContainText(app.configDir);
});
