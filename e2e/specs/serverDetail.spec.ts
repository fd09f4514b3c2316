/**
 * The server detail against the real host and the real stdio fixture server: its tools with the
 * server's annotations, a tool disabled from the detail gone from what models are offered and
 * back when enabled, and the server's stderr in the logs, live.
 *
 * Provider conversions: the host routes none (the app converts inside CompletionService, which
 * no route reaches), so "offered to a model" is asserted through mcp.list_all_tools, the listing
 * every conversion starts from; McpRouter.detail.process.test.ts checks each conversion format.
 */
import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { expect, test } from '../fixtures/app';
import { ServerDetailPage } from '../pages/ServerDetailPage';
import { SettingsPage } from '../pages/SettingsPage';

// Real processes on a shared machine: generous, never tight.
test.describe.configure({ timeout: 180_000 });

test('disable a tool in the detail → gone from what models are offered; enable → back; logs show stderr live', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const detail = new ServerDetailPage(app.page);
  // The first list is in (and the event stream open) before the server is added.
  await expect(settings.emptyState).toBeVisible();
  const serverId = await app.addServer({
    name: 'fixture',
    type: 'stdio',
    isActive: true,
    config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] },
  });
    const offered = async () => {
    const result = await app.invoke('mcp.list_all_tools', {});
    if (!result.ok) throw new Error(result.error.message);
    return (result.data as { name: string }[]).map((t) => t.name);
  };

  await expect(settings.serverRow('fixture')).toBeVisible();
  await detail.open('fixture');
  await expect(detail.root.getByTestId('detail-state')).toHaveAttribute('data-state', 'connected');
  await expect(detail.root.getByTestId('detail-server-info')).toContainText('elftia-fixture');
  await expect(detail.tool('add')).toBeVisible();
  // The fixture's annotations, as the person reads them.
  await expect(detail.tool('add').getByTestId('tool-annotation')).toHaveText(['Read-only', 'Idempotent', 'Closed world']);
  await expect(detail.tool('crash').getByTestId('tool-annotation')).toContainText(['Makes changes', 'Destructive']);
  expect(await offered()).toContain('add');

  await detail.tool('add').getByRole('switch', { name: 'Add numbers enabled' }).click();
  await expect.poll(offered, { timeout: 15_000 }).not.toContain('add');
  expect(await offered()).toContain('echo');
  // Still in the detail, marked off, so it can be turned back on.
  await expect(detail.tool('add')).toHaveAttribute('data-enabled', 'false');
  await expect(detail.tool('add').getByRole('switch', { name: 'Add numbers enabled' })).toHaveAttribute('aria-checked', 'false');
  const refused = await app.invoke('mcp.call_tool', { serverId, toolName: 'add', args: { a: 1, b: 2 } });
  expect(refused).toMatchObject({ ok: false, error: { code: 'MCP_TOOL_DISABLED' } });

  await detail.tool('add').getByRole('switch', { name: 'Add numbers enabled' }).click();
  await expect.poll(offered, { timeout: 15_000 }).toContain('add');

  await app.invoke('mcp.call_tool', { serverId, toolName: 'stderr', args: { text: 'before the logs opened' } });
  await detail.openPane('Logs');
  await expect(detail.logLines.filter({ hasText: 'before the logs opened' })).toBeVisible();
  await app.invoke('mcp.call_tool', { serverId, toolName: 'stderr', args: { text: 'while the logs are open' } });
  await expect(detail.logLines.filter({ hasText: 'while the logs are open' })).toBeVisible();
  await expect(detail.logLines.filter({ hasText: 'while the logs are open' })).toHaveAttribute('data-stream', 'stderr');
});

test('prompts and resources of the fixture, with arguments and MIME type', async ({ app }) => {
  const detail = new ServerDetailPage(app.page);
  await expect(new SettingsPage(app.page).emptyState).toBeVisible();
  await app.invoke('mcp.add', { name: 'fixture', type: 'stdio', isActive: true, config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } });
  await new SettingsPage(app.page).serverRow('fixture').waitFor();
  await detail.open('fixture');
  await detail.openPane('Prompts');
  await expect(detail.root.getByTestId('prompt-row')).toContainText('greet');
  await expect(detail.root.getByTestId('prompt-argument')).toContainText('name');
  await detail.openPane('Resources');
  await expect(detail.root.getByTestId('resource-row')).toContainText('fixture://readme');
  await expect(detail.root.getByTestId('resource-mime')).toHaveText('text/plain');
});
