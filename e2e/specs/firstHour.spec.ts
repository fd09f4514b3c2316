/**
 * The first hour, as issue 28's "Done when" puts it: from an empty configuration a new user
 * saves a provider key, installs a preset that needs that key, and a chat message makes the
 * model call the preset's tool, whose result shows. Driven only by roles, labels and visible
 * text (other screens change their layout and test ids; their names are the contract).
 *
 * Offline: the model is the stand-in on loopback (fixtures/providers/fakeLlm, speaking OpenAI's
 * Responses API, with the key required), and the preset is the preset-shaped fixture server the
 * host is given through its test hook (ELFTIA_TEST_PRESETS, as presets.spec does), which reports
 * the key it was started with.
 */
import { startFakeLlm, type FakeLlm } from '../fixtures/providers/fakeLlm';
import { expect, test } from '../fixtures/app';
import { useFixtureEnvPreset } from '../fixtures/fixturePresets';
import { settingsSection } from '../pages/SettingsPage';

const KEY = 'sk-e2e-first-hour-5521';
useFixtureEnvPreset('first-hour');

let fake: FakeLlm;
test.beforeEach(async () => {
  fake = await startFakeLlm();
  fake.requireKey(KEY);
});
test.afterEach(async () => {
  await fake.close();
});


test('from an empty config: a key, a preset that needs it, and a chat whose model calls the preset’s tool', async ({ app, appMode }) => {
  test.skip(appMode === 'electron', 'The fixture-preset hook is a browser-mode host option');
  // A whole journey over three screens with a real server; a bound only limits how long a failure takes.
  test.setTimeout(180_000);
  const { page } = app;

  // 1. The key, on Provider keys (the model's address too: the stand-in answers on loopback).
  await settingsSection(page, 'Provider keys').click();
  await page.getByRole('button', { name: 'Set key: OpenAI', exact: true }).click();
  const keyDialog = page.getByRole('dialog', { name: 'OpenAI', exact: true });
  await keyDialog.getByLabel('API key').fill(KEY);
  await keyDialog.getByLabel('Base URL').fill(fake.baseUrl('openai-responses'));
  await keyDialog.getByRole('button', { name: 'Save' }).click();
  await expect(keyDialog).toBeHidden();
  await expect(page.getByText('Key saved')).toBeVisible();

  // 2. The preset, which asks for that key and is offered the saved one.
  await settingsSection(page, 'Presets').click();
  await page.getByRole('button', { name: 'Install Fixture Env' }).click();
  const install = page.getByRole('dialog').filter({ hasText: 'Fixture Env' });
  await expect(install.getByRole('radio', { name: 'Use my saved OpenAI key' })).toBeChecked();
  await install.getByRole('button', { name: 'Install' }).click();
  await expect(install.getByText('Fixture Env is installed and connected.')).toBeVisible({ timeout: 90_000 });
  await install.getByRole('button', { name: 'Done' }).click();

  // 3. The chat: the provider with the key is chosen by itself; the model is typed and picked.
  await settingsSection(page, 'Try with a model').click();
  const model = page.getByRole('combobox', { name: 'Model' });
  await model.click();
  await model.fill('fake-large');
  await model.press('Enter');
  fake.script([{ calls: [{ tool: 'env', arguments: {} }] }, { text: 'The server has your key.' }]);
  const input = page.getByRole('textbox', { name: 'Message to the model' });
  await input.fill('Is my key reaching the server?');
  await input.press('Enter');

  // The preset's server is not trusted, so the call asks first.
  const approval = page.getByRole('dialog', { name: 'Allow this tool call?' });
  await expect(approval).toBeVisible({ timeout: 30_000 });
  await approval.getByRole('button', { name: 'Allow once' }).click();

  const conversation = page.getByRole('log', { name: 'Conversation' });
  const call = conversation.getByRole('region', { name: 'env' }).first();
  await expect(call.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  // The tool's result: the environment the preset started its server with, the saved key in it.
  await expect(call).toContainText('FIXTURE_KEY');
  await expect(conversation).toContainText('The server has your key.', { timeout: 30_000 });
  // The model got the result, through the key the person saved.
  const [, second] = fake.generations();
  expect(JSON.stringify(second!.body)).toContain('FIXTURE_KEY');
  expect(second!.headers.authorization).toBe(`Bearer ${KEY}`);
});
