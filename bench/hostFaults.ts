/**
 * Host fault measurements (issue 7, items 10 and 11). Run: `npx tsx bench/hostFaults.ts [--seconds 30]`.
 * Not part of `npm run bench` (it is a before/after measurement, not a ratio with a target, and
 * it runs for a minute or two). Everything runs on 127.0.0.1 and is bounded in count and time;
 * the host gets `--max-old-space-size=512`, so a host that buffers without bound dies at a known
 * size instead of eating the machine.
 *
 *   memory   host RSS while 10 event streams have stopped reading and one server floods stderr
 *   latency  a cheap `POST /api/rpc` (mcp.list) while 100 streams read and one server floods stderr
 *   signals  for each terminating signal: marked server processes (3 ignore stdin EOF) left after
 *            the host handled it
 *   launcher whether the host survives its launcher being SIGKILLed (scripts/launchChild.mjs when
 *            present, else the launch start.mjs used to do: plain spawn, stdio inherited)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { FIXTURE_SERVERS, readProcess } from '../e2e/fixtures/servers/paths';
import {
  REPO_ROOT,
  hostArgs,
  openRawStream,
  processesWithMarker,
  rpc,
  rssBytes,
  startHostProcess,
  waitFor,
  waitForHost,
  type HostProcess,
} from '../packages/desktop/testing/hostProcessTestkit';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '30' }, only: { type: 'string' } } });
const SECONDS = Number(values.seconds);
const HEAP = ['--max-old-space-size=512'];
const FLOOD = path.join(REPO_ROOT, 'bench/fixtures/stderr-flood.mjs');
const TESTKIT = path.join(REPO_ROOT, 'packages/desktop/testing/hostProcessTestkit.ts');
const TSX = ['--import', 'tsx'];
const MB = (n: number | undefined) => (n === undefined ? '—' : `${(n / 2 ** 20).toFixed(0)} MB`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tempDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'elftia-bench-host-'));
}

async function addServer(host: HostProcess, name: string, script: string, marker: string, env: Record<string, string> = {}): Promise<void> {
  const added = (await rpc(host, 'mcp.add', { name, type: 'stdio', config: { command: process.execPath, args: [script, marker], env }, isActive: true })).body as {
    ok: boolean;
    data?: { server?: { id: string } };
  };
  const id = added.data?.server?.id;
  if (!id) throw new Error(`could not add ${name}: ${JSON.stringify(added)}`);
  const tools = (await rpc(host, 'mcp.list_tools', { id })).body as { ok: boolean };
  if (!tools.ok) throw new Error(`${name} did not connect: ${JSON.stringify(tools)}`);
}

async function shutdown(host: HostProcess, marker: string): Promise<void> {
  if (host.child.exitCode === null && host.child.signalCode === null) {
    host.child.kill('SIGTERM');
    if (!(await waitFor(() => host.child.exitCode !== null || host.child.signalCode !== null, 10_000))) host.child.kill('SIGKILL');
  }
  for (const pid of processesWithMarker(marker)) process.kill(pid, 'SIGKILL');
}

async function memory(): Promise<void> {
  const dir = tempDir();
  const marker = `elftia-bench-${process.pid}-mem`;
  const host = await startHostProcess(dir, { nodeFlags: HEAP });
  const pid = host.child.pid!;
  const base = rssBytes(pid);
  const streams = Array.from({ length: 10 }, () => openRawStream(host, { read: false }));
  await addServer(host, 'flood', FLOOD, marker);
  let peak = 0;
  const marks: string[] = [];
  let diedAt: number | undefined;
  const t0 = performance.now();
  for (let s = 1; s <= SECONDS; s++) {
    await sleep(1000);
    const rss = rssBytes(pid);
    if (rss === undefined || host.child.exitCode !== null || host.child.signalCode !== null) {
      diedAt = (performance.now() - t0) / 1000;
      break;
    }
    peak = Math.max(peak, rss);
    if (s % 10 === 0) marks.push(`${s} s: ${MB(rss)}`);
  }
  const end = await Promise.race([host.exited, sleep(200).then(() => undefined)]);
  const leftBehind = diedAt === undefined ? 0 : (await sleep(500), processesWithMarker(marker).length);
  for (const s of streams) s.close();
  await shutdown(host, marker);
  rmSync(dir, { recursive: true, force: true });
  console.log(`| memory | RSS at start ${MB(base)}; ${marks.join(', ')}; peak ${MB(peak)} | ${diedAt === undefined ? 'host alive' : `host died after ${diedAt.toFixed(0)} s (${end?.signal ?? end?.code}), ${leftBehind} server process(es) left running`} |`);
}

async function latency(): Promise<void> {
  const dir = tempDir();
  const marker = `elftia-bench-${process.pid}-lat`;
  const host = await startHostProcess(dir, { nodeFlags: HEAP });
  const sample = async (ms: number) => {
    const times: number[] = [];
    let failed = 0;
    const until = performance.now() + ms;
    while (performance.now() < until && host.child.exitCode === null && host.child.signalCode === null) {
      const t = performance.now();
      await rpc(host, 'mcp.list').then(
        () => times.push(performance.now() - t),
        () => failed++,
      );
      await sleep(50);
    }
    if (times.length === 0) return `no answers (${failed} failed; host ${host.child.signalCode ?? host.child.exitCode ?? 'alive'})`;
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
    return `p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, max ${q(1).toFixed(0)} ms (n=${times.length}, ${failed} failed${host.child.exitCode !== null || host.child.signalCode !== null ? `, host died: ${host.child.signalCode ?? host.child.exitCode}` : ''})`;
  };
  const idle = await sample(3000);
  // The readers run in their own process, so reading 100 streams does not slow the client that times requests.
  const readers = spawn(process.execPath, [...TSX, '--input-type=module', '-e', `
    const { openRawStream } = await import(${JSON.stringify(TESTKIT)});
    const streams = Array.from({ length: 100 }, () => openRawStream({ port: ${host.port}, token: ${JSON.stringify(host.token)} }, { read: true }));
    const statuses = await Promise.all(streams.map((s) => Promise.race([s.status, new Promise((r) => setTimeout(() => r(0), 5000))])));
    console.log('ACCEPTED', statuses.filter((s) => s === 200).length);`], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  let readerOut = '';
  readers.stdout.on('data', (c: Buffer) => (readerOut += c.toString()));
  await waitFor(() => readerOut.includes('ACCEPTED'), 15_000);
  const accepted = Number(/ACCEPTED (\d+)/.exec(readerOut)?.[1] ?? 0);
  await addServer(host, 'flood', FLOOD, marker, { FLOOD_LINES: '2' });
  const loaded = await sample(Math.min(SECONDS, 15) * 1000);
  readers.kill('SIGKILL');
  await shutdown(host, marker);
  rmSync(dir, { recursive: true, force: true });
  console.log(`| latency | idle: ${idle} | 100 streams (${accepted} accepted, ${100 - accepted} refused) + flood: ${loaded} |`);
}

async function signals(): Promise<void> {
  for (const signal of ['SIGHUP', 'SIGQUIT', 'SIGUSR2', 'SIGINT', 'SIGTERM'] as const) {
    const dir = tempDir();
    const marker = `elftia-bench-${process.pid}-${signal}`;
    const host = await startHostProcess(dir);
    for (let i = 0; i < 5; i++) await addServer(host, `s${i}`, FIXTURE_SERVERS.stdio, marker, i < 3 ? { FIXTURE_LINGER: '1' } : {});
    const before = processesWithMarker(marker).length;
    host.child.kill(signal);
    const ended = await Promise.race([host.exited, sleep(15_000).then(() => undefined)]);
    await waitFor(() => processesWithMarker(marker).length === 0, 1500);
    const left = processesWithMarker(marker).length;
    await shutdown(host, marker);
    rmSync(dir, { recursive: true, force: true });
    console.log(`| ${signal} | ${before} servers running | host ${ended ? `ended (${ended.signal ?? `code ${ended.code}`})` : 'still running after 15 s'}; ${left} server process(es) left |`);
  }
}

async function launcher(): Promise<void> {
  const dir = tempDir();
  const marker = `elftia-bench-${process.pid}-launcher`;
  const launcherModule = path.join(REPO_ROOT, 'scripts/launchChild.mjs');
  const args = JSON.stringify(hostArgs(dir));
  // The old start.mjs run(): spawn with stdio inherited, forward SIGINT/SIGTERM, exit with the child.
  const oldLaunch = `const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ${args}, { stdio: 'inherit' });
    for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => child.kill(s));
    child.on('exit', (code) => process.exit(code ?? 1));`;
  const newLaunch = `const { launchChild } = await import(${JSON.stringify(launcherModule)}); launchChild(process.execPath, ${args});`;
  const which = existsSync(launcherModule) ? 'scripts/launchChild.mjs' : 'old start.mjs spawn';
  const launcherProc = spawn(process.execPath, ['--input-type=module', '-e', existsSync(launcherModule) ? newLaunch : oldLaunch], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const host = await waitForHost(launcherProc);
  await addServer(host, 'one', FIXTURE_SERVERS.stdio, marker, { FIXTURE_LINGER: '1' });
  const hostPid = readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map((n) => readProcess(Number(n)))
    .find((p) => p !== undefined && p.ppid === launcherProc.pid && p.command.includes('index.ts'))?.pid;
  launcherProc.kill('SIGKILL');
  const gone = hostPid !== undefined && (await waitFor(() => readProcess(hostPid) === undefined || readProcess(hostPid)?.state === 'Z', 10_000));
  await waitFor(() => processesWithMarker(marker).length === 0, 1500);
  const left = processesWithMarker(marker).length;
  if (hostPid !== undefined && !gone) process.kill(hostPid, 'SIGKILL');
  for (const pid of processesWithMarker(marker)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  console.log(`| launcher SIGKILL (${which}) | host ${gone ? 'exited within 10 s' : 'still serving after 10 s (orphan)'} | ${left} server process(es) left |`);
}

const scenarios = { memory, latency, signals, launcher };
for (const [name, run] of Object.entries(scenarios)) {
  if (values.only && !values.only.split(',').includes(name)) continue;
  await run();
}
