import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS, assertNoChildren, isRunning, readProcess } from '@fixtures/servers/paths';
import { fixtureBundle } from '@desktop-testing/fixtureProcess';
import { GROUP_MARK_ENV, processStartTime } from './transports/processGroup';
import { StdioProcessTransport } from './transports';
import { McpProcessTracker, PID_FILE_NAME, REAP_GRACE_MS, reapSurvivors, type PidRecord } from './McpProcessTracker';
import { startProcessTracking } from './processTracking';

const here = path.dirname(fileURLToPath(import.meta.url));
const PARENT = fixtureBundle(path.join(here, 'trackerParent.fixture.ts'));
const dirs: string[] = [];
const stray: number[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-tracker-'));
  dirs.push(dir);
  return dir;
}

/** Runs the stand-in app and resolves with the wrapper and grandchild pids it spawned. */
function startParent(stateDir: string, mode: 'exit' | 'hang' | 'orphan'): Promise<{ parent: ChildProcess; wrapper: number; grandchild: number }> {
  const parent = spawn(process.execPath, [PARENT, stateDir, mode], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    parent.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /PIDS (\d+) (\d+)/.exec(out);
      if (match) {
        stray.push(Number(match[1]), Number(match[2]));
        resolve({ parent, wrapper: Number(match[1]), grandchild: Number(match[2]) });
      }
    });
    parent.once('exit', (code) => (out.includes('PIDS') ? undefined : reject(new Error(`parent exited ${code}: ${out}`))));
  });
}

