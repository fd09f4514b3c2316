/**
 * The real `elftia-mcp` bin as a subprocess: exit codes, streams, stdin, signals and broken
 * pipes. The bin's own children are our grandchildren and would be re-parented (not ours any
 * more) if the CLI leaked them, so each stdio server gets a marker argument and the suite looks
 * for any process carrying it.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { assertNoChildren, FIXTURE_SERVERS, readProcess } from '@fixtures/servers/paths';
import { makeSandbox, type CliSandbox } from '@desktop-testing/cliTestkit';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const BIN = fileURLToPath(new URL('../../../bin/elftia-mcp.mjs', import.meta.url));
// The bin picks the build or the source itself (cliBuild.test.ts); a stale build never answers.
const ENV = { ...process.env, ELFTIA_CONFIG_DIR: '' };

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

interface RunOptions {
  stdin?: string;
  onSpawn?: (pid: number) => void;
  /** Called with the stderr seen so far, each time more arrives. */
  onStderr?: (stderr: string) => void;
  /** Called with the stdout seen so far, each time more arrives. */
  onStdout?: (stdout: string) => void;
}

function run(command: string, args: string[], { stdin = '', onSpawn, onStderr, onStdout }: RunOptions = {}): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: ENV, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout?.(stdout);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      onStderr?.(stderr);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.stdin.end(stdin);
    if (child.pid) onSpawn?.(child.pid);
  });
}

/** Live processes whose command line contains `marker`. */
function withMarker(marker: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((p) => p !== undefined && p.state !== 'Z' && p.command.includes(marker))
    .map((p) => p!.pid);
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

let cli: CliSandbox;
let marker: string;
const bin = (args: string[], options?: Parameters<typeof run>[2]) => run(process.execPath, [BIN, '--config-dir', cli.dir, ...args], options);

beforeEach(() => {
  cli = makeSandbox();
  marker = `elftia-cli-test-${randomUUID()}`;
});
afterEach(async () => {
  // Exits are reaped asynchronously: give a leaked server a moment to show it is really gone.
  expect(await waitFor(() => withMarker(marker).length === 0, 3000), `left running: ${withMarker(marker).join(', ')}`).toBe(true);
  cli.remove();
  await assertNoChildren();
});

const addFixture = (name: string) =>
  bin(['servers', 'add', '--name', name, '--type', 'stdio', '--command', process.execPath, '--arg', FIXTURE_SERVERS.stdio, '--arg', marker]);

describe('the elftia-mcp bin', () => {
  it('runs as `npx elftia-mcp` from the repo root', async () => {
    const result = await run('npx', ['elftia-mcp', '--config-dir', cli.dir, 'servers', 'list', '--json']);
    expect(result).toMatchObject({ code: 0, stdout: '[]\n', stderr: '' });
  });

  it('adds a server, calls tools on it and exits with the documented codes', async () => {
    expect((await addFixture('fx')).code).toBe(0);
    expect(await bin(['call', 'fx', 'echo', '--args', '{"text":"from the bin"}'])).toMatchObject({ code: 0, stdout: 'from the bin\n', stderr: '' });
    expect(await bin(['call', 'fx', 'image'])).toMatchObject({ code: 0, stdout: '[Image: image/png]\n' });
    const failed = await bin(['call', 'fx', 'fail']);
    expect(failed).toMatchObject({ code: 1, stdout: 'This tool always fails\n' });
    const usage = await bin(['call', 'fx', 'echo', '--args', 'nope']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--args is not valid JSON');
    const unknown = await bin(['tools', 'ghost']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No MCP server named "ghost"');
  });

  it('prints the result, then stops a server that ignores stdin\'s end within a short grace, and none is left', async () => {
    const added = await bin(['servers', 'add', '--name', 'lingers', '--type', 'stdio', '--command', process.execPath, '--arg', FIXTURE_SERVERS.stdio, '--arg', marker, '--env', 'FIXTURE_LINGER=1']);
    expect(added.code).toBe(0);
    let printedAt = 0;
    const result = await bin(['call', 'lingers', 'echo', '--args', '{"text":"quick"}'], { onStdout: () => (printedAt ||= Date.now()) });
    const closeMs = Date.now() - printedAt;
    expect(result).toMatchObject({ code: 0, stdout: 'quick\n', stderr: '' });
    // The app's close waits 2 s for stdin's end to work before SIGTERM; the CLI's grace is 250 ms
    // (openServices.ts), so the prompt comes back well before the app's grace would have ended.
    expect(closeMs).toBeLessThan(1500);
    // afterEach: the server is gone (SIGTERM reached it), not orphaned.
    expect(withMarker(marker)).toEqual([]);
  });

  it('imports from piped stdin and converts from piped stdin', async () => {
    const config = JSON.stringify({ mcpServers: { piped: { command: process.execPath, args: [FIXTURE_SERVERS.stdio, marker] }, bad: { url: 'ftp://x' } } });
    const imported = await bin(['servers', 'import', '-'], { stdin: config });
    expect(imported.code).toBe(1);
    expect(imported.stdout).toMatch(/added\s+"piped"/i);
    expect(imported.stdout).toContain('Imported 1 of 2 servers');
    expect(imported.stderr).toContain('"bad" was not added');

    const converted = await bin(['convert', '--format', 'gemini'], { stdin: JSON.stringify({ tools: [{ name: 'echo', inputSchema: { type: 'object' } }] }) });
    expect(converted.code).toBe(0);
    expect(JSON.parse(converted.stdout)).toEqual([{ functionDeclarations: [{ name: 'mcp__mcp__echo', description: '' }] }]);
  });

  it('on one SIGINT cancels the running call (the server is told), stops the server, says "Interrupted." and exits 130', async () => {
    // The server's stderr into a file: the fixture writes there when notifications/cancelled reaches its handler.
    const serverStderr = path.join(cli.dir, 'server.stderr');
    const script = `exec "$0" "$1" "$2" 2>>"$3"`;
    const added = await bin(['servers', 'add', '--name', 'fx', '--type', 'stdio', '--command', 'sh', ...['-c', script, process.execPath, FIXTURE_SERVERS.stdio, marker, serverStderr].map((a) => `--arg=${a}`)]);
    expect(added.code).toBe(0);
    let pid = 0;
    let inFlight = false;
    const running = bin(['call', 'fx', 'sleep', '--args', '{"ms":60000}', '--progress'], {
      onSpawn: (p) => (pid = p),
      // The server's first progress report: the call is on the server, the server is running.
      onStderr: (stderr) => (inFlight ||= stderr.includes('progress 1/5')),
    });
    expect(await waitFor(() => inFlight, 25_000)).toBe(true);
    // conf's exit hook (when-exit) re-raises the signal on the CLI itself; that is still one Ctrl-C.
    process.kill(pid, 'SIGINT');
    const result = await running;
    expect(result).toMatchObject({ code: 130, stdout: '' });
    expect(result.stderr).toBe('progress 1/5: step 1 of 5\nInterrupted.\n');
    expect(readFileSync(serverStderr, 'utf8')).toBe('sleep cancelled at step 1\n');
  });

  it('a reader that is gone (| true) neither crashes the CLI nor leaves the server running', async () => {
    expect((await addFixture('fx')).code).toBe(0);
    const quoted = [process.execPath, BIN, '--config-dir', cli.dir, 'tools', 'fx'].map((a) => `'${a}'`).join(' ');
    // `true` exits without reading, so every write of the CLI meets a closed pipe (EPIPE).
    const result = await run('bash', ['-o', 'pipefail', '-c', `${quoted} | true`]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
  });
});
