import { afterEach, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { CommandNotFoundError, processEndOf, ServerProcessExitError, StdioProcessTransport } from './StdioProcessTransport';
import { GROUP_MARK_ENV, killProcessGroup } from './processGroup';
import { assertNoChildren, FIXTURE_SERVERS, isRunning, readProcess } from '@fixtures/servers/paths';
import { TINY_PNG_BASE64 } from '@fixtures/servers/tools.mjs';

const env = { ...process.env } as Record<string, string>;
const node = process.execPath;
const open: Array<{ close(): Promise<void> }> = [];

function transportFor(script: string, extra: Partial<ConstructorParameters<typeof StdioProcessTransport>[0]> = {}) {
  const transport = new StdioProcessTransport({ command: node, args: [script], env, ...extra });
  open.push(transport);
  return transport;
}

async function connect(transport: StdioProcessTransport) {
  const client = new Client({ name: 'test', version: '1.0.0' });
  open.push(client);
  await client.connect(transport);
  return client;
}

const textOf = (result: unknown) => {
  const parsed = CallToolResultSchema.parse(result);
  const first = parsed.content[0];
  return first?.type === 'text' ? first.text : undefined;
};

afterEach(async () => {
  await Promise.allSettled(open.splice(0).map((c) => c.close()));
  await assertNoChildren();
});

describe('StdioProcessTransport', () => {
  it('a write that meets a broken pipe fails only once the exit is known, so the failure can say how the program ended', async () => {
    let stdinClosed!: () => void;
    const closed = new Promise<void>((resolve) => (stdinClosed = resolve));
    const transport = transportFor(FIXTURE_SERVERS.exitAtStart, {
      env: { ...env, FIXTURE_EXIT_LATE_MS: '400' },
      onStderr: (line) => line.includes('stdin closed') && stdinClosed(),
    });
    await transport.start();
    await closed;
    await expect(transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' })).rejects.toThrow(/EPIPE/);
    expect(processEndOf(transport)).toEqual({ exitCode: 3, signal: null });
  });

  it('serves a real session: list tools, call echo and image', async () => {
    const transport = transportFor(FIXTURE_SERVERS.stdio);
    const client = await connect(transport);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'add', 'image', 'sleep', 'crash']));
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'héllo wörld' } }))).toBe('héllo wörld');
    const image = CallToolResultSchema.parse(await client.callTool({ name: 'image', arguments: {} }));
    expect(image.content).toEqual([{ type: 'image', data: TINY_PNG_BASE64, mimeType: 'image/png' }]);
    expect(transport.pid).toBeGreaterThan(0);
  });

  it("runs the child in its own process group with exactly the env it was given, and its group's mark", async () => {
    const transport = transportFor(FIXTURE_SERVERS.stdio, { env: { PATH: env.PATH ?? '', ONLY_THIS: 'yes' } });
    await connect(transport);
    const pid = transport.pid ?? 0;
    expect(readProcess(pid)?.pgid).toBe(pid);
    const childEnv = spawnSync('cat', [`/proc/${pid}/environ`]).stdout.toString().split('\0').filter(Boolean);
    expect(transport.groupMark).toMatch(/^[0-9a-f]{24}$/);
    expect(childEnv.sort()).toEqual([`${GROUP_MARK_ENV}=${transport.groupMark}`, `ONLY_THIS=yes`, `PATH=${env.PATH ?? ''}`]);
  });

  it('leads its group inside our session where Perl can start it, a new session of its own elsewhere', async () => {
    const transport = transportFor(FIXTURE_SERVERS.stdio);
    await connect(transport);
    const child = readProcess(transport.pid ?? 0);
    const self = readProcess(process.pid);
    expect(child?.pgid).toBe(transport.pid);
    // The launcher became the server (same pid): what runs is node, not perl.
    expect(child?.command).toContain(FIXTURE_SERVERS.stdio);
    // A new session is a new CFS autogroup, which tripled each round trip (see groupLeaderSpawn).
    if (spawnSync('perl', ['-e', '1']).status === 0) expect(child?.sid).toBe(self?.sid);
    else expect(child?.sid).toBe(transport.pid);
  });

  it('is killed by close() even in the first instant, before the launcher has made its group', async () => {
    for (let i = 0; i < 2; i++) {
      // Ignores stdin's end and SIGTERM: only a kill that reaches it ends it.
      const transport = new StdioProcessTransport({ command: 'sh', args: ['-c', 'trap "" TERM; while :; do sleep 1; done'], env, gracefulMs: 0 });
      await transport.start();
      const pid = transport.pid ?? 0;
      await transport.close();
      expect(isRunning(pid)).toBe(false);
    }
  });

  it('waits for an env still being resolved, and spawns nothing if closed meanwhile', async () => {
    let resolveEnv!: (env: Record<string, string>) => void;
    const pending = new Promise<Record<string, string>>((resolve) => {
      resolveEnv = resolve;
    });
    const transport = transportFor(FIXTURE_SERVERS.stdio, { env: pending });
    const started = transport.start();
    expect(transport.pid).toBeUndefined();
    await transport.close();
    resolveEnv({ PATH: env.PATH ?? '' });
    await expect(started).rejects.toThrow(/closed before it started/);
    expect(transport.pid).toBeUndefined();

    const later = transportFor(FIXTURE_SERVERS.stdio, { env: Promise.resolve({ PATH: env.PATH ?? '', FROM_PROMISE: 'yes' }) });
    await connect(later);
    expect(readFileSync(`/proc/${later.pid ?? 0}/environ`, 'utf8')).toContain('FROM_PROMISE=yes');
  });

  it('passes stderr lines to onStderr and keeps the last N in stderrTail()', async () => {
    const lines: string[] = [];
    const transport = transportFor(FIXTURE_SERVERS.stdio, { onStderr: (l) => lines.push(l), stderrBufferLines: 2 });
    const client = await connect(transport);
    for (const text of ['one', 'two', 'three']) await client.callTool({ name: 'stderr', arguments: { text } });
    // stderr is a separate pipe from the responses, so give its last chunk a moment to arrive.
    await expect.poll(() => lines).toEqual(['one', 'two', 'three']);
    expect(transport.stderrTail()).toEqual(['two', 'three']);
  });

  it('skips garbage on stdout, reports it through onerror, and keeps the session', async () => {
    const errors: Error[] = [];
    const transport = transportFor(FIXTURE_SERVERS.garbageStdout);
    transport.onerror = (e) => errors.push(e);
    const client = await connect(transport);
    expect(textOf(await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } }))).toBe('42');
    await expect.poll(() => errors.length).toBeGreaterThanOrEqual(3);
    expect(errors.every((e) => /not JSON-RPC/.test(e.message))).toBe(true);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'still here' } }))).toBe('still here');
  });

  it('reports a missing command as DEPS_MISSING naming the command', async () => {
    const transport = transportFor('definitely-not-installed-uvx', { command: 'definitely-not-installed-uvx', args: [] });
    const error = await transport.start().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CommandNotFoundError);
    expect(error).toMatchObject({ code: 'DEPS_MISSING', command: 'definitely-not-installed-uvx' });
    expect((error as Error).message).toBe('Command not found: definitely-not-installed-uvx');
  });

  it('does not blame the command when the working directory is missing', async () => {
    const transport = transportFor(FIXTURE_SERVERS.stdio, { cwd: '/nonexistent/elftia-dir' });
    await expect(transport.start()).rejects.toThrow('Working directory not found: /nonexistent/elftia-dir');
  });

  it('turns an exit at start into an error carrying the exit code and stderr, then closes once', async () => {
    const transport = transportFor(FIXTURE_SERVERS.exitAtStart);
    const errors: Error[] = [];
    let closes = 0;
    transport.onerror = (e) => errors.push(e);
    transport.onclose = () => closes++;
    const client = new Client({ name: 'test', version: '1.0.0' });
    await expect(client.connect(transport)).rejects.toThrow(/Connection closed/);
    const exit = transport.exitError;
    expect(exit).toBeInstanceOf(ServerProcessExitError);
    expect(exit?.exitCode).toBe(3);
    expect(exit?.stderrTail).toEqual(['fixture: FIXTURE_API_KEY is not set; get one at https://example.invalid/keys']);
    expect(exit?.message).toContain('exited with code 3');
    expect(exit?.message).toContain('FIXTURE_API_KEY is not set');
    expect(errors).toContain(exit);
    await transport.close();
    expect(closes).toBe(1);
  });

  it('fails the pending call and closes when the server crashes mid-call', async () => {
    const transport = transportFor(FIXTURE_SERVERS.stdio);
    const client = await connect(transport);
    let closed = false;
    client.onclose = () => (closed = true);
    await expect(client.callTool({ name: 'crash', arguments: {} })).rejects.toThrow(/Connection closed/);
    expect(closed).toBe(true);
    expect(transport.exitError?.exitCode).toBe(1);
    await expect(transport.send({ jsonrpc: '2.0', method: 'ping', id: 99 })).rejects.toThrow('Not connected');
  });

  it('close() escalates to SIGTERM for a server that ignores stdin EOF, and is idempotent', async () => {
    const transport = transportFor(FIXTURE_SERVERS.neverInitialize, { gracefulMs: 100 });
    let closes = 0;
    transport.onclose = () => closes++;
    await transport.start();
    const pid = transport.pid ?? 0;
    expect(isRunning(pid)).toBe(true);
    const started = Date.now();
    await Promise.all([transport.close(), transport.close()]);
    await transport.close();
    expect(isRunning(pid)).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(closes).toBe(1);
    expect(transport.exitError).toBeUndefined();
  });

  it('close() kills the grandchild of an npx-like wrapper', async () => {
    const lines: string[] = [];
    const transport = transportFor(FIXTURE_SERVERS.stdioGrandchild, { onStderr: (l) => lines.push(l), gracefulMs: 200 });
    const client = await connect(transport);
    expect(textOf(await client.callTool({ name: 'echo', arguments: { text: 'via wrapper' } }))).toBe('via wrapper');
    const grandchild = Number(/^GRANDCHILD_PID (\d+)$/.exec(lines[0] ?? '')?.[1]);
    expect(isRunning(grandchild)).toBe(true);
    expect(readProcess(grandchild)?.pgid).toBe(transport.pid);
    await client.close();
    expect(isRunning(grandchild)).toBe(false);
  });

  it('kills the orphaned grandchild when the wrapper dies on its own', async () => {
    const lines: string[] = [];
    const transport = transportFor(FIXTURE_SERVERS.stdioGrandchild, { onStderr: (l) => lines.push(l) });
    const closed = new Promise<void>((resolve) => (transport.onclose = resolve));
    await transport.start();
    await expect.poll(() => lines[0]).toMatch(/^GRANDCHILD_PID \d+$/);
    const grandchild = Number(lines[0]?.split(' ')[1]);
    // Only the wrapper dies, the way `kill <npx pid>` or an OOM kill would leave things.
    process.kill(transport.pid ?? 0, 'SIGKILL');
    await closed;
    expect(transport.exitError?.signal).toBe('SIGKILL');
    await expect.poll(() => isRunning(grandchild)).toBe(false);
  });

  it('killProcessGroup ignores groups that no longer exist', () => {
    // PID 2^22 is above Linux's pid_max ceiling, so no such group can exist.
    expect(() => killProcessGroup(4_194_304, 'SIGTERM')).not.toThrow();
  });
});
