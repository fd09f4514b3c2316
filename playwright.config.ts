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
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
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
