/**
 * `npm test`: every check, in order, stopping at the first step that fails, with the wall time of
 * each stage as it ends and a table of all of them at the end (CI prints it; a slow stage is
 * seen at once). The build comes before the tests: the process tests start the CLI and the host
 * from it (several times cheaper than compiling the sources through tsx), and Playwright needs it.
 *
 * A step of several stages runs them side by side: tsc and ESLint are each one thread, and this
 * machine has two cores. Their output is held and printed whole, stage by stage, as each ends, so
 * two logs never interleave.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** Steps in the order they run; the stages of one step run at once. [name, command line]. */
const STEPS = [
  [
    ['typecheck', 'npm run typecheck'],
    ['lint', 'npm run lint'],
  ],
  [['i18n check', 'npm run i18n:check']],
  [['build', 'npm run build']],
  [['vitest (unit, dom, process)', 'npx vitest run']],
  [['playwright', 'npm run test:e2e']],
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

/** Runs one stage; alone it writes straight to the terminal (colours, progress), beside others into a buffer. */
function run([name, command], alone) {
  const stageStarted = performance.now();
  if (alone) console.log(`\n── ${name}: ${command}`);
  // Through the shell, as npm runs a script: npm and npx are shell scripts on some platforms.
  const child = spawn(command, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], shell: true });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) =>
    child.once('close', (status, signal) => {
      const code = status ?? (signal ? 1 : 0);
      const ms = performance.now() - stageStarted;
      if (!alone) {
        console.log(`\n── ${name}: ${command}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`── ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(ms)}`);
      done.push([name, ms, code]);
      resolve(code);
    }),
  );
}

for (const step of STEPS) {
  if (step.length > 1) console.log(`\n── side by side: ${step.map(([name]) => name).join(', ')} (each one's output when it ends)`);
  const codes = await Promise.all(step.map((stage) => run(stage, step.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    summary();
    process.exit(failed);
  }
}
summary();
