/**
 * The resilience runs' shared rig (resilience/*.process.test.ts and scripts/soak.mjs): the
 * real host process (hostProcessTestkit) with fixture servers added through its API, echo calls
 * that check their own payload, and the figures the runs print. Every stdio server carries a
 * marker argument, so a leaked process is found even after it was re-parented.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { FIXTURE_SERVERS, readProcess, startHttpFixture, type FixtureEnv, type RunningServer } from '@fixtures/servers/paths';
import { REPO_ROOT, hostArgs, processesWithMarker, rpc, rssBytes, waitFor, waitForHost, type HostProcess } from './hostProcessTestkit';

export { processesWithMarker, rpc, waitFor };

/** Without a current build the host compiles its sources through tsx as it starts: on a machine this busy that can take a minute. */
const HOST_START_MS = 120_000;

/** Loaded into the host by `startRig({ probe: true })`: its heap and handle counts, written to a file. */
const PROBE = fileURLToPath(new URL('./hostProbe.mjs', import.meta.url));

export interface ServerSpec {
  name: string;
  kind: 'stdio' | 'http';
  env?: FixtureEnv;
  /** For `http`: listen on this port (a restart keeps its port); random by default. */
  port?: number;
}

export interface Rig {
  host: HostProcess;
  dir: string;
  /** In the command line of every stdio server this rig added. */
  marker: string;
  /** Server ids by name. */
  ids: Map<string, string>;
  /** The HTTP fixtures this rig runs, by server name (a test may stop and restart one). */
  remotes: Map<string, RunningServer>;
  add(spec: ServerSpec): Promise<string>;
  /** Stops the host (SIGTERM, then SIGKILL after 10 s), the HTTP fixtures and removes the dir. */
  close(): Promise<void>;
}

