/** What the router fuzz tests share: a seeded generator and a byte snapshot of a folder. */
import fs from 'node:fs';
import path from 'node:path';

export type Next = () => number;

/** mulberry32: small, seeded, good enough to spread payloads; a seed replays a failure. */
export function random(seed: number): Next {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ (t + t);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(next: Next, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;

/** Every file under dir with its bytes, to compare before and after. */
export function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      files[path.relative(dir, full)] = fs.readFileSync(full, 'base64');
    }
  }
  return files;
}
