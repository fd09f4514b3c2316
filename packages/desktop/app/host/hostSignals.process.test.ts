/**
 * The browser-mode host as a real process with real stdio servers: every terminating signal
 * disposes (servers closed, none left running, including ones that ignore stdin EOF), and the
 * host does not outlive the launcher that started it (scripts/launchChild.mjs, what start.mjs
 * uses). Each server carries a marker argument, so a leak is found even after re-parenting.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS, isRunning, readProcess } from '@fixtures/servers/paths';
import { PID_FILE_NAME } from '../main/services/capabilities/tools/mcp-users/McpProcessTracker';
import { writeServersWithSecrets } from '@desktop-testing/manySecrets';
import { REPO_ROOT, hostArgs, processesWithMarker, rpc, startHostProcess, waitFor, waitForHost, type HostProcess } from '@desktop-testing/hostProcessTestkit';

const LAUNCHER = path.join(REPO_ROOT, 'scripts/launchChild.mjs');

let dir: string;
let marker: string;
const started: ChildProcess[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'elftia-host-signals-'));
  marker = `elftia-host-signal-test-${randomUUID()}`;
});
afterEach(async () => {
  const left = processesWithMarker(marker);
  for (const pid of left) process.kill(pid, 'SIGKILL');
  for (const child of started.splice(0)) if (child.pid && isRunning(child.pid)) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  expect(left, 'server processes left running').toEqual([]);
});

/** Two servers that ignore stdin EOF (only a signal ends them) and one well-behaved one, all connected. */
async function addServers(host: HostProcess): Promise<void> {
  for (const [i, env] of [{ FIXTURE_LINGER: '1' }, { FIXTURE_LINGER: '1' }, {}].entries()) {
    const added = (await rpc(host, 'mcp.add', { name: `s${i}`, type: 'stdio', config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio, marker], env }, isActive: true }))
      .body as { data: { server: { id: string } } };
    expect((await rpc(host, 'mcp.list_tools', { id: added.data.server.id })).body).toMatchObject({ ok: true });
  }
  expect(processesWithMarker(marker)).toHaveLength(3);
}

