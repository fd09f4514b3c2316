/**
 * Fault journey 5: a server floods stderr and answers with a huge result. The window keeps
 * answering (a click after the result has arrived is handled and painted within a second), the
 * text is shown cut with Show all and Save, and Save really downloads all of it. Over stdio a
 * result past the transport's 10 MB limit is refused with a sentence that names the limit, and
 * the connection stays; over Streamable HTTP a 20 MB result arrives whole.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { FIXTURE_SERVERS, startHttpFixture } from '../fixtures/servers/paths';
import { expect, test } from '../fixtures/app';
import { ServerDetailPage } from '../pages/ServerDetailPage';
import { SettingsPage } from '../pages/SettingsPage';
import { shootThemes } from '../pages/themeShots';

test.describe.configure({ timeout: 240_000 });
// No trace options of its own: `trace` is a worker option, so a spec that sets it runs in a
// worker (and a Chromium) of its own, which the run started last, after the others had ended.
// The config's trace takes no DOM snapshots, which would be taken in the page between a click
// and the frame after it and, with a 200,000-character text on screen, measured as the app's own
// slowness.

const MB = 1_000_000;
/**
 * The bar of the journey. This machine shares two cores among several agents, and there even
 * an idle page stalls for a second now and then (long tasks of 0.9–1.3 s were measured with a
 * 1 KB result on screen), so one sample cannot carry the claim: the median of three clicks must
 * answer within a second, and the first click after the result (which pays for any work the
 * result left behind) within three. A window that stays frozen fails both.
 */
const CLICK_BUDGET_MS = 1_000;
const FIRST_CLICK_BUDGET_MS = 3_000;

declare global {
  interface Window {
    __clickLatency?: Promise<number>;
  }
}

/**
 * Arms a measurement of the page's next click: from the moment the browser created the event
 * (`event.timeStamp`, so time spent queued behind a busy main thread counts) to the frame
 * painted after the app handled it.
 */
async function armClickLatency(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.__clickLatency = new Promise<number>((resolve) => {
      window.addEventListener(
        'click',
        (event) => {
          const created = event.timeStamp;
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - created)));
        },
        { once: true, capture: true },
      );
    });
  });
}

/** Clicks the arguments' fold (another control than the one that ran the call); how long the window took to answer. */
async function clickLatency(detail: ServerDetailPage): Promise<number> {
  const expanded = await detail.argumentsToggle.getAttribute('aria-expanded');
  await detail.argumentsToggle.click();
  await expect(detail.argumentsToggle).toHaveAttribute('aria-expanded', expanded === 'true' ? 'false' : 'true');
  return detail.page.evaluate(() => window.__clickLatency!);
}

/**
 * Runs the call with the first click already armed (so nothing of ours runs in the page between
 * the result and that click), waits for the result, then clicks three times.
 */
async function runAndMeasure(detail: ServerDetailPage, args: Record<string, unknown>, what: string): Promise<void> {
  await armClickLatency(detail.page);
  await detail.runWithJson(args);
  await detail.expectCall('ok', 120_000);
  const latencies = [await clickLatency(detail)];
  for (let i = 0; i < 2; i++) {
    await armClickLatency(detail.page);
    latencies.push(await clickLatency(detail));
  }
  const rounded = latencies.map(Math.round);
  test.info().annotations.push({ type: `click latency after ${what}`, description: `${rounded.join(', ')} ms` });
  expect(latencies[0]).toBeLessThan(FIRST_CLICK_BUDGET_MS);
  expect([...latencies].sort((a, b) => a - b)[1]).toBeLessThan(CLICK_BUDGET_MS);
}

/** Save, and the file the browser downloaded: its name and size. */
async function save(detail: ServerDetailPage): Promise<{ name: string; bytes: number; head: string }> {
  const download = detail.page.waitForEvent('download');
  await detail.saveText.click();
  const file = await download;
  const saved = await file.path();
  const head = Buffer.alloc(16);
  const fd = fs.openSync(saved, 'r');
  fs.readSync(fd, head, 0, 16, 0);
  fs.closeSync(fd);
  return { name: file.suggestedFilename(), bytes: fs.statSync(saved).size, head: head.toString() };
}

const count = (n: number) => n.toLocaleString('en-US');

test('a server that floods stderr and answers 9 MB over stdio: responsive, cut with Save; 20 MB is refused by name', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const detail = new ServerDetailPage(app.page);
  await expect(settings.emptyState).toBeVisible({ timeout: 60_000 });
  await app.addServer({
    name: 'flood',
    type: 'stdio',
    isActive: true,
    config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio], env: { FIXTURE_BIG_TOOL: '1', FIXTURE_BIG_STDERR_BYTES: String(8 * MB) } },
  });
  await detail.open('flood');
  await detail.tryTool('big');

  const bytes = 9 * MB;
  await runAndMeasure(detail, { bytes }, 'a 9 MB result and an 8 MB stderr flood');
  // That it is cut, and can be saved whole, is said above the text, in sight.
  await expect(detail.truncation).toBeInViewport();

  await expect(detail.truncation).toHaveText(`Showing the first ${count(200_000)} of ${count(bytes)} characters.`);
  await expect(detail.showAllText).toBeVisible();
  await shootThemes(app.page, 'big-stdio');
  expect(await save(detail)).toEqual({ name: 'big-1.txt', bytes, head: 'x'.repeat(16) });

  // The flood is in the Logs pane, which stays usable (the ring keeps the latest lines).
  await detail.openPane('Logs');
  await expect(detail.logLines.filter({ hasText: /flood line \d+/ }).first()).toBeVisible();

  // Past stdio's limit the result is refused in words that name it, and the connection stays.
  await detail.openPane('Playground');
  await detail.runWithJson({ bytes: 20 * MB });
  await detail.expectCall('failed', 120_000);
  await expect(detail.callError).toContainText('The result from “flood” was larger than the 10 MB Elftia accepts, so it was dropped.');
  await expect(detail.state).toHaveAttribute('data-state', 'connected');
});

test('a 20 MB result over Streamable HTTP: responsive, cut with Show all, and Save downloads all 20 MB', async ({ app }) => {
  const settings = new SettingsPage(app.page);
  const detail = new ServerDetailPage(app.page);
  const remote = await startHttpFixture('http', { FIXTURE_BIG_TOOL: '1' });
  try {
    await expect(settings.emptyState).toBeVisible({ timeout: 60_000 });
    await app.addServer({ name: 'remote-big', type: 'http', isActive: true, config: { url: remote.url.href } });
    await detail.open('remote-big');
    await detail.tryTool('big');

    const bytes = 20 * MB;
    await runAndMeasure(detail, { bytes }, 'a 20 MB result');
    await expect(detail.truncation).toBeInViewport();

    await expect(detail.truncation).toHaveText(`Showing the first ${count(200_000)} of ${count(bytes)} characters.`);
    await shootThemes(app.page, 'big-http');
    expect(await save(detail)).toEqual({ name: 'big-1.txt', bytes, head: 'x'.repeat(16) });
  } finally {
    await remote.stop();
  }
});
