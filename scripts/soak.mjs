/**
 * `npm run soak -- --minutes N [--rate CALLS_PER_SECOND]`: the host (from the sources, as the
 * resilience tests run it) with stdio and Streamable HTTP fixture servers and a steady, modest
 * load of echo calls, each checked against its own text. One stdio server dies by itself every
 * 30 s and the HTTP server is killed and restarted on its port every minute. Prints the host's
 * memory (RSS, heap after a full collection), active handles, open descriptors and children at
 * the start (after a warm-up), every few minutes and at the end.
 *
 * Exits non-zero when a call was lost (no answer, an untyped error, someone else's payload, or a
 * failure on a server that was not being churned), when the churned servers never answered again,
 * when the host's resources grew past the bounds below, or when a server process outlived it.
 * Loopback only; everything it starts it stops.
 */
import { parseArgs } from 'node:util';
import {
  connect,
  echo,
  hostUsage,
  mb,
  ms,
  processesWithMarker,
  quantile,
  report,
  startRig,
  tally,
  waitFor,
} from '../packages/desktop/testing/resilienceKit.ts';
import { startHttpFixture } from '../e2e/fixtures/servers/paths.ts';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '5' }, rate: { type: 'string', default: '5' } } });
const MINUTES = Number(values.minutes);
const RATE = Number(values.rate);
if (!(MINUTES > 0) || !(RATE > 0 && RATE <= 50)) {
  console.error('usage: npm run soak -- --minutes N [--rate CALLS_PER_SECOND (≤ 50)]');
  process.exit(2);
}
const DURATION_MS = MINUTES * 60_000;
/** The baseline is taken after this much load: first calls compile code and fill caches. */
const WARMUP_MS = Math.min(60_000, DURATION_MS / 5);
const SAMPLE_EVERY_MS = Math.min(5 * 60_000, Math.max(30_000, DURATION_MS / 4));
const STDIO_EXIT_AFTER_MS = 30_000;
const HTTP_RESTART_EVERY_MS = 60_000;
/** Growth from the baseline to the end that fails the run. */
const BOUNDS = { rss: 64 * 2 ** 20, heapUsed: 16 * 2 ** 20, handles: 20, fds: 20 };

const STABLE = ['stdio-1', 'stdio-2', 'http-1'];
const CHURNED = ['stdio-churn', 'http-churn'];
const rig = await startRig({
  probe: true,
  servers: [
    { name: 'stdio-1', kind: 'stdio' },
    { name: 'stdio-2', kind: 'stdio' },
    { name: 'stdio-churn', kind: 'stdio', env: { FIXTURE_EXIT_AFTER_MS: String(STDIO_EXIT_AFTER_MS) } },
    { name: 'http-1', kind: 'http' },
    { name: 'http-churn', kind: 'http' },
  ],
});
// The host is our child but does not follow us out: whatever ends the soak early closes it first.
const abort = async (why) => {
  console.error(`Soak stopped early: ${why instanceof Error ? why.stack : why}`);
  await rig.close();
  process.exit(1);
};
process.once('uncaughtException', abort);
process.once('unhandledRejection', abort);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => void abort(signal));

const names = [...STABLE, ...CHURNED];
await Promise.all(names.map((n) => connect(rig.host, rig.ids.get(n))));

const outcomes = new Map(names.map((n) => [n, []]));
const lost = [];
let seq = 0;
let inFlight = 0;
const started = Date.now();
console.log(`Soak: ${MINUTES} min, ${RATE} calls/s over ${names.length} servers (host pid ${rig.host.child.pid}, config ${rig.dir}).`);

const load = setInterval(() => {
  const name = names[seq % names.length];
  const text = `soak-${seq++}-${name}`;
  inFlight++;
  void echo(rig.host, rig.ids.get(name), text).then((o) => {
    inFlight--;
    outcomes.get(name).push(o);
    const churned = CHURNED.includes(name);
    if (o.untyped || o.code === 'MISMATCH' || o.code === 'INTERNAL' || (!o.ok && !churned)) lost.push({ name, text, ...o });
  });
}, 1000 / RATE);

