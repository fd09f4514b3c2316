/**
 * Fault journey 3: a server whose command is not installed. Its row says so and offers to
 * install the command; the install runs the registry's real installer for it (uv's: `curl … |
 * sh`), with a fake `curl` first on the host's PATH whose "download" writes a `uvx` shim into
 * another PATH folder, as the real script puts uv in ~/.local/bin. Once installed, the server
 * connects without anything else from the person. Nothing is downloaded.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FIXTURE_SERVERS } from '../fixtures/servers/paths';
import { expect, test } from '../fixtures/app';
import { SettingsPage } from '../pages/SettingsPage';
import { shootThemes } from '../pages/themeShots';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-e2e-deps-'));
const fakeBin = path.join(root, 'fake-bin');
const installDir = path.join(root, 'installed-bin');
const curlLog = path.join(root, 'curl.log');
fs.mkdirSync(fakeBin);
fs.mkdirSync(installDir);

const script = (file: string, body: string) => {
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`);
  fs.chmodSync(file, 0o755);
};

// The "download": what the real uv install script does, reduced to writing the command.
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const uvxShim = `#!/bin/sh\nexec ${quote(process.execPath)} ${quote(FIXTURE_SERVERS.stdio)}\n`;
script(
  path.join(fakeBin, 'curl'),
  [
    `echo "$@" >> ${quote(curlLog)}`,
    `cat <<'INSTALLER'`,
    `echo "downloading uv 0.0.0-fixture 50%"`,
    `printf '%s' ${quote(uvxShim)} > ${quote(path.join(installDir, 'uvx'))}`,
    `chmod 755 ${quote(path.join(installDir, 'uvx'))}`,
    `echo "installing to ${installDir} 100%"`,
    `INSTALLER`,
  ].join('\n'),
);

// SHLVL: the host was started from a shell, so it takes this PATH as is (no login-shell lookup).
test.use({ hostEnv: { PATH: [fakeBin, installDir, '/usr/bin', '/bin'].join(':'), SHLVL: '1' } });
test.afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
test.describe.configure({ timeout: 180_000 });

test('a missing command: Install is offered, the installer runs, and the server connects', async ({ app, appMode }) => {
  test.skip(appMode === 'electron', 'The host PATH is a browser-mode host option');
  const settings = new SettingsPage(app.page);
  await expect(settings.emptyState).toBeVisible({ timeout: 60_000 });
  const serverId = await app.addServer({ name: 'needs-uvx', type: 'stdio', isActive: true, config: { command: 'uvx', args: ['mcp-server-fixture'] } });

  const row = settings.serverRow('needs-uvx');
  await expect(row).toHaveAttribute('data-state', 'error', { timeout: 30_000 });
  const failure = settings.failureOf('needs-uvx');
  await expect(failure).toHaveAttribute('data-hint', 'commandMissing');
  await expect(failure).toContainText('“uvx” is not installed, or Elftia cannot find it on the PATH.');
  const install = failure.getByRole('button', { name: 'Install uvx' });
  await expect(install).toBeVisible();
  await shootThemes(app.page, 'missing-command');

  await install.click();
  // The server connects once the installed command is found: the row's explanation goes away.
  await expect(row).toHaveAttribute('data-state', 'connected', { timeout: 60_000 });
  await expect(failure).toHaveCount(0);
  await expect(row.getByTestId('tool-count')).toContainText('14 tools');

  // It was the registry's uv installer that ran (through the fake curl), and it left the command.
  expect(fs.readFileSync(curlLog, 'utf8').trim()).toBe('-LsSf https://astral.sh/uv/install.sh');
  expect(fs.existsSync(path.join(installDir, 'uvx'))).toBe(true);
  const called = (await app.invoke('mcp.call_tool', { serverId, toolName: 'echo', args: { text: 'via uvx' } })) as {
    ok: boolean;
    data?: { content: { text: string }[] };
  };
  expect(called.data?.content[0]?.text).toBe('via uvx');
});
