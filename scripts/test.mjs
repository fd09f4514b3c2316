/**
 * `npm test`: every check, stopping at the first that fails, with the wall time of each stage as
 * it ends and a table of all of them at the end (CI prints it; a slow stage is seen at once).
 *
 * Stages start as soon as the ones they need have passed, so the two cores stay busy: the root
 * program's check and its lint share one type program on one thread (scripts/typecheckAndLint.mjs),
 * the longest of the checks; beside it run the other two programs' checks (TypeScript 7, on every
 * core: scripts/typecheck.mjs), the i18n check, the build and the unit and component tests, which
 * need neither. The build comes before the process tests, which start the CLI and the host from it
 * (several times cheaper than compiling the sources through tsx), and before Playwright. The
 * process tests and Playwright wait on subprocesses and time some of them, so each runs with
 * nothing of ours beside it: run side by side on a busy machine, two process tests that time a
 * server (progress reports 20 ms apart, connects with a 3 s timeout) failed, and both took far
 * longer than one after the other (process 635 s and Playwright 492 s side by side, against 188 s
 * and 268 s apart): the two cores are full in Playwright already (three workers,
 * playwright.config.ts), and the process tests' churn runs call as often as the cores let them, so
 * whatever one stage leaves idle the other takes from it.
 *
 * A stage that starts alone writes straight to the terminal; one that starts beside others is
 * held and printed whole when it ends, so two logs never interleave.
 */
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** [name, command line, the stages it waits for]; listed in the order they start when free to. */
const STAGES = [
  ['typecheck + lint (root program)', 'node scripts/typecheckAndLint.mjs', []],
  ['typecheck (renderer, shared)', 'node scripts/typecheck.mjs renderer shared', []],
  ['i18n check', 'npm run i18n:check', ['typecheck (renderer, shared)']],
  ['build', 'npm run build', ['i18n check']],
  ['vitest (unit, dom)', 'npx vitest run --project unit --project dom', ['build']],
  ['vitest (process)', 'npx vitest run --project process-isolated --project process', ['vitest (unit, dom)', 'typecheck + lint (root program)']],
  ['playwright', 'npm run test:e2e', ['vitest (process)']],
];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const done = new Map();
const running = new Set();
const started = performance.now();

function summary() {
  const width = Math.max(...STAGES.map(([name]) => name.length));
  console.log('\nnpm test, wall time per stage:');
  for (const [name, { ms, code }] of done) console.log(`  ${name.padEnd(width)}  ${seconds(ms).padStart(8)}${code === 0 ? '' : `  FAILED (exit ${code})`}`);
  console.log(`  ${'total'.padEnd(width)}  ${seconds(performance.now() - started).padStart(8)}`);
}

/** Runs one stage; alone it writes straight to the terminal (colours, progress), beside others into a buffer. */
function run([name, command]) {
  const alone = running.size === 0;
  const stageStarted = performance.now();
  console.log(alone ? `\n── ${name}: ${command}` : `\n── ${name}: started beside ${[...running].join(', ')} (its output when it ends)`);
  running.add(name);
  // Through the shell, as npm runs a script: npm and npx are shell scripts on some platforms.
  const child = spawn(command, { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], shell: true });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) =>
    child.once('close', (status, signal) => {
      const code = status ?? (signal ? 1 : 0);
      const ms = performance.now() - stageStarted;
      running.delete(name);
      if (!alone) {
        console.log(`\n── ${name}: ${command}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`── ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(ms)}`);
      done.set(name, { ms, code });
      resolve();
    }),
  );
}

/** Starts every stage whose needs have passed, until all ran or one failed; resolves with the first failure's code, or 0. */
async function runAll() {
  const waiting = [...STAGES];
  const inFlight = new Set();
  for (;;) {
    const failed = [...done.values()].find(({ code }) => code !== 0);
    if (failed === undefined) {
      for (const stage of waiting.filter(([, , needs]) => needs.every((need) => done.get(need)?.code === 0))) {
        waiting.splice(waiting.indexOf(stage), 1);
        const finished = run(stage).then(() => inFlight.delete(finished));
        inFlight.add(finished);
      }
    }
    if (inFlight.size === 0) {
      if (failed === undefined && waiting.length > 0) throw new Error(`Stages that wait for no stage that exists: ${waiting.map(([name]) => name).join(', ')}`);
      return failed?.code ?? 0;
    }
    await Promise.race(inFlight);
  }
}

const code = await runAll();
summary();
process.exit(code);
