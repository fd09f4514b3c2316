/**
 * Fault journey 7: the configuration file is corrupt at startup. The app starts with an empty
 * server list, says where the damaged file went (and that nothing was deleted), the file is
 * really there with its contents intact, and what the person adds next is saved to a fresh file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '../fixtures/app';
import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { SettingsPage } from '../pages/SettingsPage';

const CORRUPT = '{"mcpServers": [ oops';

test.describe('with a corrupt configuration file', () => {
  test.use({ seedConfig: { 'mcp-config.json': CORRUPT } });

  test('the app starts with defaults and says where the old file went', async ({ app }) => {
    test.setTimeout(120_000);
    const settings = new SettingsPage(app.page);
    const notice = settings.notices.first();
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toContainText('Your MCP configuration could not be read');
    await expect(notice).toContainText('Nothing was deleted');
    await expect(settings.emptyState).toBeVisible();

    // The path the notice names is the damaged file, byte for byte.
    const named = /(\S*mcp-config\.json\.corrupt-\S+)/.exec((await notice.textContent()) ?? '')?.[1];
    expect(named, 'the notice names the file').toBeTruthy();
    const moved = fs.readdirSync(app.configDir).filter((file) => file.startsWith('mcp-config.json.corrupt-'));
    expect(moved).toHaveLength(1);
    expect(named).toContain(moved[0]);
    expect(fs.readFileSync(path.join(app.configDir, moved[0]!), 'utf8')).toBe(CORRUPT);

    // The notice stays until dismissed, and the app works: a new server is saved to a fresh file.
    await app.addServer({ name: 'after-recovery', type: 'stdio', config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] }, isActive: false });
    await expect(settings.serverRow('after-recovery')).toBeVisible();
    const saved = JSON.parse(fs.readFileSync(path.join(app.configDir, 'mcp-config.json'), 'utf8')) as { mcpServers: { name: string }[] };
    expect(saved.mcpServers.map((s) => s.name)).toEqual(['after-recovery']);
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Dismiss notice' }).click();
    await expect(settings.notices).toHaveCount(0);
  });
});
