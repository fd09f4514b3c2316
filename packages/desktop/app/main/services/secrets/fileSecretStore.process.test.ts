/**
 * The secret store shared by processes (the app, browser mode and CLI runs use one file): a value
 * another process wrote is seen at once, though this process keeps the file's content in memory,
 * and a writer that dies right after writing the config never leaves it pointing at a secret
 * that is not on disk.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { fixtureBundle } from '@desktop-testing/fixtureProcess';
import { makeTempConfigDir } from '@desktop-testing/tempServices';
import { openFileSecretStore, SECRETS_FILE_NAME } from './fileSecretStore';

const FIXTURE = fixtureBundle(fileURLToPath(new URL('./secretStore.fixture.ts', import.meta.url)));

/** Runs the fixture; `onLine` sees each stdout line as it comes. Resolves with how it ended. */
function runFixture(args: string[], onLine: (line: string) => void = () => undefined): Promise<number | NodeJS.Signals | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [FIXTURE, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      lines.forEach(onLine);
    });
    child.once('error', reject);
    child.once('close', (code, signal) => resolve(code ?? signal));
  });
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = makeTempConfigDir();
  dirs.push(dir);
  return dir;
};
/** Same length every time: a changed value must be seen even when the file's size stays the same. */
const valueOf = (n: number) => `v-${String(n).padStart(3, '0')}`;

describe('the file secret store across processes', () => {
  it('sees what another process put or deleted, right after its own reads', async () => {
    const file = path.join(tempDir(), SECRETS_FILE_NAME);
    const store = openFileSecretStore(file);
    store.put('a', valueOf(0));
    for (let n = 1; n <= 5; n++) {
      expect(store.get('a')).toBe(valueOf(n - 1));
      expect(await runFixture(['put', file, 'a', valueOf(n)])).toBe(0);
      expect(store.get('a')).toBe(valueOf(n));
    }
    expect(await runFixture(['put', file, '--delete', 'a'])).toBe(0);
    expect(store.get('a')).toBeUndefined();
  });

  it('never answers with a value older than one another process has finished writing', async () => {
    const file = path.join(tempDir(), SECRETS_FILE_NAME);
    const store = openFileSecretStore(file);
    store.put('a', valueOf(0));
    const stale: string[] = [];
    const pairs = Array.from({ length: 60 }, (_, i) => ['a', valueOf(i + 1)]).flat();
    const ended = await runFixture(['put', file, ...pairs], (line) => {
      const written = line.replace(/^DONE /, '');
      const seen = store.get('a') ?? '';
      if (seen < written) stale.push(`${seen} after ${written} was written`);
    });
    expect(ended).toBe(0);
    expect(stale).toEqual([]);
    expect(store.get('a')).toBe(valueOf(60));
  });

  it('has every secret on disk before the config refers to it, even when the writer dies right after writing the config', async () => {
    const dir = tempDir();
    expect(await runFixture(['crash-after-config', dir, '2000'])).toBe('SIGKILL');
    const config = JSON.parse(fs.readFileSync(path.join(dir, 'mcp-config.json'), 'utf8')) as { mcpServers: { config: { env: Record<string, string> } }[] };
    const env = config.mcpServers[0]!.config.env;
    expect(Object.keys(env)).toHaveLength(2000);
    const secrets = (JSON.parse(fs.readFileSync(path.join(dir, SECRETS_FILE_NAME), 'utf8')) as { secrets: Record<string, { value: string }> }).secrets;
    const dangling = Object.entries(env).filter(([name, ref]) => secrets[ref.replace(/^\$secret:/, '')]?.value !== `value-${name.slice(4)}`);
    expect(dangling).toEqual([]);
  });
});
