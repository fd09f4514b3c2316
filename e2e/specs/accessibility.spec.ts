/**
 * axe on every screen a person reaches, in light and dark: no serious or critical problem
 * (contrast, names, roles). One host, one page, the screens visited in turn, so the whole tour
 * costs one start-up; each screen is audited as it is, with real content (a connected server,
 * a playground result, a chat with a tool call), since contrast failures hide in that content.
 */
import axe from 'axe-core';
import type { Page } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../fixtures/providers/fakeLlm';
import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { expect, test } from '../fixtures/app';
import { useFixtureEnvPreset } from '../fixtures/fixturePresets';
import { ServerDetailPage } from '../pages/ServerDetailPage';
import { SettingsPage, settingsSection, type SettingsSection } from '../pages/SettingsPage';

useFixtureEnvPreset('a11y');

let fake: FakeLlm;
test.beforeEach(async () => {
  fake = await startFakeLlm();
});
test.afterEach(async () => {
  await fake.close();
});

/**
 * The one place this spec knows how the window is navigated: to a top-level place by its
 * accessible name. When the navigation changes shape, this is the line to change.
 */
async function goTo(page: Page, place: SettingsSection): Promise<void> {
  await settingsSection(page, place).click();
}

/**
 * Waits until every finite animation has ended (with motion, a theme switch fades colours and a
 * drawer slides in; the tour runs with reduced motion, where they end at once), so axe reads the
 * final colours; endless ones (a spinner) never end and are not waited for.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}

let scheme: 'light' | 'dark' = 'light';

/**
 * axe's rules that read colours (its `cat.color` rules that are on by default; the AAA
 * `color-contrast-enhanced` is off). A theme changes colours and nothing else: appTheme.ts picks
 * antd's algorithm and tokens, App.tsx sets `color-scheme`, and the switch in AppearanceControls
 * is checked or not. So every other rule (names, roles, structure, focus) finds the same in both
 * themes, and runs once per screen; these run in both.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe in every frame of the page, once per document: the tour never reloads the page, so axe is
 * loaded once, not before every audit (axe's Playwright wrapper evaluated its 550 kB source twice
 * per audit: two thirds of the audits' time). A frame that cannot run scripts is skipped, as the
 * wrapper skipped it; axe.run then audits what it reaches.
 */
async function loadAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(() => 'axe' in window).catch(() => true);
    if (!loaded) await frame.evaluate(axe.source).catch(() => undefined);
  }
}

/**
 * Runs axe on what is on screen in both themes (the theme follows the emulated system scheme,
 * and the tour starts each screen in the theme the last one ended in): every rule in the first,
 * the colour rules in the second. Returns one line per serious or critical finding, so a failure
 * lists all of them at once. `within` limits the audit to what this screen added (a drawer, a
 * dialog, a section): the rest was audited already.
 */
async function audit(page: Page, screen: string, within?: string): Promise<string[]> {
  const found: string[] = [];
  const themes = scheme === 'light' ? (['light', 'dark'] as const) : (['dark', 'light'] as const);
  for (const next of themes) {
    scheme = next;
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', scheme);
    await settle(page);
    await loadAxe(page);
    // axe.run in the page itself. The default of axe's Playwright wrapper (a partial run per frame,
    // merged in a new blank page with axe loaded again) is for cross-origin frames, which the app
    // has none of; on every screen of this tour it found the same and took twice as long. Only
    // the violations come back with their elements: the passes are never read.
    const run: axe.RunOptions = { resultTypes: ['violations'], ...(next !== themes[0] && { runOnly: { type: 'rule', values: COLOUR_RULES } }) };
    const violations = await page.evaluate(
      async ({ context, options }) => (await (window as unknown as { axe: typeof axe }).axe.run(context ?? document, options)).violations,
      { context: within ?? null, options: run },
    );
    for (const violation of violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      for (const node of violation.nodes) {
        const why = node.any[0]?.message ?? node.failureSummary ?? '';
        found.push(`${screen} (${scheme}) ${violation.id}: ${node.target.join(' ')} — ${why}`);
      }
    }
  }
  return found;
}

