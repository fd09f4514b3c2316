/**
 * A child process for fileLock.process.test.ts: `node --import tsx fileLock.fixture.ts LOCK COUNTER N`
 * increments the number in COUNTER N times, each a slow read-modify-write under LOCK, so any
 * overlap between processes would lose increments.
 */
import fs from 'node:fs';
import { withFileLock } from './fileLock';

const [lockPath, counterPath, times] = process.argv.slice(2) as [string, string, string];
const pause = new Int32Array(new SharedArrayBuffer(4));
for (let i = 0; i < Number(times); i++) {
  withFileLock(lockPath, () => {
    const value = Number(fs.readFileSync(counterPath, 'utf8'));
    Atomics.wait(pause, 0, 0, 2);
    fs.writeFileSync(counterPath, String(value + 1));
  });
}
