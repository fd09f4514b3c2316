/**
 * The provider preview against the real host and the real stdio fixture server with a hostile
 * schema (FIXTURE_HOSTILE_SCHEMA): the repairs each provider needs, in words, for the right
 * provider; a tool switched off in the tools pane is absent from the preview, in the detail and
 * in the all-servers drawer.
 */
import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { expect, test } from '../fixtures/app';
import { ServerDetailPage } from '../pages/ServerDetailPage';
import { SettingsPage } from '../pages/SettingsPage';

// Real processes on a shared machine: generous, never tight.
test.describe.configure({ timeout: 180_000 });

test('a hostile schema shows its repairs per provider; a disabled tool is absent from the preview', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const detail = new ServerDetailPage(app.page);
  await expect(settings.emptyState).toBeVisible();
  await app.addServer({
    name: 'fixture',
    type: 'stdio',
    isActive: true,
    config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], env: { FIXTURE_HOSTILE_SCHEMA: '1' } },
  });
  await expect(settings.serverRow('fixture')).toBeVisible();

  await detail.open('fixture');
  await detail.openPane('Provider preview');
  const preview = detail.root.getByTestId('provider-preview');
  const row = (name: string) => preview.locator(`[data-testid="preview-tool"][data-tool-name="${name}"]`);
  const hostile = row('fetch.page');
  // The name is no tool id: the mapping shows what providers see and where it goes.
  await expect(hostile.getByTestId('preview-tool-id')).toHaveText('mcp__fixture__fetch_page');
  await expect(hostile).toContainText('fixture · fetch.page');

  // OpenAI Chat: the description is shortened; `$ref` and `oneOf` are rewritten for everyone.
  await expect(hostile.locator('[data-testid="preview-warning"][data-code="DESCRIPTION_SHORTENED"]')).toContainText('Description shortened from');
  await expect(hostile.locator('[data-testid="preview-repair"][data-code="REF_INLINED"]')).toContainText('$ref #/$defs/Opts inlined');
  await expect(hostile.locator('[data-testid="preview-repair"][data-code="ADDITIONAL_PROPERTIES_DROPPED"]')).toHaveCount(0);

  await preview.getByText('OpenAI Chat (strict)').click();
  await expect(hostile.locator('[data-testid="preview-warning"][data-code="NOT_STRICT"]')).toContainText('Sent non-strict because opts is an open map');

  // Vertex AI's OpenAPI subset cannot keep the open map: a warning names the property.
  await preview.getByText('Vertex AI (Gemini OpenAPI subset)').click();
  await expect(hostile.locator('[data-testid="preview-warning"][data-code="LOSSY_SCHEMA"]')).toContainText('Lossy: opts is a map of free-form keys');

  // Gemini's JSON Schema keeps it: nothing lost.
  await preview.getByText('Gemini', { exact: true }).click();
  await expect(hostile.locator('[data-testid="preview-repair"][data-code="FORMAT_TO_DESCRIPTION"]')).toContainText('format: uri moved into the description');
  await expect(hostile.locator('[data-testid="preview-repair"][data-code="ADDITIONAL_PROPERTIES_DROPPED"]')).toHaveCount(0);
  await expect(hostile.locator('[data-testid="preview-warning"]')).toHaveCount(0);
  await expect(row('echo')).toBeVisible();

  // Off in the tools pane → gone from the preview, which says how many were left out.
  await detail.openPane('Tools');
  await detail.tool('echo').getByRole('switch', { name: 'echo enabled' }).click();
  await expect(detail.tool('echo')).toHaveAttribute('data-enabled', 'false');
  await detail.openPane('Provider preview');
  await expect(preview.getByTestId('preview-left-out')).toHaveText('1 disabled tool is left out.');
  await expect(row('echo')).toHaveCount(0);
  await expect(hostile).toBeVisible();

  // All active servers: the same, from the servers card.
  await app.page.keyboard.press('Escape');
  await expect(detail.root).toBeHidden();
  await app.page.getByTestId('open-provider-preview').click();
  const drawer = app.page.getByTestId('provider-preview-drawer');
  const all = drawer.getByTestId('provider-preview');
  await expect(all.locator('[data-testid="preview-tool"][data-tool-name="fetch.page"]')).toBeVisible();
  await expect(all.locator('[data-testid="preview-tool"][data-tool-name="echo"]')).toHaveCount(0);
  await expect(all.getByTestId('preview-left-out')).toHaveText('1 disabled tool is left out.');
});
