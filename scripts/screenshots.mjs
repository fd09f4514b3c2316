#!/usr/bin/env node
/**
 * `npm run screenshots`: the README's pictures of the real UI, taken from the built app in
 * browser mode, so they can be retaken whenever the screens change.
 *
 * Builds if the build is stale, starts `out/main/host.js --port 0 --config-dir <temp>`, adds
 * two real servers over the host's RPC (examples/custom-server and the official
 * server-everything, both local), and drives Chromium through each entry of SHOTS, writing
 * docs/images/<name>.png. A new screen is one more entry. CHROMIUM_PATH picks the browser
 * (default /usr/bin/chromium when present, else Playwright's own).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { buildIfNeeded } from './buildIfNeeded.mjs';
import { chromiumLaunchOptions } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const imagesDir = path.join(root, 'docs/images');
const VIEWPORT = { width: 1280, height: 800 };

/**
 * The servers every picture shows. The host runs in the repo, so relative paths and `npx` find
 * the example and the installed server-everything without the network. `fetch` needs uvx, which
 * a machine without Python's uv lacks: the list then shows how a failed server explains itself.
 */
/** A top-level place of the window, by its tab in the "Settings sections" navigation. */
const section = (page, name) => page.getByRole('navigation', { name: 'Settings sections' }).getByRole('tab', { name, exact: true });

const SERVERS = [
  { name: 'example', type: 'stdio', config: { command: 'node', args: ['examples/custom-server/server.mjs'] } },
  { name: 'everything', type: 'stdio', config: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] } },
  { name: 'fetch', type: 'stdio', config: { command: 'uvx', args: ['mcp-server-fetch'] } },
];
const row = (page, name) => page.locator(`[data-testid="server-row"][data-server-name="${name}"]`);

/**
 * One entry per picture: `show` brings the screen up from the Tools tab, then the page is
 * captured (`cropTo` ends the picture below that element, for a screen with little on it).
 */
const SHOTS = [
  {
    name: 'servers',
    cropTo: '[data-testid="server-list"]',
    async show(page) {
      for (const name of ['example', 'everything']) await row(page, name).getByText('Connected', { exact: true }).waitFor({ timeout: 60_000 });
      await row(page, 'fetch').getByTestId('failure-explanation').or(row(page, 'fetch').getByText('Connected', { exact: true })).waitFor({ timeout: 60_000 });
    },
  },
  {
    name: 'presets',
    async show(page) {
      await section(page, 'Presets').click();
      await page.locator('[data-testid="preset-card"]').first().waitFor({ timeout: 60_000 });
    },
  },
  {
    name: 'server-detail',
    async show(page) {
      await page.getByRole('button', { name: 'Open the details of example' }).click();
      await page.locator('[data-testid="server-detail"] [data-testid="tool-row"][data-tool-name="sample_image"]').waitFor({ timeout: 60_000 });
    },
  },
  {
    name: 'playground',
    async show(page) {
      await page.getByRole('button', { name: 'Open the details of everything' }).click();
      const detail = page.getByTestId('server-detail');
      await detail.locator('[data-testid="tool-row"][data-tool-name="get-tiny-image"]').getByTestId('tool-try').click({ timeout: 60_000 });
      await detail.getByTestId('playground-run').click();
      await detail.getByTestId('playground-result').locator('img').first().waitFor({ timeout: 60_000 });
    },
  },
  {
    name: 'provider-preview',
    async show(page) {
      await page.getByRole('button', { name: 'Open the details of everything' }).click();
      const detail = page.getByTestId('server-detail');
      await detail.getByRole('tab', { name: /^Provider preview/ }).click({ timeout: 60_000 });
      await detail.getByText('Gemini', { exact: true }).click();
      await detail.getByText(/tools sent/).first().waitFor({ timeout: 60_000 });
    },
  },
];

function startHost(configDir) {
  const host = spawn(process.execPath, [path.join(root, 'out/main/host.js'), '--port', '0', '--config-dir', configDir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /Open (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/.exec(output);
      if (match) resolve(match[1]);
    };
    host.stdout.on('data', onData);
    host.stderr.on('data', onData);
    host.once('exit', (code) => reject(new Error(`The host exited with ${code} before it was ready:\n${output}`)));
  });
  return { host, url };
}

async function rpc(url, route, input) {
  const { origin, searchParams } = new URL(url);
  const res = await fetch(`${origin}/api/rpc`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${searchParams.get('token')}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ route, input }),
  });
  const result = await res.json();
  if (!result.ok) throw new Error(`${route} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

async function main() {
  buildIfNeeded();
  const configDir = mkdtempSync(path.join(tmpdir(), 'elftia-screenshots-'));
  const { host, url: urlPromise } = startHost(configDir);
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const url = await urlPromise;
    for (const server of SERVERS) await rpc(url, 'mcp.add', server);
    mkdirSync(imagesDir, { recursive: true });
    for (const shot of SHOTS) {
      // A fresh page per picture, so one screen's open drawer never shows in the next.
      const page = await browser.newPage({ viewport: VIEWPORT, colorScheme: 'light' });
      await page.addInitScript(() => localStorage.setItem('elftia.language', 'en'));
      await page.goto(url);
      await section(page, 'Servers').waitFor({ timeout: 60_000 });
      await shot.show(page);
      // Let antd's enter animations finish before the capture.
      await page.waitForTimeout(600);
      const file = path.join(imagesDir, `${shot.name}.png`);
      const box = shot.cropTo ? await page.locator(shot.cropTo).boundingBox() : null;
      const height = box ? Math.min(VIEWPORT.height, Math.ceil(box.y + box.height + 32)) : VIEWPORT.height;
      await page.screenshot({ path: file, clip: { x: 0, y: 0, width: VIEWPORT.width, height } });
      console.log(`Wrote ${path.relative(root, file)}`);
      await page.close();
    }
  } finally {
    await browser.close();
    host.kill('SIGTERM');
    await new Promise((resolve) => (host.exitCode !== null ? resolve() : host.once('exit', resolve)));
    rmSync(configDir, { recursive: true, force: true });
  }
}

await main();
