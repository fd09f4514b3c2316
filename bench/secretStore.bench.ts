/**
 * `servers list` over a config whose servers hold 20,000 env values in the secret store, against
 * one with 10 (same servers, one value each), measured side by side in one run (interleaved,
 * median of RUNS). Target: at most 3× — the values are read from the secret store once per run,
 * not once per value (before the in-memory index this list took minutes: 4,000 values 22 s).
 *
 * Measured through the CLI, as the person runs it and as the review measured it: each run starts
 * a process that opens both files, so it includes the one read and parse of the 2 MB secrets
 * file that the index exists to make the only one. The CLI's own start (about 0.3 s) is in both
 * sides, which is what "at most 3×" is relative to. The second table is `mcp.list` through the
 * router in a running host (one process, warm), for information: every value is still resolved
 * and masked on each list, so it grows with the values by nature; what it shows is the cost per
 * list a running app pays, and that it stays far from the quadratic one.
 * Run: npx tsx bench/secretStore.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openLocalStores } from '../packages/desktop/app/main/services/appStores';
import { createServices } from '../packages/desktop/app/main/services/createServices';
import { writeServersWithSecrets } from '../packages/desktop/testing/manySecrets';
import { CLI_BIN, ensureFreshCliBuild } from './freshCliBuild';

const RUNS = 9;
const IN_PROCESS_RUNS = 15;
const TARGET = 3;
/**
 * A server holds at most 1,000 env values (shared/limits.ts), so the 20,000 are spread over 20
 * servers; the small side has 10 with one each. The large side's 10 extra servers only add to its
 * time: the ratio errs against the store, never for it.
 */
const SIDES = [
  { label: '10 secrets', servers: 10, envPerServer: 1 },
  { label: '20,000 secrets', servers: 20, envPerServer: 1_000 },
] as const;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

const fresh = ensureFreshCliBuild();
const root = mkdtempSync(path.join(tmpdir(), 'elftia-bench-secrets-'));
const dirs = SIDES.map(({ servers, envPerServer }, i) => {
  const dir = path.join(root, String(i));
  writeServersWithSecrets(dir, { servers, envPerServer });
  return dir;
});

function listOnce(dir: string): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, [CLI_BIN, '--config-dir', dir, 'servers', 'list'], { stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.status !== 0) throw new Error(`servers list exited ${result.status}: ${result.stderr.toString()}`);
  return performance.now() - start;
}

const cli = dirs.map(() => [] as number[]);
dirs.forEach(listOnce); // warm-up: the disk cache
for (let run = 0; run < RUNS; run++) dirs.forEach((dir, i) => cli[i]!.push(listOnce(dir)));

const hosts = dirs.map((dir) => createServices({ ...openLocalStores(dir), fetch: globalThis.fetch }, { connectOnAdd: false }));
const inProcess = dirs.map(() => [] as number[]);
for (const { router } of hosts) await router.dispatch('mcp.list', {}); // warm-up: the first read of both files
for (let run = 0; run < IN_PROCESS_RUNS; run++) {
  for (const [i, { router }] of hosts.entries()) {
    const start = performance.now();
    const listed = await router.dispatch('mcp.list', {});
    inProcess[i]!.push(performance.now() - start);
    if (!listed.ok) throw new Error(`mcp.list failed: ${listed.error.message}`);
  }
}
await Promise.all(hosts.map((services) => services.dispose()));
rmSync(root, { recursive: true, force: true });

const table = (samples: number[][]) => {
  const base = median(samples[0]!);
  return SIDES.map(({ label, servers }, i) => {
    const ms = median(samples[i]!);
    return { config: `${servers} servers, ${label}`, 'median ms': ms.toFixed(1), 'ratio to 10 secrets': (ms / base).toFixed(2) };
  });
};
console.log(`elftia-mcp servers list, median of ${RUNS} interleaved runs; the bin runs ${fresh ? 'the build (current)' : 'the source through tsx: the build is missing or stale'}`);
console.table(table(cli));
console.log(`mcp.list through the router in one running process (warm), median of ${IN_PROCESS_RUNS} (for information)`);
console.table(table(inProcess));

const ratio = median(cli[1]!) / median(cli[0]!);
const met = ratio <= TARGET;
console.log(`servers list with 20,000 secrets: ${ratio.toFixed(2)}× the list with 10 (target ≤ ${TARGET}×): ${met ? 'met' : 'MISSED'}`);
process.exitCode = met ? 0 : 1;
