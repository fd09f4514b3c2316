/**
 * One-shot `elftia-mcp call` on a stdio server against mcporter 0.12.3's `call` (a pinned
 * devDependency), side by side in this one run: each run starts both CLIs one after the other
 * (who goes first alternates), and the ratio is the median of the runs' elftia/mcporter ratios of
 * wall time, from spawn to exit, which is what a script calling tools in a loop waits for. Two
 * servers: @modelcontextprotocol/server-everything (which keeps running after stdin ends, once
 * initialized) and the fixture server with FIXTURE_LINGER=1 (ignores stdin's end for good): both
 * CLIs must stop them with signals, so the time to close counts as much as the time to start.
 * After every run, no server may be left: a CLI that exits early by orphaning its server fails.
 * Target: ≤ 1.0× mcporter on both. The bin runs the build (freshCliBuild.ts).
 * Run: npx tsx bench/cliCall.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FIXTURE_SERVERS, readProcess } from '../e2e/fixtures/servers/paths';
import { CLI_BIN, ensureFreshCliBuild } from './freshCliBuild';

const RUNS = 9;
const TARGET = 1.0;
// The bins as npm links them; the packages' exports do not name these files.
const MCPORTER = path.resolve('node_modules/mcporter/dist/cli.js');
const EVERYTHING = path.resolve('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
// Each server's command line carries it, so a server a CLI left running is found by it.
const marker = `elftia-bench-${randomUUID()}`;
const work = mkdtempSync(path.join(tmpdir(), 'elftia-bench-call-'));
// mcporter reads config from its working folder and HOME: empty ones, so both CLIs see only the server given.
const env = { ...process.env, HOME: work, ELFTIA_CONFIG_DIR: '' };

interface Server {
  name: string;
  args: string[];
  env: Record<string, string>;
  tool: string;
  /** The tool's one string argument. */
  arg: string;
}

const SERVERS: Server[] = [
  { name: 'server-everything', args: [EVERYTHING, 'stdio', marker], env: {}, tool: 'echo', arg: 'message' },
  { name: 'fixture ignoring stdin EOF', args: [FIXTURE_SERVERS.stdio, marker], env: { FIXTURE_LINGER: '1' }, tool: 'echo', arg: 'text' },
];

function run(args: string[], expected: string): number {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { cwd: work, env, encoding: 'utf8' });
  const ms = performance.now() - start;
  if (result.status !== 0 || !result.stdout.includes(expected)) {
    throw new Error(`node ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`);
  }
  return ms;
}

/** Servers of this bench still running: what a CLI would have orphaned. */
function leftRunning(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map((entry) => readProcess(Number(entry)))
    .flatMap((p) => (p && p.state !== 'Z' && p.command.includes(marker) ? [p.pid] : []));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? NaN;

const fresh = ensureFreshCliBuild();
const elftiaDir = path.join(work, 'elftia');
const rows = [];
let met = true;
for (const server of SERVERS) {
  const ref = server.name.split(' ')[0]!;
  const envFlags = Object.entries(server.env).flatMap(([k, v]) => ['--env', `${k}=${v}`]);
  const serverArgs = server.args.flatMap((a) => ['--arg', a]);
  const added = spawnSync(process.execPath, [CLI_BIN, '--config-dir', elftiaDir, 'servers', 'add', '--name', ref, '--type', 'stdio', '--command', process.execPath, ...serverArgs, ...envFlags], { env, encoding: 'utf8' });
  if (added.status !== 0) throw new Error(`servers add failed: ${added.stderr}`);
  const text = `bench-${ref}`;
  const elftia = [CLI_BIN, '--config-dir', elftiaDir, 'call', ref, server.tool, '--args', JSON.stringify({ [server.arg]: text })];
  const mcporter = [MCPORTER, 'call', '--stdio', process.execPath, ...server.args.flatMap((a) => ['--stdio-arg', a]), ...envFlags, server.tool, `${server.arg}=${text}`];
  const times = { elftia: [] as number[], mcporter: [] as number[] };
  const ratios: number[] = [];
  // Warm-up: disk cache, and each program's first compile of its modules.
  run(elftia, text);
  run(mcporter, text);
  for (let i = 0; i < RUNS; i++) {
    const order = i % 2 ? (['mcporter', 'elftia'] as const) : (['elftia', 'mcporter'] as const);
    const ms = { elftia: 0, mcporter: 0 };
    for (const who of order) {
      ms[who] = run(who === 'elftia' ? elftia : mcporter, text);
      const left = leftRunning();
      if (left.length) throw new Error(`${who} left ${server.name} running after it exited: pid ${left.join(', ')}`);
    }
    times.elftia.push(ms.elftia);
    times.mcporter.push(ms.mcporter);
    ratios.push(ms.elftia / ms.mcporter);
  }
  const ratio = median(ratios);
  met &&= ratio <= TARGET;
  rows.push({
    server: server.name,
    'elftia-mcp ms': median(times.elftia).toFixed(0),
    'mcporter ms': median(times.mcporter).toFixed(0),
    'ratio (median of paired)': ratio.toFixed(2),
  });
}
rmSync(work, { recursive: true, force: true });

console.log(`call on a stdio server, spawn to exit, ${RUNS} paired runs; the bin runs ${fresh ? 'the build (current)' : 'the source through tsx: the build is missing or stale, run npm run build'}`);
console.table(rows);
console.log(`elftia-mcp call / mcporter call (target ≤ ${TARGET}× on every server): ${met ? 'met' : 'MISSED'}`);
process.exitCode = met ? 0 : 1;
