/**
 * Resilience run: 10 servers (5 stdio, 5 Streamable HTTP) × 100 concurrent calls through the
 * host's API. Every call must answer with its own payload: a unique text per call, compared on
 * return, so an answer routed to the wrong caller or a dropped call fails the run.
 */
import { afterEach, expect, it } from 'vitest';
import { connect, echo, ms, processesWithMarker, quantile, report, startRig, tally, waitFor, type Rig } from '@desktop-testing/resilienceKit';

const SERVERS = 10;
const CALLS_PER_SERVER = 100;
/**
 * What this run proves is that nothing is lost, not how fast: a hundred calls queue at each
 * server, and on a loaded machine the last of them waits well past the usual call timeout.
 */
const CALL_TIMEOUT_MS = 60_000;

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.close();
  if (rig) expect(await waitFor(() => processesWithMarker(rig!.marker).length === 0, 5_000), 'stdio servers outlived the host').toBe(true);
  rig = undefined;
});

it(`${SERVERS} servers × ${CALLS_PER_SERVER} concurrent calls: every call answers with its own payload`, { timeout: 300_000 }, async () => {
  rig = await startRig({
    servers: Array.from({ length: SERVERS }, (_, i) => ({ name: `s${i}`, kind: i % 2 === 0 ? ('stdio' as const) : ('http' as const) })),
  });
  const ids = [...rig.ids.values()];
  await Promise.all(ids.map((id) => connect(rig!.host, id)));

  const started = performance.now();
  // Issued round-robin, so every server has calls in flight at once (the client's sockets are a queue).
  const calls = Array.from({ length: CALLS_PER_SERVER }, (_, c) => ids.map((id, s) => echo(rig!.host, id, `server ${s} call ${c} ${'·'.repeat(c % 7)}`, CALL_TIMEOUT_MS))).flat();
  const outcomes = await Promise.all(calls);
  const wall = performance.now() - started;

  const times = outcomes.map((o) => o.ms);
  report(`${SERVERS} servers × ${CALLS_PER_SERVER} concurrent calls`, {
    calls: outcomes.length,
    outcomes: JSON.stringify(tally(outcomes)),
    'calls/s': (outcomes.length / (wall / 1000)).toFixed(0),
    p50: ms(quantile(times, 0.5)),
    p99: ms(quantile(times, 0.99)),
    max: ms(Math.max(...times)),
    'wall time': ms(wall),
  });
  expect(outcomes).toHaveLength(SERVERS * CALLS_PER_SERVER);
  const failed = outcomes.filter((o) => !o.ok);
  expect(failed.slice(0, 5), `${failed.length} call(s) did not answer with their own payload`).toEqual([]);
});
