import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright';

const out = '/tmp/shots-import';
fs.mkdirSync(out, { recursive: true });
const only = process.argv[2]; // optional filter e.g. "en-light"
const home = fs.mkdtempSync(path.join(os.tmpdir(), 'shot-home-'));
const w = (f, c) => (fs.mkdirSync(path.dirname(f), { recursive: true }), fs.writeFileSync(f, c));
w(path.join(home, '.config/Claude/claude_desktop_config.json'), JSON.stringify({ mcpServers: { filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Documents'] }, github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN: 'ghp_abcdefgh12345' } } } }));
w(path.join(home, '.cursor/mcp.json'), JSON.stringify({ mcpServers: { 'web-search': { url: 'https://search.example.com/mcp?key=abc123456', headers: { Authorization: 'Bearer xyz1234567' } } } }));

const PASTE = JSON.stringify({
  mcpServers: {
    filesystem: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/Documents/a-very-long-project-folder-name/with/many/levels'], env: { ROOT: '/x' } },
    'zai-vision-with-a-remarkably-long-server-name': { command: 'npx', args: ['-y', '@z_ai/mcp-server'], env: { Z_AI_API_KEY: 'sk-1234567890', Z_AI_MODE: 'ZHIPU' } },
    remote: { type: 'sse' },
    weather: { url: 'https://weather.example.com/mcp', headers: { Authorization: 'Bearer tok-1234567' }, autoApprove: ['forecast'] },
  },
}, null, 2);
const BAD = '{\n  "mcpServers": {\n    "files": { "command": "npx" }\n    "web": { "url": "https://h/mcp" }\n  }\n}';

async function run(lang, themeName, size) {
  const configDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shot-cfg-'));
  const host = spawn(process.execPath, ['out/main/host.js', '--port', '0', '--config-dir', configDir], { env: { ...process.env, HOME: home, XDG_CONFIG_HOME: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((resolve, reject) => {
    let buf = '';
    host.stdout.on('data', (d) => { buf += d; const m = buf.match(/https?:\/\/\S+/); if (m) resolve(m[0]); });
    host.on('exit', () => reject(new Error('host exited ' + buf)));
  });
  const { origin, searchParams } = new URL(url);
  const rpc = (route, input) => fetch(`${origin}/api/rpc`, { method: 'POST', headers: { Authorization: `Bearer ${searchParams.get('token')}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ route, input }) }).then((r) => r.json());
  await rpc('mcp.add', { name: 'filesystem', type: 'stdio', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem'] }, isActive: false });
  await rpc('mcp.add', { name: 'weather', type: 'http', config: { url: 'https://weather.example.com/mcp', headers: { Authorization: 'Bearer tok-1234567' } }, isActive: false });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  const page = await browser.newPage({ viewport: size });
  await page.addInitScript(([l, t]) => { localStorage.setItem('elftia.language', l); localStorage.setItem('elftia.theme', t); }, [lang, themeName]);
  await page.goto(url);
  const tag = `${lang}-${themeName}-${size.width}`;
  const shot = async (name) => { await page.waitForTimeout(400); await page.screenshot({ path: `${out}/${name}-${tag}.png` }); };
  await page.getByTestId('local-configs-offer').waitFor();
  await shot('offer');
  await page.getByTestId('open-import').click();
  await page.getByTestId('import-local-configs').waitFor();
  await shot('import-empty');
  await page.getByTestId('import-json').fill(BAD);
  await page.getByTestId('import-preview-button').click();
  await page.getByTestId('import-syntax-error').waitFor();
  await shot('import-syntax');
  await page.getByTestId('import-json').fill(PASTE);
  await page.getByTestId('import-preview-button').click();
  await page.getByTestId('import-preview').waitFor();
  await page.locator('[data-entry="weather"] .ant-radio-button-wrapper').nth(2).click();
  await shot('import-preview');
  await page.getByTestId('import-submit').click();
  await page.getByTestId('import-result').waitFor();
  await shot('import-result');
  await page.locator('.ant-modal-close').click();
  await page.getByTestId('open-import').click();
  await page.getByRole('tab').filter({ hasText: /Export|导出|エクスポート/ }).click();
  await page.getByTestId('export-json').filter({ hasText: 'mcpServers' }).waitFor();
  await shot('export');
  await browser.close();
  host.kill();
  try { fs.rmSync(configDir, { recursive: true, force: true }); } catch {}
}

for (const lang of ['en', 'zh', 'ja'])
  for (const themeName of ['light', 'dark'])
    for (const size of [{ width: 1280, height: 800 }, { width: 1024, height: 700 }]) {
      const tag = `${lang}-${themeName}-${size.width}`;
      if (only && !tag.startsWith(only)) continue;
      await run(lang, themeName, size);
      console.log('done', tag);
    }
try { fs.rmSync(home, { recursive: true, force: true }); } catch {}
