/**
 * One-click install of a preset with a linked provider key, through the UI, against a real
 * fixture server: the real presets download their servers with npx, so the host is given a
 * preset-shaped fixture through its test hook (ELFTIA_TEST_PRESETS, see host/testPresets.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { presetDescriptionKey } from '../../packages/desktop/app/shared/mcp-presets';
import { FIXTURE_VERSIONS, latestOf, type FixtureVersion } from '../fixtures/registry/entries';
import { startRegistryServer } from '../fixtures/registry/registryServer';
import { fixtureEnvPresetFields } from '../../packages/desktop/testing/presetFixtures.testkit';
import { expect, test } from '../fixtures/app';
import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { SettingsPage } from '../pages/SettingsPage';
import { PresetsPage } from '../pages/PresetsPage';
import { shootThemes } from '../pages/themeShots';

const KEY = 'sk-e2e-linked-key-8123';
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-e2e-presets-'));
const presetsFile = path.join(scratch, 'presets.json');
// npx is the stand-in (e2e/fixtures/servers/fake-npx.mjs, no network), called by its path; its cache is this run's own.
fs.mkdirSync(path.join(scratch, 'bin'));
fs.symlinkSync(FIXTURE_SERVERS.fakeNpx, path.join(scratch, 'bin', 'npx'));
const envPreset = fixtureEnvPresetFields(presetDescriptionKey);
/** Presets without a key: one whose program exits before it answers, one that npx downloads first. */
const keyless = (id: string, name: string, fields: Record<string, unknown>) => ({
  ...envPreset,
  id,
  name,
  description: presetDescriptionKey(id),
  requiresApiKey: false,
  apiKeyEnvVar: undefined,
  linkedProviderIds: undefined,
  ...fields,
});
fs.writeFileSync(
  presetsFile,
  JSON.stringify([
    envPreset,
    keyless('fixture-exits', 'Fixture Exits', { args: [FIXTURE_SERVERS.exitAtStart] }),
    keyless('fixture-download', 'Fixture Download', {
      command: path.join(scratch, 'bin', 'npx'),
      args: ['-y', `--cache=${path.join(scratch, 'npm-cache')}`, 'fixture-pkg@1.0.0'],
      extraEnv: { FAKE_NPX_MODE: 'download', FAKE_NPX_DELAY_MS: '4000' },
    }),
  ]),
);

test.use({ hostEnv: { ELFTIA_TEST_PRESETS: presetsFile } });
test.afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

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

test('a keyless preset says what it runs; a failed connect is explained as the list explains it; a first npx download says so and the dialog may close', async ({ app, appMode }) => {
  test.skip(appMode === 'electron', 'The fixture-preset hook is a browser-mode host option');
  test.setTimeout(120_000);
  const ui = new PresetsPage(app.page);
  const footer = ui.dialog.locator('.ant-modal-footer');
  await ui.section('Presets').click();

  // Nothing to ask: the dialog shows the command it will run instead of an empty form.
  await ui.card('fixture-exits').getByRole('button', { name: 'Install Fixture Exits' }).click();
  await expect(ui.dialog.getByTestId('preset-runs-target')).toContainText('exit-at-start.mjs');
  await expect(ui.dialog.getByText('Nothing to set up: Install adds the server and connects to it.')).toBeVisible();
  await ui.dialog.getByRole('button', { name: 'Install' }).click();
  await expect(ui.step('connect')).toHaveAttribute('data-state', 'failed', { timeout: 30_000 });
  // The list's diagnosis, not "Could not connect": how the program ended, where, and its own words.
  const failure = ui.step('connect').getByTestId('install-failure');
  await expect(failure.getByRole('alert')).toContainText('The program exited with code 3 before it answered.');
  await expect(failure).toContainText('Failed at: MCP handshake');
  await expect(failure).toContainText('FIXTURE_API_KEY is not set');
  await footer.getByRole('button', { name: 'Close' }).click();

  // A first start downloads the package: the connect step says so, and Close is there to press.
  await ui.card('fixture-download').getByRole('button', { name: 'Install Fixture Download' }).click();
  await ui.dialog.getByRole('button', { name: 'Install' }).click();
  await expect(ui.step('connect')).toContainText('npx is downloading fixture-pkg@1.0.0', { timeout: 30_000 });
  await footer.getByRole('button', { name: 'Close' }).click();
  await expect(ui.dialog).toHaveCount(0);
  await expect(app.page.getByText('Installing Fixture Download goes on; the server list shows how it ends.')).toBeVisible();

  // The install went on without the dialog: the list shows the server connected.
  await ui.section('Servers').click();
  await expect(new SettingsPage(app.page).stateOf('Fixture Download')).toHaveAttribute('data-state', 'connected', { timeout: 60_000 });
});

