import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { withFileLock } from './fileLock';
import { openPrivateJsonFile } from './privateJsonFile';
import { fixtureBundle } from '@desktop-testing/fixtureProcess';
import { makeTempConfigDir } from '@desktop-testing/tempServices';

const FIXTURE = fixtureBundle(fileURLToPath(new URL('./fileLock.fixture.ts', import.meta.url)));

function exitCode(args: string[]): Promise<number | NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('close', (code, signal) => resolve(code ?? signal));
  });
}

/** The pid of a process that has exited (and been reaped), as a holder killed with -9 leaves it. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('close', resolve));
  return child.pid!;
}

describe('withFileLock', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const lockIn = () => {
    const dir = makeTempConfigDir();
    dirs.push(dir);
    return path.join(dir, 'file.lock');
  };

  it('lets one process at a time through: four processes, 100 slow increments, none lost', async () => {
    const lock = lockIn();
    const counter = path.join(path.dirname(lock), 'counter');
    fs.writeFileSync(counter, '0');
    const codes = await Promise.all(Array.from({ length: 4 }, () => exitCode([FIXTURE, lock, counter, '25'])));
    expect(codes).toEqual([0, 0, 0, 0]);
    expect(fs.readFileSync(counter, 'utf8')).toBe('100');
    expect(fs.existsSync(lock)).toBe(false);
  }, 120_000);

  it('lets one process in when many recover dead holders\' locks at once', async () => {
    const lock = lockIn();
    const dir = path.dirname(lock);
    const counter = path.join(dir, 'counter');
    fs.writeFileSync(counter, '0');
    // Every worker starts against a dead holder's lock, and holders keep dying inside meanwhile.
    fs.writeFileSync(lock, JSON.stringify({ pid: await deadPid(), token: 'dead' }));
    const workers = Array.from({ length: 5 }, () => exitCode([FIXTURE, lock, counter, '12']));
    const crashers = Array.from({ length: 4 }, () => exitCode([FIXTURE, lock, 'crash']));
    expect(await Promise.all(workers)).toEqual([0, 0, 0, 0, 0]);
    expect(await Promise.all(crashers)).toEqual(Array(4).fill('SIGKILL'));
    expect(fs.readFileSync(counter, 'utf8')).toBe('60');
    // The last crasher may have died after the last worker: its lock is the only leftover allowed.
    expect(fs.readdirSync(dir).filter((name) => name !== 'counter' && name !== path.basename(lock))).toEqual([]);
  }, 120_000);

  it('takes over a lock whose holder died', async () => {
    const lock = lockIn();
    fs.writeFileSync(lock, JSON.stringify({ pid: await deadPid(), token: 'dead' }));
    expect(withFileLock(lock, () => 'ran', { timeoutMs: 60_000 })).toBe('ran');
    expect(fs.existsSync(lock)).toBe(false);
  });

  it('takes over a lock older than staleMs although its pid is alive (a hung holder)', () => {
    const lock = lockIn();
    fs.writeFileSync(lock, JSON.stringify({ pid: process.ppid, token: 'hung' }));
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, minuteAgo, minuteAgo);
    expect(withFileLock(lock, () => 'ran', { timeoutMs: 60_000 })).toBe('ran');
  });

  it('gives up on a live, fresh lock with CONFIG_STORE_FAILED naming the lock and its holder', () => {
    const lock = lockIn();
    fs.writeFileSync(lock, JSON.stringify({ pid: process.ppid, token: 'busy' }));
    expect(() => withFileLock(lock, () => 'ran', { timeoutMs: 200, staleMs: 60_000 })).toThrow(
      expect.objectContaining({ code: 'CONFIG_STORE_FAILED', data: { path: lock, pid: process.ppid } }),
    );
    expect(JSON.parse(fs.readFileSync(lock, 'utf8'))).toEqual({ pid: process.ppid, token: 'busy' });
  });

  it('releases the lock when the process exits inside it', async () => {
    const lock = lockIn();
    expect(await exitCode([FIXTURE, lock, 'exit'])).toBe(0);
    expect(fs.readdirSync(path.dirname(lock))).toEqual([]);
  });

  it("removes at a start the drafts and takeover guards of holders that died, never a live holder's", async () => {
    const lock = lockIn(); // file.lock: the lock of `file`
    const dir = path.dirname(lock);
    const [dead, otherDead, live] = [await deadPid(), await deadPid(), process.ppid];
    /** As tryCreate writes them: the creator's pid and token. */
    const plant = (name: string, pid: number) => fs.writeFileSync(path.join(dir, name), JSON.stringify({ pid, token: `${pid}-${name.length}` }));
    const deadOnes = [
      `file.lock.draft-${dead}-0a1b2c3d4e5f6a7b`,
      'file.lock.takeover-0123456789abcdef',
      // The guard's own guard, left by a second waiter that died recovering it.
      'file.lock.takeover-0123456789abcdef.takeover-fedcba9876543210',
      `file.lock.takeover-1111111111111111.draft-${otherDead}-0a1b2c3d4e5f6a7b`,
    ];
    deadOnes.forEach((name, i) => plant(name, i === 3 ? otherDead : dead));
    const liveOnes = [`file.lock.draft-${live}-0a1b2c3d4e5f6a7b`, 'file.lock.takeover-2222222222222222'];
    liveOnes.forEach((name) => plant(name, live));

    openPrivateJsonFile(path.join(dir, 'file'));

    expect(fs.readdirSync(dir).sort()).toEqual([...liveOnes].sort());
  });

  it('releases the lock when the work throws', () => {
    const lock = lockIn();
    expect(() =>
      withFileLock(lock, () => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(fs.existsSync(lock)).toBe(false);
  });
});
