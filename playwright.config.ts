import { defineConfig } from '@playwright/test';
import type { AppFixtureOptions } from './e2e/fixtures/app';
import { chromiumLaunchOptions } from './scripts/chromium.mjs';

export default defineConfig<AppFixtureOptions>({
  testDir: 'e2e/specs',
  globalSetup: './e2e/globalSetup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two files at a time: a journey spends most of its time waiting on a host, a server or the
  // page, and each test has its own host (own port, token and config folder) and browser context,
  // so two never see each other. Processes are found by per-test markers, never by name.
  workers: 2,
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