test.describe('MCP Registry', () => {
  const REGISTRY_KEY = 'elk-registry-journey-key-5521';
  // A real npm package (server-everything, installed beside the tests, so npx runs it offline) published with a key to ask for.
  const everything = latestOf('io.github.modelcontextprotocol/everything');
  const [pkg] = everything.server.packages as Record<string, unknown>[];
  const echoLab: FixtureVersion = {
    ...everything,
    server: {
      ...everything.server,
      name: 'io.github.example/echo-lab',
      title: 'Echo Lab',
      description: 'Echoes text back and adds numbers, for trying tools',
      packages: [{ ...pkg, environmentVariables: [{ name: 'ECHO_LAB_API_KEY', description: 'Your Echo Lab key', isRequired: true, isSecret: true }] }],
    },
  };
  // Brave's latest asks for one more input than the 2.0.3 a server is pinned to: the update asks for it.
  const BRAVE = 'io.github.brave/brave-search-mcp-server';
  const braveLatest = latestOf(BRAVE);
  const [bravePkg] = braveLatest.server.packages as Record<string, unknown>[];
  const braveWithCountry: FixtureVersion = {
    ...braveLatest,
    server: {
      ...braveLatest.server,
      packages: [{ ...bravePkg, environmentVariables: [...(bravePkg!.environmentVariables as unknown[]), { name: 'BRAVE_COUNTRY', description: 'Country of the results', isRequired: true }] }],
    },
  };
  // The stand-in registry (e2e/fixtures/registry) for this test, in place of the official one.
  test.use({
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter: none here
    hostEnv: async ({}, use) => {
      const versions = FIXTURE_VERSIONS.map((v) => (v === braveLatest ? braveWithCountry : v));
      const registry = await startRegistryServer({ versions: [...versions, echoLab] });
      await use({ ELFTIA_REGISTRY_URL: registry.url });
      await registry.close();
    },
  });

  test('find a server by what it does, install it with its key in three steps, review, it turns on and lists its tools; an older pin shows its update', async ({ app, appMode }) => {
    test.skip(appMode === 'electron', 'ELFTIA_REGISTRY_URL is a browser-mode host option here');
    test.setTimeout(120_000);
    const ui = new PresetsPage(app.page);
    await ui.section('Presets').click();
    // antd's segmented control hides its radio inputs behind their labels: the label is what a person clicks.
    await app.page.getByRole('radiogroup', { name: 'Where to find servers' }).getByText('MCP Registry', { exact: true }).click();

    // 1. Search by what it does, and open the install.
    await app.page.getByRole('textbox', { name: 'Search the registry' }).fill('adds numbers');
    const card = app.page.getByTestId('registry-entry');
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: 'Install Echo Lab' }).click();
    // 2. Its key, masked; the doctor found npx.
    await expect(ui.dialog.getByTestId('registry-runtime')).toHaveAttribute('data-found', 'true', { timeout: 30_000 });
    await ui.dialog.getByLabel('ECHO_LAB_API_KEY').fill(REGISTRY_KEY);
    await ui.dialog.getByRole('button', { name: 'Review and install' }).click();
    // 3. The review: what will run, the key only said to be set; then on.
    const review = app.page.getByTestId('activation-review-body');
    await expect(review).toContainText('“Echo Lab” comes from MCP Registry.');
    await expect(review.getByTestId('review-args')).toHaveText(`-y@modelcontextprotocol/server-everything@${everything.server.version}`);
    await expect(review.getByTestId('review-env')).toHaveText('ECHO_LAB_API_KEYSet');
    await app.page.getByRole('button', { name: 'Turn on' }).click();

    const done = app.page.getByTestId('registry-install-done');
    await expect(done.getByTestId('test-passed')).toContainText('echo', { timeout: 60_000 });
    await expect(app.page.getByText(REGISTRY_KEY)).toHaveCount(0);
    expect(fs.readFileSync(path.join(app.configDir, 'mcp-config.json'), 'utf8')).not.toContain(REGISTRY_KEY);
    await ui.dialog.getByRole('button', { name: 'Done' }).click();

    // An older version pinned (here by the CLI's route) says that a newer one is published.
    const pinned = await app.invoke('registry.install', { name: BRAVE, version: '2.0.3', inputs: { BRAVE_API_KEY: 'bsk-older-pin' } });
    expect(pinned.ok, JSON.stringify(pinned)).toBe(true);
    await ui.section('Servers').click();
    const braveRow = app.page.getByRole('listitem', { name: 'brave-search-mcp-server' });
    await expect(braveRow.getByTestId('registry-update')).toHaveText('Update available: 2.0.3 → 2.0.10');
    await expect(new SettingsPage(app.page).stateOf('Echo Lab')).toHaveAttribute('data-state', 'connected');

    // The update from the window: 2.0.10 asks for an input 2.0.3 did not; given, the review names the
    // new version's command line with it, and Update writes it.
    await braveRow.getByTestId('registry-update').click();
    const update = app.page.getByRole('dialog', { name: 'Update “brave-search-mcp-server” to 2.0.10?' });
    const ask = update.getByTestId('registry-update-input');
    await expect(ask).toContainText('2.0.10 asks for BRAVE_COUNTRY', { timeout: 30_000 });
    await expect(update.getByRole('button', { name: 'Update' })).toBeDisabled();
    // By keyboard: the field keeps the focus once the dialog has opened (the safe answer, Cancel,
    // took it before, so the Enter below cancelled the update), and Enter gives the value.
    await expect(update).not.toHaveClass(/ant-zoom-appear/);
    await expect(ask.getByLabel('BRAVE_COUNTRY')).toBeFocused();
    await app.page.keyboard.type('CH');
    await shootThemes(app.page, 'registry-update-input', { small: true });
    await app.page.keyboard.press('Enter');
    await expect(update.getByTestId('review-args')).toContainText('@brave/brave-search-mcp-server@2.0.10', { timeout: 30_000 });
    await expect(update.getByTestId('review-env')).toContainText('BRAVE_API_KEYSet');
    await expect(update.getByTestId('review-env')).toContainText('BRAVE_COUNTRY=CH');
    await expect(update.getByText('bsk-older-pin')).toHaveCount(0);
    await shootThemes(app.page, 'registry-update', { small: true });
    await update.getByRole('button', { name: 'Update' }).click();
    await expect(update).toBeHidden();
    await expect(braveRow.getByTestId('registry-update')).toHaveCount(0);
    const saved = JSON.parse(fs.readFileSync(path.join(app.configDir, 'mcp-config.json'), 'utf8')) as { mcpServers: Array<{ name: string; config: { args?: string[]; env?: Record<string, string> }; registryOrigin?: { version: string } }> };
    const brave = saved.mcpServers.find((s) => s.name === 'brave-search-mcp-server');
    expect(brave?.config.args?.join(' ')).toContain('@brave/brave-search-mcp-server@2.0.10');
    expect(brave?.registryOrigin?.version).toBe('2.0.10');
    // Env values live in the secret store; the file names the new variable, never the key.
    expect(Object.keys(brave?.config.env ?? {}).sort()).toEqual(['BRAVE_API_KEY', 'BRAVE_COUNTRY']);
    expect(JSON.stringify(saved)).not.toContain('bsk-older-pin');
  });
});