let restarts = 0;
let restartFailures = 0;
const httpChurnPort = rig.remotes.get('http-churn').port;
const churnHttp = setInterval(() => {
  const remote = rig.remotes.get('http-churn');
  void remote
    .stop()
    // Same port, as a remote server's restart looks to the host: stale sockets, a new session.
    .then(() => startHttpFixture('http', {}, httpChurnPort))
    .then((again) => {
      rig.remotes.set('http-churn', again);
      restarts++;
    })
    // A start that missed its timeout on a busy machine is tried again at the next restart;
    // meanwhile the host meets a server that is down, which is churn too.
    .catch(() => restartFailures++);
}, HTTP_RESTART_EVERY_MS);

const samples = [];
function sample(label) {
  const u = hostUsage(rig);
  const all = [...outcomes.values()].flat();
  const row = { label, at: `${((Date.now() - started) / 60_000).toFixed(1)} min`, ...u, calls: all.length, ok: all.filter((o) => o.ok).length };
  samples.push(row);
  report(`${label} at ${row.at}`, {
    'host RSS': mb(u.rss),
    'heapUsed (after gc)': mb(u.heapUsed),
    'active handles': u.handles ?? '—',
    'open fds': u.fds ?? '—',
    'child processes': `${u.children} (${u.servers} stdio servers)`,
    'calls answered': `${row.calls} (${row.ok} ok, ${lost.length} lost, ${inFlight} in flight)`,
    'http restarts': `${restarts}${restartFailures ? ` (${restartFailures} starts timed out)` : ''}`,
  });
  return row;
}

const sleep = (t) => new Promise((r) => setTimeout(r, t));
await sleep(WARMUP_MS);
const baseline = sample('start');
const periodic = setInterval(() => sample('sample'), SAMPLE_EVERY_MS);
await sleep(DURATION_MS - WARMUP_MS);
clearInterval(load);
clearInterval(periodic);
clearInterval(churnHttp);
await waitFor(() => inFlight === 0, 60_000);
// One probe period, so the end figures are taken after the load stopped.
await sleep(6_000);

const failures = [];
// The churned servers must answer again once the churn stops (the pool did not wedge).
for (const name of CHURNED) {
  const last = await echo(rig.host, rig.ids.get(name), `soak-final-${name}`);
  if (!last.ok) failures.push(`${name} did not answer after the churn stopped: ${last.code ?? last.untyped}`);
}
const end = sample('end');

const figures = {};
for (const name of names) {
  const list = outcomes.get(name);
  const t = tally(list);
  figures[name] = `${list.length} calls, ${Object.entries(t).map(([k, v]) => `${k} ${v}`).join(', ')}; p50 ${ms(quantile(list.filter((o) => o.ok).map((o) => o.ms), 0.5))}, p99 ${ms(quantile(list.filter((o) => o.ok).map((o) => o.ms), 0.99))}`;
}
report('calls by server', figures);
const growth = {
  rss: end.rss - baseline.rss,
  heapUsed: end.heapUsed - baseline.heapUsed,
  handles: end.handles - baseline.handles,
  fds: end.fds - baseline.fds,
};
report('growth from start to end (bound)', {
  'host RSS': `${mb(growth.rss)} (≤ ${mb(BOUNDS.rss)})`,
  heapUsed: `${mb(growth.heapUsed)} (≤ ${mb(BOUNDS.heapUsed)})`,
  'active handles': `${growth.handles} (≤ ${BOUNDS.handles})`,
  'open fds': `${growth.fds} (≤ ${BOUNDS.fds})`,
  'stdio server processes at end': `${end.servers} (≤ 3)`,
});
for (const [key, bound] of Object.entries(BOUNDS)) {
  if (!(growth[key] <= bound)) failures.push(`${key} grew by ${key === 'handles' || key === 'fds' ? growth[key] : mb(growth[key])}, over the bound`);
}
if (end.servers > 3) failures.push(`${end.servers} stdio server processes run, more than the 3 configured`);
if (lost.length > 0) failures.push(`${lost.length} call(s) lost, first: ${JSON.stringify(lost.slice(0, 3))}`);

await rig.close();
if (!(await waitFor(() => processesWithMarker(rig.marker).length === 0, 5_000))) failures.push('server processes outlived the host');

if (failures.length > 0) {
  console.error(`Soak FAILED:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Soak passed: no call lost, resources within bounds, no process left.');
process.exit(0);