async function waitFor(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

async function waitGone(pid: number, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

afterEach(async () => {
  for (const pid of stray.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone, as it should be
    }
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  await assertNoChildren();
});

describe('McpProcessTracker', () => {
  it('force-kills the whole process group, grandchild included, when a graceful close hangs', async () => {
    const tracker = new McpProcessTracker();
    const wrapper = spawn(process.execPath, [FIXTURE_SERVERS.stdioGrandchild], { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const grandchild = await new Promise<number>((resolve) => {
      let err = '';
      wrapper.stderr.on('data', (c: Buffer) => {
        err += c.toString();
        const m = /GRANDCHILD_PID (\d+)/.exec(err);
        if (m) resolve(Number(m[1]));
      });
    });
    stray.push(wrapper.pid!, grandchild);
    const conn = { pid: wrapper.pid, label: 'hung', close: () => new Promise<void>(() => {}) };
    tracker.track(conn);
    expect(tracker.size).toBe(1);

    await tracker.closeConnection(conn, 200);

    expect(await waitGone(wrapper.pid!)).toBe(true);
    expect(await waitGone(grandchild)).toBe(true);
    expect(tracker.size).toBe(0);
  });

  it.skipIf(process.platform === 'win32')('keeps its pid file owner-only, replacing a looser one at start', () => {
    const dir = tempDir();
    const file = path.join(dir, PID_FILE_NAME);
    fs.writeFileSync(file, '[]');
    fs.chmodSync(file, 0o644);
    new McpProcessTracker().useStateDir(dir);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it('records tracked pids on disk and forgets them when closed', async () => {
    const dir = tempDir();
    const tracker = new McpProcessTracker();
    tracker.useStateDir(dir);
    const child = spawn(process.execPath, ['-e', 'setInterval(()=>{},1e3)'], { detached: true, stdio: 'ignore' });
    stray.push(child.pid!);
    const conn = { pid: child.pid, label: 'sleeper', close: async () => void child.kill('SIGTERM') };
    tracker.track(conn);
    const records = JSON.parse(fs.readFileSync(path.join(dir, PID_FILE_NAME), 'utf8')) as PidRecord[];
    expect(records).toMatchObject([{ pid: child.pid, ownerPid: process.pid, label: 'sleeper' }]);

    await tracker.closeAll();
    expect(JSON.parse(fs.readFileSync(path.join(dir, PID_FILE_NAME), 'utf8'))).toEqual([]);
    expect(await waitGone(child.pid!)).toBe(true);
  });

  it('records a stdio transport from spawn until its process group is gone', async () => {
    const dir = tempDir();
    const tracker = new McpProcessTracker();
    tracker.useStateDir(dir);
    const recorded = () => (JSON.parse(fs.readFileSync(path.join(dir, PID_FILE_NAME), 'utf8')) as PidRecord[]).map((r) => r.pid);
    const transport = new StdioProcessTransport({ command: process.execPath, args: [FIXTURE_SERVERS.stdio], processes: tracker });

    await transport.start();
    expect(recorded()).toEqual([transport.pid]);
    expect(tracker.size).toBe(1);

    await transport.close();
    expect(recorded()).toEqual([]);
    expect(tracker.size).toBe(0);
  });

  it('hooks process exit only when its builder asks, and unhooks on dispose', async () => {
    const before = process.listenerCount('exit');
    const plain = new McpProcessTracker();
    const conn = { pid: undefined, label: 'no process', close: async () => undefined };
    plain.track(conn);
    expect(process.listenerCount('exit')).toBe(before);
    plain.untrack(conn);

    const tracker = startProcessTracking(tempDir(), () => {});
    expect(process.listenerCount('exit')).toBe(before + 1);
    await tracker.dispose();
    await tracker.dispose();
    expect(process.listenerCount('exit')).toBe(before);
  });

  it('kills tracked groups synchronously when the owning process exits', async () => {
    const { parent, wrapper, grandchild } = await startParent(tempDir(), 'exit');
    await new Promise((r) => parent.once('exit', r));
    expect(await waitGone(wrapper)).toBe(true);
    expect(await waitGone(grandchild)).toBe(true);
  });

  it('reaps, at the next start, the groups a SIGKILLed parent left behind', async () => {
    const dir = tempDir();
    const { parent, wrapper, grandchild } = await startParent(dir, 'hang');
    parent.kill('SIGKILL');
    await new Promise((r) => parent.once('exit', r));
    // The exit hook cannot run after SIGKILL: the group survives its parent.
    await new Promise((r) => setTimeout(r, 200));
    expect(isRunning(wrapper)).toBe(true);
    expect(isRunning(grandchild)).toBe(true);

    const tracker = new McpProcessTracker();
    const report = tracker.useStateDir(dir);

    expect(report.reaped.map((r) => r.pid)).toEqual([wrapper]);
    expect(await waitGone(wrapper)).toBe(true);
    expect(await waitGone(grandchild)).toBe(true);
    // Recorded as this tracker's until its SIGKILL step (or its end), so a crash meanwhile leaves it to the next start.
    const recorded = () => JSON.parse(fs.readFileSync(path.join(dir, PID_FILE_NAME), 'utf8')) as PidRecord[];
    expect(recorded()).toMatchObject([{ pid: wrapper, ownerPid: process.pid }]);
    await tracker.dispose();
    expect(recorded()).toEqual([]);
  });

  it.skipIf(process.platform !== 'linux')(
    'reaps a group whose leader is gone: SIGTERM at start, SIGKILL after the grace period, without making the start wait',
    async () => {
      const dir = tempDir();
      const { parent, wrapper, grandchild } = await startParent(dir, 'orphan');
      parent.kill('SIGKILL');
      await new Promise((r) => parent.once('exit', r));
      // The wrapper exits when its stdin closes and, re-parented, is reaped: its pid is free, and
      // the grandchild, which ignores SIGTERM, is alone in a group whose leader is gone.
      expect(await waitFor(() => readProcess(wrapper) === undefined, 10_000)).toBe(true);
      expect(isRunning(grandchild)).toBe(true);

      const tracker = new McpProcessTracker();
      const started = performance.now();
      const report = tracker.useStateDir(dir);
      const startMs = performance.now() - started;

      expect(report.reaped.map((r) => r.pid)).toEqual([wrapper]);
      expect(startMs).toBeLessThan(1_000);
      // SIGTERM first: a grandchild that ignores it is still there before the grace period ends.
      await new Promise((r) => setTimeout(r, REAP_GRACE_MS / 2));
      expect(isRunning(grandchild)).toBe(true);
      expect(await waitGone(grandchild, REAP_GRACE_MS + 2_000)).toBe(true);
      await tracker.dispose();
      expect(JSON.parse(fs.readFileSync(path.join(dir, PID_FILE_NAME), 'utf8'))).toEqual([]);
    },
  );

  it.skipIf(process.platform !== 'linux')('takes a group without its recorded leader for ours only when a process in it carries its mark', async () => {
    const file = path.join(tempDir(), PID_FILE_NAME);
    const sleeper = spawn(process.execPath, ['-e', 'setInterval(()=>{},1e3)'], { detached: true, stdio: 'ignore', env: { ...process.env, [GROUP_MARK_ENV]: 'mark-of-this-group' } });
    stray.push(sleeper.pid!);
    await waitFor(() => readProcess(sleeper.pid!)?.command.includes('setInterval') === true, 5_000);
    // The recorded leader is not the process now at that pid: only the mark can tell.
    const record = (groupMark: string): PidRecord => ({ pid: sleeper.pid!, startTime: 'not-its-start-time', ownerPid: 999_999_999, label: groupMark, groupMark });

    fs.writeFileSync(file, JSON.stringify([record('another-mark')]));
    expect(reapSurvivors(file).gone.map((r) => r.label)).toEqual(['another-mark']);
    expect(isRunning(sleeper.pid!)).toBe(true);

    fs.writeFileSync(file, JSON.stringify([record('mark-of-this-group')]));
    expect(reapSurvivors(file).reaped.map((r) => r.label)).toEqual(['mark-of-this-group']);
    expect(await waitGone(sleeper.pid!)).toBe(true);
  });

  it('removes at start the temp files of pid-file writers that died, never a live one', async () => {
    const dir = tempDir();
    const exited = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((r) => exited.once('close', r));
    const [dead, live] = [`${PID_FILE_NAME}.${exited.pid}.tmp`, `${PID_FILE_NAME}.${process.ppid}.tmp`];
    for (const name of [dead, live]) fs.writeFileSync(path.join(dir, name), '[]');
    new McpProcessTracker().useStateDir(dir);
    expect(fs.readdirSync(dir).sort()).toEqual([PID_FILE_NAME, live].sort());
  });

  it('never kills a pid that now belongs to another process, nor the entries of a live owner', () => {
    const file = path.join(tempDir(), PID_FILE_NAME);
    const live: PidRecord = { pid: process.pid, startTime: 'not-its-start-time', ownerPid: 999_999_999, label: 'recycled pid' };
    const owned: PidRecord = { pid: 424_242, ownerPid: process.ppid, ownerStartTime: processStartTime(process.ppid), label: 'owner alive' };
    fs.writeFileSync(file, JSON.stringify([live, owned]));

    const report = reapSurvivors(file);

    expect(report.reaped).toEqual([]);
    expect(report.gone.map((r) => r.label)).toEqual(['recycled pid']);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toEqual([owned]);
  });
});
