import fs from 'node:fs';
import { defineConfig } from '@playwright/test';
import type { AppFixtureOptions } from './e2e/fixtures/app';

/** Debian's Chromium where present (Playwright's own browser download cannot run here). */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const executablePath = fs.existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined;

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
        launchOptions: {
          executablePath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
    { name: 'electron', use: { appMode: 'electron' } },
  ],
});
