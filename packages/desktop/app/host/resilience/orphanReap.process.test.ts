/**
 * Resilience run: the real host is SIGKILLed with three stdio servers running (they ignore stdin
 * EOF, FIXTURE_LINGER=1, so they do not notice the orphaning and stay). The next start with the
 * same config folder reaps them from the pid record and says so: in its startup output and in
 * `app.notices`, which the page shows.
 */
import { afterEach, expect, it } from 'vitest';
import { FIXTURE_SERVERS, isRunning, readProcess } from '@fixtures/servers/paths';
import { REAP_GRACE_MS } from '../../main/services/capabilities/tools/mcp-users/McpProcessTracker';
import { connect, processesWithMarker, report, rpc, startRig, tempConfigDir, waitFor, type Rig } from '@desktop-testing/resilienceKit';

const SERVERS = 3;
const rigs: Rig[] = [];
let marker = '';

afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
  await waitFor(() => processesWithMarker(marker).length === 0, 5_000);
  const left = processesWithMarker(marker);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  expect(left, 'server processes left running').toEqual([]);
});

it('the next start reaps the stdio servers a SIGKILLed host left, and says so', { timeout: 120_000 }, async () => {
  const dir = tempConfigDir();
  const first = await startRig({ dir, servers: Array.from({ length: SERVERS }, (_, i) => ({ name: `s${i}`, kind: 'stdio' as const, env: { FIXTURE_LINGER: '1' } })) });
  rigs.push(first);
  marker = first.marker;
  for (const id of first.ids.values()) await connect(first.host, id);
  const orphans = processesWithMarker(marker);
  expect(orphans).toHaveLength(SERVERS);

  first.host.child.kill('SIGKILL');
  await first.host.exited;
  // Nothing ran the host's shutdown: the servers are orphans now, still running.
  await new Promise((r) => setTimeout(r, 1_000));
  expect(processesWithMarker(marker).sort()).toEqual([...orphans].sort());

  // The same folder, whose pid record names the orphans. (The servers may start again in this
  // run: what must be gone are the orphans' pids.)
  const second = await startRig({ dir });
  rigs.push(second);
  const reapedInTime = await waitFor(() => orphans.every((pid) => !isRunning(pid)), 10_000);
  const notices = (await rpc(second.host, 'app.notices')).body as { ok: boolean; data: { code: string; message: string; data: { count: number; processes: string } }[] };
  const reapNotice = notices.data.find((n) => n.code === 'MCP_PROCESSES_REAPED');
  const printed = second.host.output().split('\n').find((line) => line.includes('left running by an earlier run'));
  report('host SIGKILLed with 3 stdio servers; next start', {
    'orphans after SIGKILL': orphans.join(', '),
    'orphans left after the next start': orphans.filter(isRunning).length,
    'startup output': printed ?? '(nothing)',
    'app.notices': reapNotice ? `${reapNotice.code}, count ${reapNotice.data.count}` : '(nothing)',
  });

  expect(reapedInTime, 'orphans still running after the next start').toBe(true);
  expect(printed).toContain(`Stopped ${SERVERS} MCP server process(es)`);
  for (const pid of orphans) expect(printed).toContain(`pid ${pid}`);
  expect(reapNotice?.data.count).toBe(SERVERS);
  for (const pid of orphans) expect(reapNotice?.data.processes).toContain(`pid ${pid}`);
});

it('the next start also stops a server whose wrapper is gone and whose grandchild ignores SIGTERM, within the grace period', { timeout: 120_000 }, async () => {
  const dir = tempConfigDir();
  const first = await startRig({ dir });
  rigs.push(first);
  marker = first.marker;
  // Like an npx wrapper that exits with its stdin, leaving the real server (which ignores SIGTERM) in the group.
  const added = await rpc(first.host, 'mcp.add', {
    name: 'wrapped',
    type: 'stdio',
    config: { command: process.execPath, args: [FIXTURE_SERVERS.stdioGrandchild, marker], env: { FIXTURE_WRAPPER_EXITS_ON_EOF: '1', FIXTURE_IGNORE_SIGTERM: '1' } },
    isActive: true,
  });
  await connect(first.host, (added.body as { data: { server: { id: string } } }).data.server.id);
  const group = processesWithMarker(marker);
  expect(group).toHaveLength(2);
  const wrapper = group.find((pid) => readProcess(pid)?.command.includes('stdio-grandchild'))!;
  const orphan = group.find((pid) => pid !== wrapper)!;

  first.host.child.kill('SIGKILL');
  await first.host.exited;
  // The wrapper saw its stdin close, exited and was reaped (its pid is free): the grandchild is
  // alone in a group whose leader is gone.
  expect(await waitFor(() => readProcess(wrapper) === undefined, 10_000)).toBe(true);
  expect(isRunning(orphan)).toBe(true);

  const second = await startRig({ dir });
  rigs.push(second);
  const reapedInTime = await waitFor(() => !isRunning(orphan), REAP_GRACE_MS + 3_000);
  report('host SIGKILLed with a leaderless server group; next start', {
    'orphan (ignores SIGTERM)': orphan,
    'still running after the grace period': String(isRunning(orphan)),
  });
  expect(reapedInTime, 'the orphan outlived the grace period').toBe(true);
});

it("the next start reaps an agent session's servers a SIGKILLed host left (issue 30)", { timeout: 120_000 }, async () => {
  const dir = tempConfigDir();
  const first = await startRig({ dir });
  rigs.push(first);
  marker = first.marker;
  // Session servers are no server records: only the tracker's pid file knows them after the crash.
  const preset = { name: 'Crashy', sessionServers: { a: { command: process.execPath, args: [FIXTURE_SERVERS.stdio, marker], env: { FIXTURE_LINGER: '1' } }, b: { command: process.execPath, args: [FIXTURE_SERVERS.stdio, marker], env: { FIXTURE_LINGER: '1' } } } };
  expect((await rpc(first.host, 'agents.import', { text: JSON.stringify(preset) })).body).toMatchObject({ ok: true });
  const started = (await rpc(first.host, 'agents.session_start', { chatId: 'crash', agent: 'Crashy' })).body as { ok: boolean; data: { servers: { pid: number; state: string }[] } };
  expect(started.data.servers.map((s) => s.state)).toEqual(['running', 'running']);
  const orphans = processesWithMarker(marker);
  expect(orphans.sort()).toEqual(started.data.servers.map((s) => s.pid).sort());

  first.host.child.kill('SIGKILL');
  await first.host.exited;
  expect(processesWithMarker(marker).sort()).toEqual([...orphans].sort());

  const second = await startRig({ dir });
  rigs.push(second);
  expect(await waitFor(() => orphans.every((pid) => !isRunning(pid)), 10_000), 'session servers still running after the next start').toBe(true);
  const notices = (await rpc(second.host, 'app.notices')).body as { data: { code: string; data: { count: number } }[] };
  expect(notices.data.find((n) => n.code === 'MCP_PROCESSES_REAPED')?.data.count).toBe(2);
  // Nothing starts them again by itself: a session belongs to a chat, and that chat is gone.
  expect((await rpc(second.host, 'agents.session_status', {})).body).toEqual({ ok: true, data: [] });
});