test('axe finds no serious or critical problem on any screen, light or dark', async ({ app, appMode }) => {
  test.skip(appMode === 'electron', 'The fixture-preset hook is a browser-mode host option');
  // Twenty axe runs on a shared machine: generous, never tight.
  test.setTimeout(300_000);
  const { page } = app;
  const settings = new SettingsPage(page);
  const detail = new ServerDetailPage(page);
  const problems: string[] = [];

  expect((await app.invoke('providers.set', { id: 'openai-compatible', baseUrl: fake.baseUrl('openai') })).ok).toBe(true);
  await app.addServer({ name: 'fixture', type: 'stdio', isActive: true, config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } });
  await expect(settings.stateOf('fixture')).toHaveText('Connected', { timeout: 60_000 });
  problems.push(...(await audit(page, 'Servers')));

  await page.getByRole('button', { name: 'Add server', exact: true }).click();
  const form = page.getByRole('dialog', { name: 'Add MCP server' });
  await expect(form.getByRole('textbox', { name: 'Name' })).toBeVisible();
  problems.push(...(await audit(page, 'Server form', '[data-testid="server-form-drawer"]')));
  await form.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(form).toBeHidden();

  await detail.open('fixture');
  await expect(detail.tool('echo')).toBeVisible({ timeout: 30_000 });
  problems.push(...(await audit(page, 'Server detail', '[data-testid="server-detail"]')));
  // Its icon is decoration: the button is "Test", not "experiment Test".
  await expect(detail.root.getByRole('button', { name: 'Test', exact: true })).toBeVisible();
  await detail.tryTool('echo');
  await detail.argument('text').fill('hello');
  await detail.runButton.click();
  await detail.expectCall('ok');
  problems.push(...(await audit(page, 'Playground with a result', '[data-testid="playground"]')));
  await detail.close();

  await goTo(page, 'Presets');
  await page.getByRole('button', { name: 'Install Fixture Env' }).click();
  const install = page.getByRole('dialog', { name: 'Install Fixture Env' });
  await expect(install.getByRole('button', { name: 'Install', exact: true })).toBeVisible();
  problems.push(...(await audit(page, 'Preset install dialog', '.ant-modal')));
  await install.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(install).toBeHidden();
  problems.push(...(await audit(page, 'Presets', '[data-testid="preset-gallery"]')));

  await goTo(page, 'Provider keys');
  await expect(page.locator('[data-testid="provider-row"]').first()).toBeVisible();
  problems.push(...(await audit(page, 'Provider keys', '[data-testid="provider-keys"]')));

  fake.script([{ text: 'Let me check.', calls: [{ tool: 'echo', arguments: { text: 'from the model' } }] }, { text: 'The server echoed it.' }]);
  await goTo(page, 'Try with a model');
  for (const [select, option] of [['chat-provider', 'OpenAI-compatible'], ['chat-model-select', 'fake-large']] as const) {
    await page.getByTestId(select).click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
  }
  await page.getByTestId('chat-input').fill('Please echo something');
  await page.getByTestId('chat-input').press('Enter');
  const approval = page.getByRole('dialog', { name: 'Allow this tool call?' });
  await expect(approval).toBeVisible({ timeout: 30_000 });
  problems.push(...(await audit(page, 'Tool approval', '.ant-modal')));
  await approval.getByTestId('approval-allow-once').click();
  await expect(page.getByTestId('chat-assistant').last()).toContainText('The server echoed it.', { timeout: 30_000 });
  problems.push(...(await audit(page, 'Chat', '[data-testid="chat-view"]')));

  await goTo(page, 'Activity');
  await expect(settings.eventEntries.first()).toBeVisible();
  problems.push(...(await audit(page, 'Activity', 'main')));

  expect(problems).toEqual([]);
});
