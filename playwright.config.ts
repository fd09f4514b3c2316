import { defineConfig } from '@playwright/test';
import type { AppFixtureOptions } from './e2e/fixtures/app';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

export default defineConfig<AppFixtureOptions>({
  testDir: 'e2e/specs',
  globalSetup: './e2e/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Tests, not files, are what the workers share out: files are handed out in alphabetical order,
  // and the longest (serverList, serverForm: 45–50 s each) came last and ran on after the others
  // had finished (about 17 s of a 159 s run with three workers, replaying the measured durations).
  // Every test has its own host, context and servers; a file's beforeAll/afterAll run in each
  // worker that runs its tests.
  fullyParallel: true,
  // Three tests at a time on two cores. The project is CPU-bound (Chromium is four fifths of it:
  // 527 busy CPU s in 268 s of wall time, both cores full), and a third test fills what a journey
  // leaves idle while it waits on a host, a server or the page: 347 s against 382 s with two (in
  // `chromium --headless`). Four took a fifth more CPU (contention) for little more. Each test has
  // its own host (own port, token and config folder) and browser context, so none sees another.
  // Processes are found by per-test markers, never by name.
  workers: 3,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    // A failed test keeps its trace (actions, console, network, sources) and a screenshot. The
    // trace's DOM snapshots and screencast are left out: taken at every step of every test, kept
    // or not, they were about 40% of the e2e CPU (shell + import specs: 23.8 CPU s with them,
    // 15.1 without, 13.7 with no trace at all).
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false, sources: true },
    screenshot: 'only-on-failure',
    // The journeys run as a person who turned animations off in the OS (the app follows that:
    // App.tsx): dialogs and drawers open at once, so a click never lands mid-zoom, and no frame is
    // drawn for a zoom or a slide: the whole web project took 511 busy CPU s in 259 s, against 605
    // in 306 s with motion (one run after the other). shell.spec.ts runs with motion and checks both.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'web',
      use: {
        appMode: 'web',
        browserName: 'chromium',
        // Debian's Chromium where present (Playwright's own browser download cannot run here).
        launchOptions: chromiumLaunchOptions(),
      },
    },
    { name: 'electron', use: { appMode: 'electron' } },
  ],
});
