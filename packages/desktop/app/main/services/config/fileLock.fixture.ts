/**
 * A child process for fileLock.process.test.ts:
 * - `node --import tsx fileLock.fixture.ts LOCK COUNTER N` increments the number in COUNTER N
 *   times, each a slow read-modify-write under LOCK, so any overlap between processes would lose
 *   increments. Inside the lock it also holds COUNTER.inside, created exclusively: finding it
 *   already there means two processes are inside at once, and the process exits with 3.
 * - `... LOCK crash` takes the lock and dies holding it, as a `kill -9` mid-write would.
 * - `... LOCK exit` takes the lock and calls process.exit inside it, which skips every `finally`.
 */
import fs from 'node:fs';
import { withFileLock } from './fileLock';

const [lockPath, counterPath, times] = process.argv.slice(2) as [string, string, string?];
if (counterPath === 'crash') {
  withFileLock(lockPath, () => process.kill(process.pid, 'SIGKILL'));
}
if (counterPath === 'exit') {
  withFileLock(lockPath, () => process.exit(0));
}
const inside = `${counterPath}.inside`;
const pause = new Int32Array(new SharedArrayBuffer(4));
for (let i = 0; i < Number(times); i++) {
  withFileLock(lockPath, () => {
    try {
      fs.writeFileSync(inside, '', { flag: 'wx' });
    } catch {
      process.exit(3);
    }
    const value = Number(fs.readFileSync(counterPath, 'utf8'));
    Atomics.wait(pause, 0, 0, 2);
    fs.writeFileSync(counterPath, String(value + 1));
    fs.rmSync(inside);
  });
}
