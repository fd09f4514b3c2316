/**
 * Start time of `elftia-mcp`, as a ratio to a bare `node -e 0` measured in the same run (runs
 * interleaved, median of RUNS): scripts call the CLI in loops, so every command pays it. Target:
 * `elftia-mcp --help` through the bin at most 2.5× node. The bin runs the build only while it is
 * current (bin/cliBuild.mjs), so the bench builds first when the build is missing or stale (a fresh
 * clone has none): it measures the CLI as it ships. The tsx row shows what a stale build costs.
 * Run: npx tsx bench/cliStart.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CLI_BIN as BIN, ensureFreshCliBuild } from './freshCliBuild';

const RUNS = 15;
const TARGET = 2.5;
const SOURCE = path.resolve('packages/desktop/app/host/cli/index.ts');
const configDir = mkdtempSync(path.join(tmpdir(), 'elftia-bench-'));

const commands: ReadonlyArray<readonly [string, string[]]> = [
  ['node -e 0', ['-e', '0']],
  ['elftia-mcp --help', [BIN, '--help']],
  ['elftia-mcp servers list', [BIN, '--config-dir', configDir, 'servers', 'list']],
  ['--help from the source through tsx', ['--import', 'tsx', SOURCE, '--help']],
];

function timeOnce(args: string[]): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} exited ${result.status}`);
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

const fresh = ensureFreshCliBuild();
const samples = commands.map(() => [] as number[]);
for (const [, args] of commands) timeOnce(args); // warm-up: disk cache, tsx's transform cache
// Interleaved, so a burst of load elsewhere on the machine hits every command alike.
for (let run = 0; run < RUNS; run++) commands.forEach(([, args], i) => samples[i]!.push(timeOnce(args)));
rmSync(configDir, { recursive: true, force: true });

const base = median(samples[0]!);
const rows = commands.map(([name], i) => {
  const ms = median(samples[i]!);
  return { command: name, 'median ms': ms.toFixed(0), 'ratio to node -e 0': (ms / base).toFixed(2) };
});
console.log(`CLI start, median of ${RUNS} interleaved runs; the bin runs ${fresh ? 'the build (current)' : 'the source through tsx: the build is missing or stale, run npm run build'}`);
console.table(rows);

const help = median(samples[1]!) / base;
const met = help <= TARGET;
console.log(`elftia-mcp --help: ${help.toFixed(2)}× node -e 0 (target ≤ ${TARGET}×): ${met ? 'met' : 'MISSED'}`);
process.exitCode = met ? 0 : 1;
