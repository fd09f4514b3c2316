import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fixtureBundle } from '@desktop-testing/fixtureProcess';

const CHILD = fixtureBundle(path.join(path.dirname(fileURLToPath(import.meta.url)), 'signalsChild.fixture.ts'));

describe.skipIf(process.platform === 'win32')('handleTerminatingSignals', () => {
  it('ignores the signal a library re-raises on its own process, and honours a real second one', async () => {
    const child = spawn(process.execPath, [CHILD], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const lines = () => out.trim().split('\n');
    const seen = (predicate: (lines: string[]) => boolean) =>
      new Promise<void>((resolve, reject) => {
        void exited.then((code) => reject(new Error(`exited (${code}) with ${JSON.stringify(lines())}`)));
        const check = () => {
          if (!predicate(lines())) return;
          child.stdout.off('data', check);
          resolve();
        };
        child.stdout.on('data', check);
        check();
      });

    await seen((l) => l.includes('ready'));
    child.kill('SIGTERM');
    // Both deliveries, ours and the re-raised one, have reached the plain listener.
    await seen((l) => l.filter((line) => line === 'delivered').length === 2);
    expect(lines()).toEqual(['ready', 'first SIGTERM', 'delivered', 'delivered']);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(lines()).toEqual(['ready', 'first SIGTERM', 'delivered', 'delivered', 'again SIGTERM']);
  });
});
