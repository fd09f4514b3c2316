/**
 * Writers killed mid-write (SIGKILL: nothing of theirs runs) leave lock drafts
 * (`<file>.lock.draft-<pid>-<token>`), takeover guards (`<file>.lock.takeover-<hash>`) and temp
 * files behind. The next normal start must clear every one whose owner is dead, and no write a
 * writer acknowledged may be lost.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { openLocalStores } from '../appStores';
import { fixtureBundle } from '@desktop-testing/fixtureProcess';
import { makeTempConfigDir } from '@desktop-testing/tempServices';

const WRITER = fixtureBundle(fileURLToPath(new URL('./storeWriter.fixture.ts', import.meta.url)));
const WRITERS_AT_ONCE = 4;
const KILLS = 24;

const dirs: string[] = [];
const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** What a write leaves beside the files only while it runs. */
const leftovers = (dir: string) => fs.readdirSync(dir).filter((name) => /\.(lock\.|tmp)|\.lock$/.test(name));

/** Starts a writer and SIGKILLs it at a random moment after its first acknowledged add. */
function writeThenDie(dir: string, prefix: string, acked: string[]): Promise<void> {
  const child = spawn(process.execPath, [WRITER, dir, prefix], { stdio: ['ignore', 'pipe', 'inherit'] });
  running.add(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const first = out === '';
    out += chunk.toString();
    if (first) setTimeout(() => child.kill('SIGKILL'), 50 + Math.random() * 400);
  });
  return new Promise((resolve) =>
    child.once('close', () => {
      running.delete(child);
      // Only whole lines: the last one may have been cut by the kill.
      acked.push(...out.split('\n').slice(0, -1).map((line) => line.replace(/^ADDED /, '')));
      resolve();
    }),
  );
}

it('the next start clears what writers killed mid-write left, and keeps every acknowledged write', { timeout: 300_000 }, async () => {
  const dir = makeTempConfigDir();
  dirs.push(dir);
  const acked: string[] = [];
  let started = 0;
  await Promise.all(
    Array.from({ length: WRITERS_AT_ONCE }, async () => {
      while (started < KILLS) await writeThenDie(dir, `w${started++}`, acked);
    }),
  );
  const left = leftovers(dir);

  const { configStore } = openLocalStores(dir);
  const afterStart = leftovers(dir);
  console.log(`${KILLS} writers killed: ${left.length} files left (${left.join(', ')}); after the next start: ${afterStart.length}`);

  expect(afterStart).toEqual([]);
  const servers = new Map(configStore.readServers().map((s) => [s.name, s]));
  expect(acked.length).toBeGreaterThan(0);
  expect(acked.filter((name) => !servers.has(name))).toEqual([]);
  for (const name of acked) expect(servers.get(name)?.config.env).toEqual({ TOKEN: `token-of-${name}` });
});