describe('the browser-mode host process', () => {
  for (const signal of ['SIGHUP', 'SIGQUIT', 'SIGUSR2', 'SIGINT', 'SIGTERM'] as const) {
    it(`on ${signal} closes every server and exits`, async () => {
      const host = await startHostProcess(dir);
      started.push(host.child);
      await addServers(host);
      host.child.kill(signal);
      const ended = await host.exited;
      expect(ended).toEqual({ code: 0, signal: null });
      expect(host.output()).toContain(`Received ${signal}; shutting down.`);
      expect(await waitFor(() => processesWithMarker(marker).length === 0, 3000)).toBe(true);
    });
  }

  // Fault journey 9 (the person quits with Ctrl+C or the system's SIGTERM), here rather than in
  // Playwright: what it proves is the host process's, and what the page open meanwhile shows of a
  // host that stopped is e2e/specs/faults-hostGone.spec.ts.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`quitting with ${signal} leaves no server process behind, not even the grandchild of an npx-like wrapper that ignores SIGTERM`, async () => {
      const host = await startHostProcess(dir);
      started.push(host.child);
      const servers = [
        { name: 'plain-one', args: [FIXTURE_SERVERS.stdio, marker], env: {} },
        { name: 'plain-two', args: [FIXTURE_SERVERS.stdio, marker], env: {} },
        // The wrapper passes its arguments on, so the marker names the grandchild too.
        { name: 'wrapped', args: [FIXTURE_SERVERS.stdioGrandchild, marker], env: { FIXTURE_IGNORE_SIGTERM: '1' } },
      ];
      for (const { name, args, env } of servers) {
        const added = (await rpc(host, 'mcp.add', { name, type: 'stdio', config: { command: process.execPath, args, env }, isActive: true })).body as { data: { server: { id: string } } };
        expect((await rpc(host, 'mcp.list_tools', { id: added.data.server.id })).body).toMatchObject({ ok: true });
      }
      // Three servers plus the wrapper's grandchild; the host recorded the three it started.
      expect(await waitFor(() => processesWithMarker(marker).length === 4, 30_000)).toBe(true);
      const running = processesWithMarker(marker);
      const recorded = JSON.parse(readFileSync(path.join(dir, PID_FILE_NAME), 'utf8')) as { pid: number }[];
      expect(recorded).toHaveLength(3);
      expect(recorded.map((r) => r.pid).every((pid) => running.includes(pid))).toBe(true);

      host.child.kill(signal);
      expect(await host.exited, host.output()).toEqual({ code: 0, signal: null });
      expect(host.output()).toContain(`Received ${signal}; shutting down.`);
      expect(await waitFor(() => running.every((pid) => !isRunning(pid)), 20_000), 'server processes still running after the host quit').toBe(true);
      expect(processesWithMarker(marker)).toEqual([]);
    });
  }

  it('exits without waiting on a second signal, and still leaves no server behind', async () => {
    const host = await startHostProcess(dir);
    started.push(host.child);
    await addServers(host);
    host.child.kill('SIGTERM');
    // Past the echo window (shutdownSignals.ts), well inside the ≥ 2 s the servers that ignore
    // stdin EOF take to close gracefully.
    await new Promise((r) => setTimeout(r, 700));
    host.child.kill('SIGTERM');
    // 128 + 15: the second signal's own exit, not the graceful 0 the first one would end with.
    expect(await host.exited).toEqual({ code: 143, signal: null });
    expect(await waitFor(() => processesWithMarker(marker).length === 0, 3000)).toBe(true);
  });

  it('ends within 2 s of SIGTERM even when its servers ignore stdin EOF and SIGTERM, and leaves none of them running', async () => {
    const host = await startHostProcess(dir);
    started.push(host.child);
    for (const i of [0, 1]) {
      const env = { FIXTURE_LINGER: '1', FIXTURE_IGNORE_SIGTERM: '1' };
      const added = (await rpc(host, 'mcp.add', { name: `stubborn${i}`, type: 'stdio', config: { command: process.execPath, args: [FIXTURE_SERVERS.stdio, marker], env }, isActive: true }))
        .body as { data: { server: { id: string } } };
      expect((await rpc(host, 'mcp.list_tools', { id: added.data.server.id })).body).toMatchObject({ ok: true });
    }
    const signalled = performance.now();
    host.child.kill('SIGTERM');
    expect(await host.exited).toEqual({ code: 0, signal: null });
    const endedAfterMs = performance.now() - signalled;
    console.log(`two servers that ignore EOF and SIGTERM: ended ${endedAfterMs.toFixed(0)} ms after SIGTERM`);
    expect(endedAfterMs).toBeLessThan(2_000);
    expect(await waitFor(() => processesWithMarker(marker).length === 0, 3000)).toBe(true);
  });

  it('ends within 2 s of SIGTERM while it is busy listing servers that hold 50,000 secrets', async () => {
    writeServersWithSecrets(dir, { servers: 10, envPerServer: 5_000 });
    const host = await startHostProcess(dir);
    started.push(host.child);
    // Three lists in flight at every moment, each resolving all 50,000 references.
    let busy = true;
    const lists = Array.from({ length: 3 }, async () => {
      while (busy) await rpc(host, 'mcp.list').catch(() => (busy = false));
    });
    await new Promise((r) => setTimeout(r, 1_000));
    const signalled = performance.now();
    host.child.kill('SIGTERM');
    const endedAfterMs = await Promise.race([host.exited.then(() => performance.now() - signalled), new Promise<number>((r) => setTimeout(() => r(Infinity), 20_000))]);
    busy = false;
    host.child.kill('SIGKILL');
    await Promise.all(lists);
    console.log(`50,000 secrets, three lists in flight: ended ${endedAfterMs.toFixed(0)} ms after SIGTERM`);
    expect(endedAfterMs).toBeLessThan(2_000);
  });

  describe('started through the launcher', () => {
    function launch(): ChildProcess {
      const code = `const { launchChild } = await import(${JSON.stringify(LAUNCHER)}); launchChild(process.execPath, ${JSON.stringify(hostArgs(dir))});`;
      const launcher = spawn(process.execPath, ['--input-type=module', '-e', code], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      started.push(launcher);
      return launcher;
    }

    it('stops the host and its servers when the launcher is SIGKILLed', async () => {
      const launcher = launch();
      const host = await waitForHost(launcher);
      await addServers(host);
      const hostPid = hostPidUnder(launcher.pid!);
      expect(hostPid).toBeDefined();
      launcher.kill('SIGKILL');
      expect(await waitFor(() => !isRunning(hostPid!), 10_000), 'host still running after its launcher died').toBe(true);
      expect(await waitFor(() => processesWithMarker(marker).length === 0, 3000)).toBe(true);
    });

    it('forwards a hangup once: the host disposes and the launcher exits with it', async () => {
      const launcher = launch();
      const host = await waitForHost(launcher);
      await addServers(host);
      const exited = new Promise<number | null>((resolve) => launcher.once('exit', (code) => resolve(code)));
      launcher.kill('SIGHUP');
      expect(await exited).toBe(0);
      expect(host.output()).toContain('Received SIGHUP; shutting down.');
      expect(await waitFor(() => processesWithMarker(marker).length === 0, 3000)).toBe(true);
    });
  });
});

/** The launcher's child that runs the host for this test's config folder. */
function hostPidUnder(launcherPid: number): number | undefined {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .map((n) => readProcess(Number(n)))
    .find((p) => p !== undefined && p.ppid === launcherPid && p.command.includes(dir))?.pid;
}
