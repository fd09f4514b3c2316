/**
 * `elftia-mcp call` of tools that run as tasks (SEP-1686), in-process against the fixture's task
 * tools (FIXTURE_TASKS): statuses on stderr with --progress, the task's question answered with
 * --yes, and an interrupt (Ctrl-C) that reaches the server as tasks/cancel before the CLI exits.
 * The pool's side (server-everything's research task, deadlines, client-side tasks) is proven in
 * McpService.tasks.process.test.ts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assertNoChildren } from '@fixtures/servers/paths';
import { makeSandbox, stdioFixtureArgs, type CliSandbox } from '@desktop-testing/cliTestkit';
import { EXIT } from './cliKit';
import { runCli } from './runCli';

let cli: CliSandbox;
let logDir: string;
const taskLog = () => path.join(logDir, 'tasks.log');

beforeAll(async () => {
  cli = makeSandbox();
  logDir = mkdtempSync(path.join(tmpdir(), 'elftia-task-log-'));
  expect((await cli.run(stdioFixtureArgs('fx', '--env', 'FIXTURE_TASKS=1', '--env', `FIXTURE_TASK_LOG=${taskLog()}`))).code).toBe(0);
});

afterAll(async () => {
  cli.remove();
  rmSync(logDir, { recursive: true, force: true });
  await assertNoChildren();
});

it("call runs a task-required tool as a task: its question answered with --yes, its statuses with --progress, the result on stdout", async () => {
  const run = await cli.run(['call', 'fx', 'task_sleep', '--args', '{"ms":300,"steps":2,"ask":true}', '--yes', '--progress']);
  expect(run.code).toBe(EXIT.OK);
  expect(run.stdout).toBe('slept 2 × 300 ms, colour green\n');
  expect(run.stderr).toContain('task input_required: Needs a colour\n');
  expect(run.stderr).toContain('Which colour?');
  expect(run.stderr).toContain('Accepted with the defaults (--yes): colour=green');
  // Polled, so a busy machine may miss a step; one of them is always seen.
  expect(run.stderr).toMatch(/task working: step [12] of 2\n/);
});

it('Ctrl-C during a task cancels it on the server (tasks/cancel) and exits 130', async () => {
  const interrupt = new AbortController();
  let stderr = '';
  const code = runCli(['--config-dir', cli.dir, 'call', 'fx', 'task_sleep', '--args', '{"ms":10000}', '--progress'], {
    stdout: { write: () => true },
    stderr: {
      write: (chunk: string) => {
        stderr += chunk;
        // Interrupted once the task runs on the server, as a person would press Ctrl-C.
        if (chunk.startsWith('task working: step 1')) interrupt.abort();
        return true;
      },
    },
    stdin: Readable.from(['']),
    env: {},
    interactive: false,
    signal: interrupt.signal,
  });
  expect(await code).toBe(EXIT.INTERRUPTED);
  expect(stderr).toContain('Interrupted.');
  // Written before the server answered the cancel, which the CLI waited for before it closed the connection.
  expect(readFileSync(taskLog(), 'utf8')).toMatch(/^task cancelled \w+\n$/);
});
