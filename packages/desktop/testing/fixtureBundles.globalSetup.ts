/**
 * Vitest `process` project: bundles every `*.fixture.ts` (the child processes some tests start:
 * store writers, lock holders, a stand-in app) once per run with esbuild, so each start is plain
 * `node bundle.js` instead of `node --import tsx`, which compiled the fixture's import graph again
 * in every child (~1–2 s of CPU each; lockLeftovers alone starts 24). A run bundles afresh, so a
 * bundle is never older than its sources. Packages stay external, resolved from the repo's
 * node_modules as under tsx. The fixture MCP servers are bundled too, with their packages
 * (e2e/fixtures/servers/bundle.ts).
 */
import { build, type Plugin } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestProject } from 'vitest/node';
import { bundleFixtureServers } from '@fixtures/servers/bundle';
import { FIXTURE_BUNDLES_KEY } from './fixtureProcess';
import { REPO_ROOT } from './hostProcessTestkit';

/**
 * A bundled module keeps the URL of its own source as `import.meta.url`: e2e/fixtures/servers/paths.ts
 * finds the fixture servers beside itself, not beside the bundle.
 */
const sourceUrls: Plugin = {
  name: 'source-import-meta-url',
  setup(bundle) {
    bundle.onLoad({ filter: /\.ts$/ }, async ({ path: file }) => {
      const source = await fs.promises.readFile(file, 'utf8');
      return { contents: source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href)), loader: 'ts' };
    });
  },
};

export default async function bundleFixtures(project: TestProject): Promise<() => void> {
  const entryPoints = fs
    .readdirSync(path.join(REPO_ROOT, 'packages'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.fixture.ts') && !file.split(path.sep).includes('node_modules'))
    .map((file) => path.join('packages', file));
  // Inside the repo, so that the external packages resolve from its node_modules.
  const cache = path.join(REPO_ROOT, 'node_modules/.cache');
  fs.mkdirSync(cache, { recursive: true });
  const outdir = fs.mkdtempSync(path.join(cache, 'elftia-fixtures-'));
  const servers = bundleFixtureServers();
  await build({
    absWorkingDir: REPO_ROOT,
    entryPoints,
    outbase: REPO_ROOT,
    outdir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    // A fixture's dynamic import stays a load at that moment (secretStore.fixture.ts patches fs
    // before the stores, and their packages, load).
    splitting: true,
    target: 'node20',
    logLevel: 'warning',
    plugins: [sourceUrls],
  });
  project.provide(FIXTURE_BUNDLES_KEY, outdir);
  const removeServers = await servers;
  return () => {
    removeServers();
    fs.rmSync(outdir, { recursive: true, force: true });
  };
}
