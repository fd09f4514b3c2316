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
  const transport = new StdioProcessTransport({
    command: process.execPath,
    args: [FIXTURE_SERVERS.stdioGrandchild],
    env: { ...(process.env as Record<string, string>), FIXTURE_WRAPPER_EXITS_ON_EOF: '1', FIXTURE_IGNORE_SIGTERM: '1' },
    processes: tracker,
    onStderr: (line) => {
      const grandchild = /GRANDCHILD_PID (\d+)/.exec(line)?.[1];
      if (grandchild) console.log(`PIDS ${transport.pid} ${grandchild}`);
    },
  });
  await transport.start();
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
