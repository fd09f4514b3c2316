/**
 * One-click install of a preset with a linked provider key, through the UI, against a real
 * fixture server: the real presets download their servers with npx, so the host is given a
 * preset-shaped fixture through its test hook (ELFTIA_TEST_PRESETS, see host/testPresets.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { presetDescriptionKey } from '../../packages/desktop/app/shared/mcp-presets';
import { fixtureEnvPresetFields } from '../../packages/desktop/testing/presetFixtures.testkit';
import { expect, test } from '../fixtures/app';
import { PresetsPage } from '../pages/PresetsPage';

const KEY = 'sk-e2e-linked-key-8123';
const presetsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-e2e-presets-')), 'presets.json');
fs.writeFileSync(presetsFile, JSON.stringify([fixtureEnvPresetFields(presetDescriptionKey)]));

test.use({ hostEnv: { ELFTIA_TEST_PRESETS: presetsFile } });
test.afterAll(() => fs.rmSync(path.dirname(presetsFile), { recursive: true, force: true }));

test('install a preset with a saved provider key: it connects, and the key is not in the config file', async ({ app, appMode }) => {
  test.skip(appMode === 'electron', 'The fixture-preset hook is a browser-mode host option');
  // A whole journey (two screens, an install with a real server); the shared machine is slow, and a bound only limits how long a failure takes.
  test.setTimeout(180_000);
  const ui = new PresetsPage(app.page);

  // Save the provider key on the Provider keys screen.
  await ui.section('Provider keys').click();
  await ui.providerRow('openai').getByRole('button', { name: 'Set key: OpenAI' }).click();
  await ui.dialog.getByTestId('provider-key-input').fill(KEY);
  await ui.dialog.getByRole('button', { name: 'Save' }).click();
  await expect(ui.providerRow('openai').getByTestId('provider-key-state')).toHaveText('Key saved');
  await expect(app.page.getByText(KEY)).toHaveCount(0);

  // The gallery says the preset will use that key, then installs it in one click.
  await ui.section('Presets').click();
  const card = ui.card('fixture-env');
  await expect(card.getByTestId('preset-link')).toHaveText('Uses your OpenAI key');
  await card.getByRole('button', { name: 'Install Fixture Env' }).click();
  await expect(ui.dialog.getByRole('radio', { name: 'Use my saved OpenAI key' })).toBeChecked();
  await ui.dialog.getByRole('button', { name: 'Install' }).click();

  for (const step of ['key', 'dependency', 'add', 'connect', 'tools']) {
    await expect(ui.step(step)).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  }
  await expect(ui.step('key')).toContainText('Using your OpenAI key');
  await expect(ui.step('tools')).toContainText('1 tool found: env');
  await expect(ui.dialog.getByTestId('preset-install-ok')).toContainText('Fixture Env is installed and connected.');
  await expect(app.page.getByText(KEY)).toHaveCount(0);
  await ui.dialog.getByRole('button', { name: 'Done' }).click();

  // Installed: the card offers to open it, and the provider lists the server that follows its key.
  await expect(card.getByTestId('preset-installed')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Open Fixture Env' })).toBeVisible();
  await ui.section('Provider keys').click();
  await expect(ui.providerRow('openai').getByTestId('provider-linked')).toHaveText('Servers using this key: Fixture Env');

  // The key reached the server's environment …
  const servers = (await app.invoke('mcp.list', {})) as { ok: true; data: { id: string; name: string; installSource: string }[] };
  const installed = servers.data.find((s) => s.name === 'Fixture Env');
  expect(installed?.installSource).toBe('builtin');
  const called = (await app.invoke('mcp.call_tool', { serverId: installed!.id, toolName: 'env', args: {} })) as {
    ok: true;
    data: { content: { type: string; text: string }[] };
  };
  expect(JSON.parse(called.data.content[0]!.text).FIXTURE_KEY).toBe(KEY);

  // … and never the plain configuration file on disk, which holds the server.
  const config = fs.readFileSync(path.join(app.configDir, 'mcp-config.json'), 'utf8');
  expect(config).toContain('Fixture Env');
  expect(config).not.toContain(KEY);
});
