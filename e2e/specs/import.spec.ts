import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { expect, test } from '../fixtures/app';
import { ImportDialog } from '../pages/ImportDialog';
import { SettingsPage } from '../pages/SettingsPage';

test('paste a Claude Desktop config with four servers, two broken: two are added and connect, each broken one is named with the field it lacks', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const dialog = new ImportDialog(app.page);
  const stdio = { command: process.execPath, args: [FIXTURE_SERVERS.stdio] };
  const config = JSON.stringify({ mcpServers: { alpha: stdio, beta: { ...stdio, env: { FIXTURE_TOKEN: 'sk-e2e-secret-1234' } }, broken: { type: 'sse' }, 'no-command': { args: [FIXTURE_SERVERS.stdio] } } }, null, 2);

  await dialog.pasteAndPreview(config);
  // The preview shows every entry and adds nothing yet.
  await expect(dialog.previewRow('alpha')).toContainText('New');
  await expect(dialog.previewRow('beta')).toContainText('Env: FIXTURE_TOKEN');
  await expect(dialog.previewRow('broken')).toContainText('Cannot import');
  await expect(dialog.previewRow('broken')).toContainText('url is missing');
  // Arguments and no URL: a program whose command is missing, not a URL server.
  await expect(dialog.previewRow('no-command')).toContainText('command is missing');
  await expect(dialog.previewRow('no-command')).not.toContainText('url');
  expect(await app.invoke('mcp.list', {})).toMatchObject({ ok: true, data: [] });

  await expect(dialog.submit).toHaveText('Import 2 servers');
  await dialog.submit.click();
  await expect(dialog.result.getByRole('status')).toHaveText('Imported 2 of 4', { timeout: 30_000 });
  await expect(dialog.resultRow('alpha')).toContainText('Added');
  await expect(dialog.resultRow('beta')).toContainText('Added');
  await expect(dialog.resultRow('broken')).toContainText('Not imported: url is missing');
  await expect(dialog.resultRow('no-command')).toContainText('Not imported: command is missing');
  await app.page.getByRole('button', { name: 'Done' }).click();

  // The two real fixture servers connect; the broken one is not in the list.
  for (const name of ['alpha', 'beta']) {
    await expect(settings.serverRow(name).getByTestId('server-state')).toHaveAttribute('data-state', 'connected', { timeout: 30_000 });
  }
  await expect(settings.serverRow('broken')).toHaveCount(0);
});

test('bad JSON is named by line and column; a duplicate can be renamed', async ({ app }) => {
  const dialog = new ImportDialog(app.page);
  await app.invoke('mcp.add', { name: 'alpha', type: 'stdio', config: { command: 'x' }, isActive: false });

  await dialog.pasteAndPreview('{\n  "alpha": { "command": "y" }\n  "beta": { "command": "z" }\n}');
  await expect(app.page.getByTestId('import-syntax-error')).toContainText('Line 3, column 3');

  await dialog.json.fill('{\n  "alpha": { "command": "y", "disabled": true }\n}');
  await dialog.previewButton.click();
  await expect(dialog.previewRow('alpha')).toContainText('A server named “alpha” exists already.');
  await expect(dialog.submit).toHaveText('Nothing to import');
  await dialog.previewRow('alpha').getByText('Rename').click();
  await expect(dialog.previewRow('alpha').getByRole('textbox')).toHaveValue('alpha-2');
  await dialog.submit.click();
  await expect(dialog.resultRow('alpha')).toContainText('Added as “alpha-2”');
  const listed = await app.invoke('mcp.list', {});
  expect(listed.ok && (listed.data as { name: string }[]).map((s) => s.name)).toEqual(['alpha', 'alpha-2']);
});
