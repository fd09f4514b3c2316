import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { importAliases } from './aliases.config';

/*
 * Two projects, told apart by file name so that no list needs updating:
 * - `process`: `*.process.test.ts(x)`, tests that start a process or listen on a socket (fixture
 *   servers, the CLI, the host). `npm test` runs both projects.
 * - `unit`: every other test: pure code, jsdom, in-memory transports. `npm run test:unit` runs
 *   only these, in seconds, while you work.
 */
const TESTS = ['packages/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'examples/**/*.test.ts', 'docs/**/*.test.ts', '*.test.ts'];
const PROCESS_TESTS = '**/*.process.test.{ts,tsx}';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: importAliases(path.resolve('.')),
  },
  test: {
    // Node services by default; renderer component tests opt into jsdom with a file comment.
    environment: 'node',
    // Through Vite rather than Node, so the @rjsf/validator-ajv8 alias above applies inside it.
    server: { deps: { inline: [/@rjsf\//] } },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: TESTS,
          exclude: [...configDefaults.exclude, PROCESS_TESTS],
          // Unit tests start nothing and leave no global state behind (a test that patches a global,
          // such as the umask, restores it in `finally`), so one module graph per worker is safe
          // and halves the run: loading modules anew for every file was most of it.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          include: [`packages/${PROCESS_TESTS}`, `scripts/${PROCESS_TESTS}`, `examples/${PROCESS_TESTS}`],
          // Starting a server takes seconds on a busy machine; a poll's timeout only bounds how
          // long a failure takes to report, never what passes.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
