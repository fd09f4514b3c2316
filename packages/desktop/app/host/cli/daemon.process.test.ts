/**
 * `elftia-mcp daemon`: the real bin starts one daemon for the whole file (cheap: one daemon, one
 * stdio fixture server), and the commands around it find it, use it, see config changes made
 * without it, refuse or clean what is stale, and stop it with its servers. Only `daemon start`
 * and one call go through the bin; the other commands run in-process (runCli), which finds and
 * talks to the daemon the same way, at a fraction of a process start each.
 */
import { spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRunning } from '@fixtures/servers/paths';
import { makeSandbox, stdioFixtureArgs } from '@desktop-testing/cliTestkit';
import { waitFor } from '@desktop-testing/hostProcessTestkit';
import { HOST_RECORD_FILE, readHostRecord, type HostRecord } from '../hostRecord';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/elftia-mcp.mjs', import.meta.url));
const ENV = { ...process.env, ELFTIA_CONFIG_DIR: '' };

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

function bin(dir: string, ...args: string[]): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, '--config-dir', dir, ...args], { cwd: ROOT, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The stdio servers' pids the running host recorded (mcp-processes.json). */
function serverPids(dir: string): number[] {
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'mcp-processes.json'), 'utf8')) as Array<{ pid: number }>).map((r) => r.pid);
  } catch {
    return [];
  }
}

interface Status {
  running: boolean;
  kind: string;
  pid: number;
  url: string;
  uptimeMs: number;
  connected: Array<{ id: string; name: string }>;
}