export async function startRig({ servers = [] as ServerSpec[], probe = false, dir = tempConfigDir() } = {}): Promise<Rig> {
  const marker = `elftia-resilience-${randomUUID()}`;
  const probeFile = path.join(dir, 'probe.json');
  const child = spawn(process.execPath, hostArgs(dir, probe ? ['--expose-gc', '--import', PROBE] : []), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...(probe && { ELFTIA_PROBE_FILE: probeFile }) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const host = await waitForHost(child, HOST_START_MS);
  const ids = new Map<string, string>();
  const remotes = new Map<string, RunningServer>();
  const rig: Rig = {
    host,
    dir,
    marker,
    ids,
    remotes,
    async add(spec) {
      let config: Record<string, unknown>;
      if (spec.kind === 'http') {
        // Once more when the first start missed its timeout: on a machine this busy a node start can.
        const remote = await startHttpFixture('http', spec.env, spec.port).catch(() => startHttpFixture('http', spec.env, spec.port));
        remotes.set(spec.name, remote);
        config = { url: remote.url.href };
      } else {
        config = { command: process.execPath, args: [FIXTURE_SERVERS.stdio, marker], env: spec.env ?? {} };
      }
      const added = await rpc(host, 'mcp.add', { name: spec.name, type: spec.kind, config, isActive: true });
      const id = (added.body as { data?: { server?: { id: string } } }).data?.server?.id;
      if (!id) throw new Error(`could not add ${spec.name}: ${JSON.stringify(added.body)}`);
      ids.set(spec.name, id);
      return id;
    },
    async close() {
      if (host.child.exitCode === null && host.child.signalCode === null) {
        const timer = setTimeout(() => host.child.kill('SIGKILL'), 10_000);
        host.child.kill('SIGTERM');
        await host.exited;
        clearTimeout(timer);
      }
      await Promise.all([...remotes.values()].map((r) => r.stop()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    // One after another: ten fixtures starting at once on a busy machine miss their start timeout.
    for (const spec of servers) await rig.add(spec);
  } catch (err) {
    await rig.close();
    throw err;
  }
  return rig;
}

export function tempConfigDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'elftia-resilience-'));
}

export interface CallOutcome {
  /** The tool answered and its text is the one sent. */
  ok: boolean;
  /** The error code when the host answered an error envelope; `MISMATCH` if the echo was someone else's. */
  code?: string;
  /** How the call went wrong when it did not end in an error envelope (an HTTP failure, a bad body). */
  untyped?: string;
  /** The error envelope's message. */
  message?: string | undefined;
  ms: number;
}

/** How long past its own timeout a call may take to answer before the run calls it hung. */
export const HANG_GRACE_MS = 15_000;
/** The host's default call timeout is longer than any run waits; the runs give each call its own. */
export const CALL_TIMEOUT_MS = 15_000;

/**
 * The runs' calls share one agent of at most this many sockets, as a page shares the browser's
 * few: a burst of a thousand calls queues here rather than in the host's accept queue (511),
 * where a busy machine turns it into connection timeouts that say nothing about the host. No
 * keep-alive: on a starved machine a client may take longer than the host's 5 s keep-alive
 * timeout to send its next request on a kept socket, and the reset would count as a lost call.
 */
const agent = new http.Agent({ keepAlive: false, maxSockets: 200 });

/** `POST /api/rpc`; `limitMs` bounds the wait from the moment the request is on a socket (not its queueing). */
function post(host: HostProcess, route: string, input: unknown, limitMs: number): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ route, input });
    const req = http.request(
      {
        host: '127.0.0.1',
        port: host.port,
        path: '/api/rpc',
        method: 'POST',
        agent,
        headers: { Authorization: `Bearer ${host.token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          clearTimeout(timer);
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: text });
          }
        });
        res.on('error', reject);
      },
    );
    let timer: NodeJS.Timeout | undefined;
    req.once('socket', () => (timer = setTimeout(() => req.destroy(new Error(`no answer within ${limitMs} ms`)), limitMs)));
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(payload);
  });
}

/**
 * `echo` on one server through `POST /api/rpc` with a timeout of its own, checking that the answer
 * carries this call's own text. A call with no answer `HANG_GRACE_MS` past its timeout is `untyped`.
 * `ms` runs from the call being issued, queueing included: what a caller waits.
 */
export async function echo(host: HostProcess, serverId: string, text: string, timeoutMs = CALL_TIMEOUT_MS): Promise<CallOutcome> {
  const started = performance.now();
  const outcome = (rest: Omit<CallOutcome, 'ms'>): CallOutcome => ({ ...rest, ms: performance.now() - started });
  let res: { status: number; body: unknown };
  try {
    res = await post(host, 'mcp.call_tool', { serverId, toolName: 'echo', args: { text }, timeoutMs }, timeoutMs + HANG_GRACE_MS);
  } catch (err) {
    return outcome({ ok: false, untyped: `no answer: ${(err as Error).message}` });
  }
  const body = res.body as { ok?: boolean; data?: { content?: { text?: string }[]; isError?: boolean }; error?: { code?: string; message?: string } };
  if (body.ok === true) {
    const echoed = body.data?.content?.[0]?.text;
    return echoed === text ? outcome({ ok: true }) : outcome({ ok: false, code: 'MISMATCH' });
  }
  if (body.ok === false && typeof body.error?.code === 'string') return outcome({ ok: false, code: body.error.code, message: body.error.message });
  return outcome({ ok: false, untyped: `HTTP ${res.status}: ${JSON.stringify(body).slice(0, 200)}` });
}

/** Connects a server (lists its tools) and fails loudly if it does not. */
export async function connect(host: HostProcess, serverId: string): Promise<void> {
  const res = await rpc(host, 'mcp.list_tools', { id: serverId });
  if ((res.body as { ok?: boolean }).ok !== true) throw new Error(`server ${serverId} did not connect: ${JSON.stringify(res.body)}`);
}

/** The value at quantile `q` (0..1) of `values`, nearest-rank. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** Counts of each outcome: `ok`, every error code, `untyped`. */
export function tally(outcomes: readonly CallOutcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const o of outcomes) {
    const key = o.ok ? 'ok' : (o.code ?? 'untyped');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

/** Prints a run's figures as a small table (name, value) under a title. */
export function report(title: string, figures: Record<string, string | number>): void {
  const width = Math.max(...Object.keys(figures).map((k) => k.length));
  console.log([`── ${title}`, ...Object.entries(figures).map(([k, v]) => `  ${k.padEnd(width)}  ${v}`)].join('\n'));
}

export const ms = (n: number) => `${n.toFixed(0)} ms`;
export const mb = (n: number | undefined) => (n === undefined ? '—' : `${(n / 2 ** 20).toFixed(1)} MB`);

export interface HostUsage {
  rss?: number | undefined;
  /** From the probe (startRig({ probe: true })); undefined without it. */
  heapUsed?: number | undefined;
  handles?: number | undefined;
  fds?: number | undefined;
  /** Live processes whose parent is the host (tsx's esbuild service among them). */
  children: number;
  /** Live stdio servers of this rig (processes carrying its marker). */
  servers: number;
}

/** The host's memory, open file descriptors and children now (Linux /proc), plus the probe's last figures. */
export function hostUsage(rig: Rig): HostUsage {
  const pid = rig.host.child.pid!;
  let fds: number | undefined;
  try {
    fds = readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    fds = undefined;
  }
  const children = readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map((n) => readProcess(Number(n)))
    .filter((p) => p !== undefined && p.ppid === pid && p.state !== 'Z').length;
  let probe: { heapUsed?: number; handles?: number } = {};
  try {
    probe = JSON.parse(readFileSync(path.join(rig.dir, 'probe.json'), 'utf8')) as typeof probe;
  } catch {
    // No probe, or it has not written yet.
  }
  return { rss: rssBytes(pid), heapUsed: probe.heapUsed, handles: probe.handles, fds, children, servers: processesWithMarker(rig.marker).length };
}
