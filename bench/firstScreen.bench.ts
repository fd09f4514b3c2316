/**
 * The first screen in browser mode, as a person opens it: the built host (out/main/host.js) with
 * a few servers configured (two active but lazy, two off; none is started by opening the list),
 * and Chromium loading the page in a fresh context each run (an empty cache, as at a first start).
 *
 * - Interactive: the first server row's switch is in the page, enabled and not loading. A
 *   MutationObserver installed before any of our code runs notes `performance.now()` (ms since
 *   the navigation started) at the first mutation where that holds; Playwright then proves the
 *   switch takes a click (a trial click: visible, stable, enabled, hit by the pointer).
 * - Blank: the host's favicon.svg opened as a page (a tiny static document from the same host,
 *   no script): its load event end, on the same clock.
 * - First-load JS: every .js resource the page had fetched at the interactive moment (Resource
 *   Timing, so modulepreloads and lazy chunks count the same), bytes on the wire. The host serves
 *   them uncompressed (it runs on loopback); what gzip would make of them is shown beside.
 *
 * Runs alternate blank and app so load elsewhere on this shared machine lands on both; medians.
 * Target: first-load JS ≤ 1.5 MB. `--static DIR` measures another renderer build with the same
 * host; `--compare DIR` measures one more (say, a build kept from before a change) from a second
 * host in the same interleaved runs, for a before/after in one sitting.
 * Run: npx tsx bench/firstScreen.bench.ts [--runs 9] [--static DIR] [--compare before/renderer]
 */
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright';
import { FIXTURE_SERVERS } from '../e2e/fixtures/servers/paths';
import { rpc } from '../packages/desktop/testing/hostProcessTestkit';
import { startBenchHost, stopBenchHosts, type BenchHost } from './browserHost';
import { buildIfNeeded } from '../scripts/buildIfNeeded.mjs';
import { chromiumLaunchOptions } from '../scripts/chromium.mjs';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '9' }, static: { type: 'string' }, compare: { type: 'string' } } });
const RUNS = Number(values.runs);
const TARGET_BYTES = 1_500_000;
const FIRST_SWITCH = '[data-testid="server-row"] button[role="switch"]';

/** Two active servers (lazy: the list starts neither) and two that are off. */
const SERVERS = [
  { name: 'files', type: 'stdio', config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } },
  { name: 'search', type: 'stdio', config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] } },
  { name: 'remote', type: 'sse', config: { url: 'http://127.0.0.1:9/sse' }, isActive: false },
  { name: 'paused', type: 'stdio', config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] }, isActive: false },
];

interface ScriptEntry {
  url: string;
  bytes: number;
}
interface FirstScreen {
  at: number;
  scripts: ScriptEntry[];
}

/** Runs in the page before any of its scripts (stringified by Playwright: self-contained). */
function watchFirstSwitch(selector: string): void {
  const target = window as unknown as { __firstScreen?: FirstScreen };
  const observer = new MutationObserver(() => {
    const toggle = document.querySelector<HTMLButtonElement>(selector);
    if (!toggle || toggle.disabled || toggle.classList.contains('ant-switch-loading')) return;
    const at = performance.now();
    observer.disconnect();
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ url: entry.name, bytes: entry.encodedBodySize }));
    target.__firstScreen = { at, scripts };
  });
  observer.observe(document, { subtree: true, childList: true, attributes: true });
}

async function appRun(browser: Browser, url: string): Promise<FirstScreen> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(watchFirstSwitch, FIRST_SWITCH);
    await context.addInitScript(() => localStorage.setItem('elftia.language', 'en'));
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __firstScreen?: FirstScreen }).__firstScreen !== undefined, undefined, { timeout: 60_000 });
    await page.locator(FIRST_SWITCH).first().click({ trial: true, timeout: 10_000 });
    return await page.evaluate(() => (window as unknown as { __firstScreen: FirstScreen }).__firstScreen);
  } finally {
    await context.close();
  }
}

async function blankRun(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    return await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
  } finally {
    await context.close();
  }
}

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[samples.length >> 1] ?? NaN;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;