describe('elftia-mcp daemon', () => {
  const sandbox = makeSandbox();
  const { dir } = sandbox;
  const cli = (...args: string[]) => sandbox.run(args);
  const status = async (): Promise<Status> => JSON.parse((await cli('daemon', 'status', '--json')).stdout) as Status;
  let daemon: HostRecord | undefined;

  beforeAll(async () => {
    expect((await cli(...stdioFixtureArgs('fx'))).code).toBe(0);
    const started = await bin(dir, 'daemon', 'start');
    expect(started.stderr).toBe('');
    expect(started.code).toBe(0);
    daemon = readHostRecord(dir);
  }, 60_000);

  afterAll(async () => {
    // Only when a test failed before the stop: the daemon must not outlive the suite.
    if (daemon && isRunning(daemon.pid)) {
      process.kill(daemon.pid, 'SIGTERM');
      await waitFor(() => !isRunning(daemon!.pid), 5_000);
    }
    sandbox.remove();
  });

  it('starts detached, records where it runs (owner-only) and reports its status', async () => {
    expect(daemon).toBeDefined();
    expect(statSync(path.join(dir, HOST_RECORD_FILE)).mode & 0o777).toBe(0o600);
    const now = await status();
    expect(now).toMatchObject({ running: true, kind: 'daemon', pid: daemon!.pid, url: `http://127.0.0.1:${daemon!.port}`, connected: [] });
    expect(now.uptimeMs).toBeGreaterThanOrEqual(0);
    const again = await cli('daemon', 'start');
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`already serves this config folder (pid ${daemon!.pid})`);
  });

  it('serves call and tools with one warm server process, and says so with --verbose', async () => {
    const first = await bin(dir, '--verbose', 'call', 'fx', 'echo', '--args', '{"text":"hi"}');
    expect(first).toMatchObject({ code: 0, stdout: 'hi\n' });
    expect(first.stderr).toBe(`elftia-mcp: using the daemon at http://127.0.0.1:${daemon!.port} (pid ${daemon!.pid})\n`);
    const servers = serverPids(dir);
    expect(servers).toHaveLength(1);

    const second = await cli('call', 'fx', 'add', '--args', '{"a":2,"b":3}');
    expect(second).toMatchObject({ code: 0, stdout: '5\n', stderr: '' });
    const tools = await cli('tools', 'fx');
    expect(tools.stdout).toContain('echo  (mcp__fx__echo)');
    // The same server process answered all three: nothing was started again.
    expect(serverPids(dir)).toEqual(servers);
    expect((await status()).connected.map((s) => s.name)).toEqual(['fx']);

    const oneShot = await cli('--verbose', '--no-daemon', 'call', 'fx', 'echo', '--args', '{"text":"alone"}');
    expect(oneShot).toMatchObject({ code: 0, stdout: 'alone\n', stderr: 'elftia-mcp: in this process (--no-daemon)\n' });
  });

  it('sees servers added and removed by commands that do not go through it', async () => {
    expect((await cli('--no-daemon', ...stdioFixtureArgs('fx2'))).code).toBe(0);
    const added = await cli('--verbose', 'call', 'fx2', 'echo', '--args', '{"text":"new"}');
    expect(added).toMatchObject({ code: 0, stdout: 'new\n' });
    expect(added.stderr).toContain('using the daemon');
    expect((await status()).connected.map((s) => s.name).sort()).toEqual(['fx', 'fx2']);

    expect((await cli('--no-daemon', 'servers', 'remove', 'fx2')).code).toBe(0);
    const removed = await cli('call', 'fx2', 'echo', '--args', '{"text":"gone"}');
    expect(removed.code).toBe(1);
    expect(removed.stderr).toMatch(/fx2/);
    // Its connection is closed and its process stopped.
    expect(await waitFor(() => serverPids(dir).length === 1, 5_000)).toBe(true);
    expect((await status()).connected.map((s) => s.name)).toEqual(['fx']);
  });

  it('refuses a wrong token; a command given one runs by itself and drops the record', async () => {
    const recordFile = path.join(dir, HOST_RECORD_FILE);
    const original = readFileSync(recordFile, 'utf8');
    const wrong = { ...daemon!, token: 'x'.repeat(32) };
    const refused = await fetch(`http://127.0.0.1:${daemon!.port}/api/rpc`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${wrong.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ route: 'mcp.list' }),
    });
    expect(refused.status).toBe(401);
    try {
      writeFileSync(recordFile, JSON.stringify(wrong), { mode: 0o600 });
      const run = await cli('--verbose', 'call', 'fx', 'echo', '--args', '{"text":"fallback"}');
      expect(run).toMatchObject({ code: 0, stdout: 'fallback\n' });
      expect(run.stderr).toBe(`elftia-mcp: in this process: the daemon record was stale (pid ${daemon!.pid} refused the recorded token) and is removed\n`);
      expect(readHostRecord(dir)).toBeUndefined();
    } finally {
      writeFileSync(recordFile, original, { mode: 0o600 });
    }
  });

  it('ignores and removes the record of a daemon that is gone (in-process CLI)', async () => {
    const cliSandbox = makeSandbox();
    try {
      expect((await cliSandbox.run(stdioFixtureArgs('fx'))).code).toBe(0);
      const gone = spawn(process.execPath, ['-e', '0']);
      const pid = await new Promise<number>((resolve) => gone.once('exit', () => resolve(gone.pid!)));
      writeFileSync(path.join(cliSandbox.dir, HOST_RECORD_FILE), JSON.stringify({ kind: 'daemon', pid, port: 9, token: 't'.repeat(32), startedAt: Date.now() }), { mode: 0o600 });
      const run = await cliSandbox.run(['--verbose', 'call', 'fx', 'echo', '--args', '{"text":"solo"}']);
      expect(run).toMatchObject({ code: 0, stdout: 'solo\n', stderr: `elftia-mcp: in this process: the daemon record was stale (pid ${pid} is gone) and is removed\n` });
      expect(readHostRecord(cliSandbox.dir)).toBeUndefined();
      const said = await cliSandbox.run(['daemon', 'status']);
      expect(said).toMatchObject({ code: 1, stdout: 'Not running: no daemon runs for this config folder.\n' });
    } finally {
      cliSandbox.remove();
    }
  });

  it('stops gracefully: the daemon, its servers and its record are gone', async () => {
    const servers = serverPids(dir);
    expect(servers.length).toBeGreaterThan(0);
    const stopped = await cli('daemon', 'stop');
    expect(stopped).toMatchObject({ code: 0, stdout: `Daemon stopped (pid ${daemon!.pid}).\n`, stderr: '' });
    expect(isRunning(daemon!.pid)).toBe(false);
    expect(servers.filter(isRunning)).toEqual([]);
    expect(readHostRecord(dir)).toBeUndefined();
    expect(await cli('daemon', 'status', '--json')).toMatchObject({ code: 1, stdout: '{\n  "running": false\n}\n' });
  });
});
