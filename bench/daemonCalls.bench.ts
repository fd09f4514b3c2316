/**
 * 20 sequential `elftia-mcp call`s on a stdio server (the fixture's `echo`), one-shot (each
 * command starts the services and the server, calls, stops them) against the same 20 through a
 * running `elftia-mcp daemon` (each command finds the daemon and sends its call to the server the
 * daemon keeps connected). Paired runs, interleaved, so a burst of load elsewhere hits both sides
 * alike; the ratio is of the medians. Target: the daemon side at most 0.7× the one-shot wall time.
 * CPU seconds are printed too (the CLI processes and their servers, plus what the daemon and its
 * server spent during its batch), since wall time on a shared two-core machine is noisy.
 * Run: npx tsx bench/daemonCalls.bench.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FIXTURE_SERVERS } from '../e2e/fixtures/servers/paths';
import { readHostRecord } from '../packages/desktop/app/host/hostRecord';
import { CLI_BIN, ensureFreshCliBuild } from './freshCliBuild';

const CALLS = 20;
const PAIRS = 3;
const TARGET = 0.7;
const TICKS_PER_SECOND = 100;

const configDir = mkdtempSync(path.join(tmpdir(), 'elftia-bench-daemon-'));
const env = { ...process.env, ELFTIA_CONFIG_DIR: '' };

function cli(...args: string[]): string {
  const result = spawnSync(process.execPath, [CLI_BIN, '--config-dir', configDir, ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`elftia-mcp ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

/** CPU seconds of a process (/proc/<pid>/stat): its own (utime, stime) or its reaped children's (cutime, cstime). */
function cpuSeconds(pid: number | 'self', which: 'own' | 'children'): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  const [a, b] = which === 'own' ? [11, 12] : [13, 14];
  return (Number(fields[a]) + Number(fields[b])) / TICKS_PER_SECOND;
}

interface Batch {
  wallMs: number;
  cpuS: number;
}

/** What the daemon and the servers it keeps (recorded in mcp-processes.json) have spent: they are not this process's children. */
function daemonCpu(daemonPid: number | undefined): number {
  if (daemonPid === undefined) return 0;
  const servers = (JSON.parse(readFileSync(path.join(configDir, 'mcp-processes.json'), 'utf8')) as Array<{ pid: number }>).map((r) => r.pid);
  return [daemonPid, ...servers].reduce((sum, pid) => sum + cpuSeconds(pid, 'own'), 0);
}

function batch(globals: string[], daemonPid?: number): Batch {
  const cpuBefore = cpuSeconds('self', 'children') + daemonCpu(daemonPid);
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const out = cli(...globals, 'call', 'fx', 'echo', '--args', `{"text":"call ${i}"}`);
    if (out !== `call ${i}\n`) throw new Error(`call ${i} printed ${JSON.stringify(out)}`);
  }
  const wallMs = performance.now() - start;
  const cpuAfter = cpuSeconds('self', 'children') + daemonCpu(daemonPid);
  return { wallMs, cpuS: cpuAfter - cpuBefore };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? NaN;

const fresh = ensureFreshCliBuild();
cli('servers', 'add', '--name', 'fx', '--type', 'stdio', '--command', process.execPath, '--arg', FIXTURE_SERVERS.stdio);
cli('daemon', 'start');
const daemonPid = readHostRecord(configDir)?.pid;
if (daemonPid === undefined) throw new Error('daemon start returned, but no daemon is recorded');
const oneShot: Batch[] = [];
const daemon: Batch[] = [];
try {
  cli('call', 'fx', 'echo', '--args', '{"text":"warm-up"}'); // the daemon connects the server once, as a script's first call would
  for (let pair = 0; pair < PAIRS; pair++) {
    oneShot.push(batch(['--no-daemon']));
    daemon.push(batch([], daemonPid));
  }
} finally {
  cli('daemon', 'stop');
  rmSync(configDir, { recursive: true, force: true });
}

const row = (label: string, batches: Batch[]) => ({
  side: label,
  [`wall s (${CALLS} calls)`]: (median(batches.map((b) => b.wallMs)) / 1000).toFixed(2),
  'ms per call': (median(batches.map((b) => b.wallMs)) / CALLS).toFixed(0),
  [`CPU s (${CALLS} calls)`]: median(batches.map((b) => b.cpuS)).toFixed(2),
});
console.log(`${CALLS} sequential calls of a stdio server's tool, median of ${PAIRS} paired batches; ${fresh ? 'the build (current)' : 'the source through tsx: the build is missing or stale'}`);
console.table([row('one-shot (--no-daemon)', oneShot), row('through the daemon', daemon)]);
const ratio = median(daemon.map((b) => b.wallMs)) / median(oneShot.map((b) => b.wallMs));
const cpuRatio = median(daemon.map((b) => b.cpuS)) / median(oneShot.map((b) => b.cpuS));
const met = ratio <= TARGET;
console.log(`through the daemon: ${ratio.toFixed(2)}× the one-shot wall time (CPU ${cpuRatio.toFixed(2)}×; target ≤ ${TARGET}×): ${met ? 'met' : 'MISSED'}`);
process.exitCode = met ? 0 : 1;