/** A host serving `staticDir` (the renderer build to measure) with SERVERS configured, in its own config dir. */
async function startHost(staticDir: string | undefined): Promise<BenchHost> {
  const host = await startBenchHost({ tag: 'first-screen', staticDir });
  for (const server of SERVERS) {
    const { body } = await rpc(host, 'mcp.add', server);
    if (!(body as { ok: boolean }).ok) throw new Error(`could not add ${server.name}: ${JSON.stringify(body)}`);
  }
  return host;
}

/** The same files every run; a run that fetched a different set would make the size a guess. */
async function firstLoadOf(runs: FirstScreen[]): Promise<{ scripts: ScriptEntry[]; bytes: number; gzipped: number }> {
  const sets = new Set(runs.map((run) => run.scripts.map((s) => new URL(s.url).pathname).sort().join(' ')));
  if (sets.size !== 1) throw new Error(`The runs fetched different scripts:\n${[...sets].join('\n')}`);
  const scripts = runs[0]!.scripts;
  let gzipped = 0;
  for (const script of scripts) gzipped += gzipSync(Buffer.from(await (await fetch(script.url)).arrayBuffer())).length;
  return { scripts, bytes: scripts.reduce((sum, s) => sum + s.bytes, 0), gzipped };
}

buildIfNeeded();
// The build measured, and with --compare another served by a second host, measured in turn in the same runs.
const builds = [{ label: values.static ?? 'out/renderer', dir: values.static }, ...(values.compare ? [{ label: values.compare, dir: values.compare }] : [])];
const hosts: BenchHost[] = [];
const browser = await chromium.launch(chromiumLaunchOptions());
try {
  for (const build of builds) hosts.push(await startHost(build.dir));
  const appUrls = hosts.map((host) => `http://127.0.0.1:${host.port}/?token=${host.token}`);
  const blankUrl = `http://127.0.0.1:${hosts[0]!.port}/favicon.svg`;

  // Warm-up: Chromium's first context, the hosts' first reads of the files.
  await blankRun(browser, blankUrl);
  for (const url of appUrls) await appRun(browser, url);

  const blank: number[] = [];
  const app: FirstScreen[][] = appUrls.map(() => []);
  for (let run = 0; run < RUNS; run++) {
    blank.push(await blankRun(browser, blankUrl));
    for (const [i, url] of appUrls.entries()) app[i]!.push(await appRun(browser, url));
  }

  const blankMs = median(blank);
  const rows: Record<string, string | number>[] = [{ page: 'blank (favicon.svg from the host)', 'median ms': blankMs.toFixed(0), 'ratio to blank': '1.00', 'JS files': 0, 'JS bytes': '—' }];
  const loads = [];
  for (const [i, build] of builds.entries()) {
    const load = await firstLoadOf(app[i]!);
    loads.push(load);
    const ms = median(app[i]!.map((run) => run.at));
    rows.push({
      page: `server list interactive (${build.label})`,
      'median ms': ms.toFixed(0),
      'ratio to blank': (ms / blankMs).toFixed(1),
      'JS files': load.scripts.length,
      'JS bytes': `${kB(load.bytes)} (${kB(load.gzipped)} if gzipped)`,
    });
  }
  console.log(`First screen in browser mode, ${SERVERS.length} servers, median of ${RUNS} interleaved runs in ${chromiumLaunchOptions().executablePath ?? "Playwright's Chromium"}`);
  console.table(rows);
  const { scripts, bytes } = loads[0]!;
  for (const script of [...scripts].sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kB(script.bytes).padStart(8)}  ${new URL(script.url).pathname}`);
  const met = bytes <= TARGET_BYTES;
  console.log(`First-load JS of ${builds[0]!.label}: ${kB(bytes)} (target ≤ ${kB(TARGET_BYTES)}): ${met ? 'met' : 'MISSED'}`);
  process.exitCode = met ? 0 : 1;
} finally {
  await browser.close();
  await stopBenchHosts(hosts);
}
