/**
 * The Electron window loads the built renderer from file:// (main/electron/window.ts, loadFile),
 * where a chunk URL that is absolute (`/assets/x.js`) would point at the root of the disk. This
 * opens out/renderer/index.html from file:// in Chromium, as the window does, and checks that the
 * first screen, every lazy part (the page fetches them all once the first screen is up) and the
 * Chinese language chunk (fetched before the first render for a zh-CN person) load, and that
 * nothing fails to load.
 *
 * What stands in for Electron, so what this does not prove: `--allow-file-access-from-files` for
 * Electron's file access (module scripts from file:// are cross-origin to Chromium without it),
 * and a preload bridge that answers every route with an error instead of the main process. So it
 * proves the build's URLs resolve under file://, not Electron's own file protocol, a packaged
 * app's asar, or the main process. It reads the current build: `npm run build` first (the test
 * command builds before the process tests).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zhTools from '../locales/zh/settings/tools.json';
import { PRELOAD_GLOBAL } from '../packages/desktop/app/shared/contracts/bridge';
import { chromiumLaunchOptions } from './chromium.mjs';

const BUILD = path.resolve(import.meta.dirname, '../out/renderer');
const ASSETS = 'assets';

let browser: Browser;
beforeAll(async () => {
  if (!existsSync(path.join(BUILD, 'index.html'))) throw new Error(`No renderer build at ${BUILD}: run npm run build first`);
  const options = chromiumLaunchOptions();
  browser = await chromium.launch({ ...options, args: [...options.args, '--allow-file-access-from-files'] });
});
afterAll(async () => {
  await browser?.close();
});

interface Visit {
  /** The JavaScript files that arrived, by name (`ChatView-C3Rn9FVI.js`). */
  loaded: Set<string>;
  /** Every request that failed, console error and page error, as said. */
  failures: string[];
  text: string;
}

/** Opens `root`/index.html from file:// as a zh-CN person and waits until every lazy part was fetched. */
async function visit(root: string): Promise<Visit> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  // The preload's bridge, as Electron exposes it; no main process answers here.
  await context.addInitScript((global) => {
    Reflect.set(window, global, {
      invoke: async () => ({ ok: false, error: { code: 'INTERNAL', message: 'No main process in this test' } }),
      on: () => () => undefined,
    });
  }, PRELOAD_GLOBAL);
  const page = await context.newPage();
  const loaded = new Set<string>();
  const failures: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('.js')) loaded.add(path.basename(new URL(request.url()).pathname));
  });
  page.on('requestfailed', (request) => failures.push(`${request.url()}: ${request.failure()?.errorText}`));
  page.on('console', (message) => {
    // The stand-in bridge's refusals are logged by the app; a load or CORS failure is not one of them.
    if (message.type() === 'error' && !message.text().includes('No main process in this test')) failures.push(message.text());
  });
  page.on('pageerror', (error) => failures.push(error.message));
  try {
    await page.goto(pathToFileURL(path.join(root, 'index.html')).href);
    await page.locator('html[data-lazy-parts="loaded"]').waitFor({ state: 'attached', timeout: 30_000 });
    return { loaded, failures, text: await page.locator('body').innerText() };
  } finally {
    await context.close();
  }
}

const jsFiles = (root: string) => readdirSync(path.join(root, ASSETS)).filter((name) => name.endsWith('.js'));

describe('the built renderer under file://, as the Electron window loads it', () => {
  it('loads the first screen, every lazy chunk and the Chinese chunk, and nothing fails', async () => {
    const { loaded, failures, text } = await visit(BUILD);
    expect(failures).toEqual([]);
    const chunks = jsFiles(BUILD);
    // Every chunk of the build but the other languages' arrived: all of them by relative URLs.
    const expected = chunks.filter((name) => !/^locale-(?!zh-)/.test(name));
    expect(expected.some((name) => name.startsWith('locale-zh-'))).toBe(true);
    expect(expected.some((name) => name.startsWith('ChatView-'))).toBe(true);
    expect([...loaded].sort()).toEqual(expected.sort());
    // The window speaks Chinese: the language chunk's text is on the first screen.
    expect(text).toContain(zhTools.list.add.button);
  });

  it('notices a lazy chunk that does not arrive (the check above can fail)', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'elftia-renderer-'));
    try {
      cpSync(BUILD, copy, { recursive: true });
      const chat = jsFiles(copy).find((name) => name.startsWith('ChatView-'))!;
      unlinkSync(path.join(copy, ASSETS, chat));
      const { loaded, failures } = await visit(copy);
      expect(failures.some((failure) => failure.includes(chat))).toBe(true);
      expect(loaded.has(chat)).toBe(false);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
