/**
 * `npm run bench`: runs every bench/*.bench.ts one after another (never in parallel: they
 * measure ratios side by side within one process, and a second benchmark would skew them).
 * Exits non-zero if any benchmark missed a target.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv.slice(2);
const benches = fs
  .readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o))))
  .sort();

let failed = 0;
for (const bench of benches) {
  console.log(`\n=== ${bench} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', bench)], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
console.log(`\n${benches.length - failed} of ${benches.length} benchmarks met their targets.`);
process.exitCode = failed ? 1 : 0;
