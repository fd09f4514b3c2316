import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { importAliases } from './aliases.config';

/*
 * Three projects, told apart by file name so that no list needs updating:
 * - `unit`: pure code and in-memory transports, in Node.
 * - `dom`: renderer components (`*.test.tsx`, and `*.dom.test.ts` for code checked in a browser
 *   environment), in jsdom.
 * - `process`: `*.process.test.ts(x)`, tests that start a process or listen on a socket (fixture
 *   servers, the CLI, the host); those of them that replace a module run as `process-isolated`.
 * `npm run test:unit` runs `unit` and `dom`, in seconds, while you work; `npm test` runs all three.
 *
 * `unit` and `dom` share no module graph between their files (see `isolate` below), and Vitest
 * reuses a worker only for a next file of the same project and environment: run together, their
 * files alternated and most workers were thrown away after one file. Each runs as its own group.
 */
const TESTS = ['packages/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'examples/**/*.test.ts', 'docs/**/*.test.ts', '*.test.ts'];
const PROCESS_TESTS = '**/*.process.test.{ts,tsx}';
const DOM_TESTS = ['packages/renderer/**/*.test.tsx', 'packages/renderer/**/*.dom.test.ts'];

/**
 * Unit tests start nothing and leave no global state behind (a test that patches a global, such
 * as the umask, restores it in `finally`), so one module graph per worker is safe: loading modules
 * anew for every file was most of the run. They are CPU-bound, so they get every core (Vitest's
 * default leaves one for itself, which with the transform cache below has little to do).
 */
const SHARED_GRAPH = { isolate: false, maxWorkers: availableParallelism() } as const;

const PROCESS_TEST_ROOTS = ['packages', 'scripts', 'examples'];
const PROCESS_TEST_FILE = /\.process\.test\.tsx?$/;

/**
 * Process tests that replace a module with `vi.mock`, found by reading them (so no list needs
 * updating). A replacement applies only where the module is loaded for the first time, so these
 * need a module graph of their own; every other process test shares its worker's (see below).
 */
const PROCESS_TESTS_REPLACING_MODULES = PROCESS_TEST_ROOTS.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => PROCESS_TEST_FILE.test(file))
    .map((file) => path.join(root, file).split(path.sep).join('/')),
).filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(file, 'utf8')));

/** Shared by both process projects. */
const PROCESS = {
  // The CLI and host subprocesses run the build while it is current (the first says when it
  // is not); the `*.fixture.ts` child processes run from bundles made once per run.
  globalSetup: ['packages/desktop/testing/processTests.globalSetup.ts', 'packages/desktop/testing/fixtureBundles.globalSetup.ts'],
  // Every test takes its own free port (port 0) and temp dir, so files run side by side. They
  // wait on subprocesses and sockets about a fifth of the time, so one worker more than cores
  // fills that. On 2 cores, alternating runs from a cold transform cache: 2 workers took 222 and
  // 242 s with 73–87 CPU s idle, 3 took 196 and 208 s with 21–25 idle, the same busy CPU (366–394
  // s); a warm cache gave 207–216 against 183–197 s, and 4 workers 186 s.
  maxWorkers: availableParallelism() + 1,
  // Starting a server takes seconds on a busy machine; a poll's timeout only bounds how
  // long a failure takes to report, never what passes.
  expect: { poll: { timeout: 10_000 } },
};

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: importAliases(path.resolve('.')),
  },
  test: {
    environment: 'node',
    // Through Vite rather than Node, so the @rjsf/validator-ajv8 alias above applies inside it.
    server: { deps: { inline: [/@rjsf\//] } },
    testTimeout: 30_000,
    // Transformed modules are kept on disk (node_modules/.experimental-vitest-cache) between runs:
    // a second run skips most of the TypeScript and JSX transform.
    experimental: { fsModuleCache: true },
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: TESTS,
          exclude: [...configDefaults.exclude, PROCESS_TESTS, ...DOM_TESTS],
          ...SHARED_GRAPH,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          setupFiles: ['packages/renderer/testing/domSetup.ts'],
          // A 64 MB young generation instead of 16: component tests allocate fast, and its collections
          // were a seventh of their CPU. And one GC thread: the two workers already keep both cores
          // busy, so V8's parallel GC helpers only took turns with the other worker (the project ran
          // 45–48 s with it against 51–60 s without, alternating runs on 2 cores).
          execArgv: ['--max-semi-space-size=64', '--single-threaded-gc'],
          include: DOM_TESTS,
          exclude: [...configDefaults.exclude, PROCESS_TESTS],
          ...SHARED_GRAPH,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          include: PROCESS_TEST_ROOTS.map((root) => `${root}/${PROCESS_TESTS}`),
          exclude: [...configDefaults.exclude, ...PROCESS_TESTS_REPLACING_MODULES],
          ...PROCESS,
          // One module graph per worker, as for unit tests: a fresh process and a fresh import
          // of the services, the SDK and zod for each of ~70 files was about a fifth of this
          // project's CPU (304 → 234 CPU s for the whole project, the same load). Every test stops
          // what it started (servers, hosts, clients) and restores what it changes (env, umask).
          isolate: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        extends: true,
        test: {
          name: 'process-isolated',
          include: PROCESS_TESTS_REPLACING_MODULES,
          ...PROCESS,
          // Its own group, before the shared-graph one: two projects in one group could each
          // take all the workers.
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
