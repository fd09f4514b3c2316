/**
 * `npm test`: every check, in order, stopping at the first that fails, with the wall time of
 * each stage as it ends and a table of all of them at the end (CI prints it; a slow stage is
 * seen at once). The build comes before the tests: the process tests start the CLI and the host
 * from it (several times cheaper than compiling the sources through tsx), and Playwright needs it.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** [name, command line] in the order they run. */
const STAGES = [
  ['typecheck', 'npm run typecheck'],
  ['lint', 'npm run lint'],
  ['i18n check', 'npm run i18n:check'],
  ['build', 'npm run build'],
  ['vitest (unit, dom, process)', 'npx vitest run'],
  ['playwright', 'npm run test:e2e'],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const done = [];
const started = performance.now();

function summary() {
  const width = Math.max(...done.map(([name]) => name.length));
  console.log('\nnpm test, wall time per stage:');
  for (const [name, ms, status] of done) console.log(`  ${name.padEnd(width)}  ${seconds(ms).padStart(8)}${status === 0 ? '' : `  FAILED (exit ${status})`}`);
  console.log(`  ${'total'.padEnd(width)}  ${seconds(performance.now() - started).padStart(8)}`);
}

for (const [name, command] of STAGES) {
  console.log(`\n── ${name}: ${command}`);
  const stageStarted = performance.now();
  // Through the shell, as npm runs a script: npm and npx are shell scripts on some platforms.
  const { status, signal } = spawnSync(command, { stdio: 'inherit', shell: true });
  const code = status ?? (signal ? 1 : 0);
  done.push([name, performance.now() - stageStarted, code]);
  console.log(`── ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(performance.now() - stageStarted)}`);
  if (code !== 0) {
    summary();
    process.exit(code);
  }
}
summary();
