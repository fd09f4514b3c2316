/**
 * A stand-in for the app, run as its own process by McpProcessTracker.process.test.ts:
 * `node --import tsx trackerParent.fixture.ts <stateDir> <exit|hang|orphan>`. It spawns a process
 * group (a wrapper with a grandchild, like npx), tracks it, prints `PIDS <wrapper> <grandchild>`,
 * then either exits normally (the exit hook must kill the group) or hangs until the test SIGKILLs
 * it (the next start must reap the group from the pid file).
 * `orphan` starts the npx-like fixture server through the stdio transport, as the app does, with
 * a wrapper that exits when the parent dies and a grandchild that ignores SIGTERM: what stays
 * is a group without its leader.
 */
import { spawn } from 'node:child_process';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import { startProcessTracking } from './processTracking';
import { StdioProcessTransport } from './transports';

const [stateDir, mode] = process.argv.slice(2);
const tracker = startProcessTracking(stateDir!, (notice) => console.error(notice.message));

if (mode === 'orphan') {
  // The pids are printed once the grandchild has answered a ping: only then has it loaded far
  // enough to ignore SIGTERM (printed at its spawn, a fast parent let the test reap it too early).
  let grandchild: string | undefined;
  let answered = false;
  const report = () => {
    if (grandchild && answered) console.log(`PIDS ${transport.pid} ${grandchild}`);
  };
  const transport = new StdioProcessTransport({
    command: process.execPath,
    args: [FIXTURE_SERVERS.stdioGrandchild],
    env: { ...(process.env as Record<string, string>), FIXTURE_WRAPPER_EXITS_ON_EOF: '1', FIXTURE_IGNORE_SIGTERM: '1' },
    processes: tracker,
    onStderr: (line) => {
      grandchild ??= /GRANDCHILD_PID (\d+)/.exec(line)?.[1];
      report();
    },
  });
  transport.onmessage = () => {
    answered = true;
    report();
  };
  await transport.start();
  await transport.send({ jsonrpc: '2.0', id: 1, method: 'ping' });
  setInterval(() => {}, 1_000);
} else {
  // The wrapper starts a grandchild in its own group and prints its pid, then both sleep.
  const wrapper = spawn(
    process.execPath,
    ['-e', "const c=require('child_process').spawn(process.execPath,['-e','setInterval(()=>{},1e3)'],{stdio:'ignore'});console.log(c.pid);setInterval(()=>{},1e3)"],
    { detached: true, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  wrapper.stdout.once('data', (chunk: Buffer) => {
    tracker.track({ pid: wrapper.pid, label: 'fixture wrapper', close: () => new Promise(() => {}) });
    console.log(`PIDS ${wrapper.pid} ${chunk.toString().trim()}`);
    if (mode === 'exit') setTimeout(() => process.exit(0), 100);
    else setInterval(() => {}, 1_000);
  });
}
