/**
 * A stand-in for the app, run as its own process by McpProcessTracker.process.test.ts:
 * `node --import tsx trackerParent.fixture.ts <stateDir> <exit|hang>`. It spawns a process group
 * (a wrapper with a grandchild, like npx), tracks it, prints the pids, then either exits
 * normally (the exit hook must kill the group) or hangs until the test SIGKILLs it (the next
 * start must reap the group from the pid file).
 */
import { spawn } from 'node:child_process';
import { startProcessTracking } from './processTracking';

const [stateDir, mode] = process.argv.slice(2);
const tracker = startProcessTracking(stateDir!, (notice) => console.error(notice.message));

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
