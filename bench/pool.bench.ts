/**
 * McpService pool benchmark (issue 3). Run: `npx tsx bench/pool.bench.ts`.
 * Every ratio is measured side by side in this one run, on the stdio fixture server:
 *   1. callTool through McpService vs a bare SDK Client, 2,000 sequential calls each,
 *      interleaved in blocks so machine drift hits both alike: median per-call ratio ≤ 1.10.
 *   2. listAllActiveServerTools over 20 servers, cold: wall time ≤ 1.5 × one server's cold connect.
 *   3. cached listServerTools vs an uncached one (same warm connection): ≥ 100 × faster.
 * Exits non-zero when a target is missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { FIXTURE_SERVERS } from '../e2e/fixtures/servers/paths';
import { McpService } from '../packages/desktop/app/main/services/capabilities/tools/mcp-users/McpService';
import { openConfMcpConfigStore } from '../packages/desktop/app/main/services/config/confBackend';

const CALLS = 2_000;
const BLOCK = 100;
const SERVERS = 20;
const COLD_RUNS = 3;
const CACHED_CALLS = 5_000;
const UNCACHED_CALLS = 300;

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const fixtureServer = (name: string) => ({
  name,
  type: 'stdio' as const,
  config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio] },
});

/** A config dir holding `count` active fixture servers, written without connecting to any. */
async function configDir(count: number): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'elftia-bench-'));
  const service = new McpService(openConfMcpConfigStore(dir));
  for (let i = 0; i < count; i++) await service.add({ ...fixtureServer(`s${i}`), isActive: false });
  for (const s of await service.list()) await service.update({ id: s.id, updates: { isActive: true } });
  await service.dispose();
  return dir;
}

async function callOverhead(): Promise<{ service: number; bare: number }> {
  const dir = await configDir(1);
  const service = new McpService(openConfMcpConfigStore(dir));
  const [server] = await service.list();
  const bare = new Client({ name: 'bench', version: '1' });
  await bare.connect(new StdioClientTransport({ command: process.execPath, args: [FIXTURE_SERVERS.stdio], stderr: 'ignore' }));
  const args = { text: 'x' };
  const viaService = () => service.callTool(server!.id, 'echo', args);
  const viaBare = () => bare.callTool({ name: 'echo', arguments: args });
  // Warm both (connect, JIT) before measuring.
  for (let i = 0; i < 200; i++) await Promise.all([viaService(), viaBare()]);
  const s: number[] = [];
  const b: number[] = [];
  for (let done = 0; done < CALLS; done += BLOCK) {
    for (let i = 0; i < BLOCK; i++) s.push(await time(viaService));
    for (let i = 0; i < BLOCK; i++) b.push(await time(viaBare));
  }
  await bare.close();
  await service.dispose();
  rmSync(dir, { recursive: true, force: true });
  return { service: median(s), bare: median(b) };
}

async function coldListAll(dir: string): Promise<{ ms: number; tools: number }> {
  const service = new McpService(openConfMcpConfigStore(dir));
  const t0 = performance.now();
  const tools = await service.listAllActiveServerTools();
  const ms = performance.now() - t0;
  await service.dispose();
  return { ms, tools: tools.length };
}

async function coldStart(): Promise<{ one: number; many: number; tools: number }> {
  const oneDir = await configDir(1);
  const manyDir = await configDir(SERVERS);
  const one: number[] = [];
  const many: number[] = [];
  let tools = 0;
  for (let run = 0; run < COLD_RUNS; run++) {
    one.push((await coldListAll(oneDir)).ms);
    const result = await coldListAll(manyDir);
    many.push(result.ms);
    tools = result.tools;
  }
  for (const dir of [oneDir, manyDir]) rmSync(dir, { recursive: true, force: true });
  return { one: median(one), many: median(many), tools };
}

async function cache(): Promise<{ cached: number; uncached: number }> {
  const dir = await configDir(1);
  const service = new McpService(openConfMcpConfigStore(dir));
  const [server] = await service.list();
  await service.listServerTools(server!.id);
  const u: number[] = [];
  for (let i = 0; i < UNCACHED_CALLS; i++) u.push(await time(() => service.listServerTools(server!.id, { refresh: true })));
  const c: number[] = [];
  for (let i = 0; i < CACHED_CALLS; i++) c.push(await time(() => service.listServerTools(server!.id)));
  await service.dispose();
  rmSync(dir, { recursive: true, force: true });
  return { cached: median(c), uncached: median(u) };
}

const calls = await callOverhead();
const cold = await coldStart();
const cached = await cache();

const rows = [
  {
    metric: `callTool: McpService / bare SDK Client (median of ${CALLS} sequential calls)`,
    measured: `${calls.service.toFixed(3)} ms / ${calls.bare.toFixed(3)} ms`,
    ratio: calls.service / calls.bare,
    target: '≤ 1.10',
    pass: calls.service / calls.bare <= 1.1,
  },
  {
    metric: `listAllActiveServerTools: ${SERVERS} servers cold / 1 server cold (median of ${COLD_RUNS}; ${cold.tools} tools)`,
    measured: `${cold.many.toFixed(0)} ms / ${cold.one.toFixed(0)} ms`,
    ratio: cold.many / cold.one,
    target: '≤ 1.50',
    pass: cold.many / cold.one <= 1.5,
  },
  {
    metric: 'listServerTools: uncached / cached (median)',
    measured: `${cached.uncached.toFixed(3)} ms / ${(cached.cached * 1000).toFixed(2)} µs`,
    ratio: cached.uncached / cached.cached,
    target: '≥ 100',
    pass: cached.uncached / cached.cached >= 100,
  },
];

// Cold starts are CPU-bound (each node server loads the SDK), so 20 of them cannot beat
// 20 / cores × one; the machine's parallelism is printed to read that row against.
console.log(`\nMcpService pool benchmark (node ${process.version}, ${process.platform}, ${availableParallelism()} cores)\n`);
console.table(rows.map((r) => ({ metric: r.metric, measured: r.measured, ratio: r.ratio.toFixed(2), target: r.target, result: r.pass ? 'PASS' : 'FAIL' })));
if (rows.some((r) => !r.pass)) process.exitCode = 1;
