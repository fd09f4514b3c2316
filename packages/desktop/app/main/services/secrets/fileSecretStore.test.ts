import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempConfigDir } from '@desktop-testing/tempServices';
import { openFileSecretStore, SECRETS_FILE_NAME } from './fileSecretStore';
import type { SecretCipher } from './SecretStore';

/** A real, reversible cipher standing in for safeStorage: AES-256-GCM under a key only this test knows. */
function aesCipher(id = 'test-aes'): SecretCipher {
  const key = randomBytes(32);
  return {
    id,
    encrypt(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
    },
    decrypt(sealed) {
      const raw = Buffer.from(sealed, 'base64');
      const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    },
  };
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const fileIn = () => {
  const dir = makeTempConfigDir();
  dirs.push(dir);
  return path.join(dir, SECRETS_FILE_NAME);
};

describe('the file secret store', () => {
  it('puts, gets and deletes, and a new store on the same file sees the same values', () => {
    const file = fileIn();
    const store = openFileSecretStore(file);
    expect(store.put('a', 'sk-alpha')).toBe('a');
    const generated = store.put(undefined, 'sk-beta');
    expect(generated).toMatch(/^secret_[0-9a-f-]{36}$/);
    const other = openFileSecretStore(file);
    expect([other.get('a'), other.get(generated), other.get('missing')]).toEqual(['sk-alpha', 'sk-beta', undefined]);
    store.put('a', 'sk-alpha-2');
    other.delete(generated);
    other.delete('never-there');
    expect([store.get('a'), store.get(generated)]).toEqual(['sk-alpha-2', undefined]);
  });

  it.skipIf(process.platform === 'win32')('creates the file 0600 and leaves no temp file behind', () => {
    const file = fileIn();
    const store = openFileSecretStore(file);
    const umask = process.umask(0); // a permissive umask must not loosen the file
    try {
      store.put('a', 'sk-alpha');
    } finally {
      process.umask(umask);
    }
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(path.dirname(file)).sort()).toEqual([SECRETS_FILE_NAME]);
  });

  it('with PLAIN_CIPHER says once, when it creates the file, that values are not encrypted', async () => {
    const file = fileIn();
    const store = openFileSecretStore(file);
    const heard: string[] = [];
    store.onNotice((n) => heard.push(n.code));
    expect(store.notices).toEqual([]);
    store.put('a', 'one');
    store.put('b', 'two');
    await Promise.resolve();
    expect(store.notices.map((n) => n.code)).toEqual(['SECRETS_PLAINTEXT_FILE']);
    expect(store.notices[0]?.data).toEqual({ path: file });
    expect(heard).toEqual(['SECRETS_PLAINTEXT_FILE']);
    expect(openFileSecretStore(file).notices).toEqual([]);
  });

  it('with a cipher writes only ciphertext, raises no plaintext notice, and reads it back', () => {
    const file = fileIn();
    const store = openFileSecretStore(file, { cipher: aesCipher() });
    store.put('k', 'sk-live-0123456789');
    expect(fs.readFileSync(file, 'utf8')).not.toContain('sk-live-0123456789');
    expect(store.get('k')).toBe('sk-live-0123456789');
    expect(store.notices).toEqual([]);
  });

  it('reports a value sealed by another cipher as unavailable and reads plain values from any process', () => {
    const file = fileIn();
    openFileSecretStore(file, { cipher: aesCipher('desktop') }).put('sealed', 'sk-sealed-value');
    openFileSecretStore(file).put('plain', 'sk-plain-value');
    const cli = openFileSecretStore(file);
    expect(cli.get('sealed')).toBeUndefined();
    const otherKeychain = openFileSecretStore(file, { cipher: aesCipher('desktop') });
    expect(otherKeychain.get('sealed')).toBeUndefined(); // same id, key it cannot open
    expect(otherKeychain.get('plain')).toBe('sk-plain-value');
  });

  it('refuses a file it cannot read rather than replace it', () => {
    const file = fileIn();
    fs.writeFileSync(file, '{"secrets": ', { mode: 0o600 });
    const store = openFileSecretStore(file);
    expect(() => store.put('a', 'x')).toThrow(/not JSON/);
    expect(fs.readFileSync(file, 'utf8')).toBe('{"secrets": ');
  });
});

/** Bytes this process has read and written through read(2)/write(2) so far (Linux). */
const IO_FILE = '/proc/self/io';
function ioBytes(): { read: number; written: number } {
  const text = fs.readFileSync(IO_FILE, 'utf8');
  return { read: Number(/^rchar: (\d+)/m.exec(text)?.[1]), written: Number(/^wchar: (\d+)/m.exec(text)?.[1]) };
}
/** How many whole copies of `file` the work read and wrote (from the process's I/O counters). */
function copiesOf(file: string, work: () => void): { reads: number; writes: number } {
  const before = ioBytes();
  work();
  const after = ioBytes();
  const size = fs.statSync(file).size;
  return { reads: (after.read - before.read) / size, writes: (after.written - before.written) / size };
}

const MANY = 2_000;
const refs = Array.from({ length: MANY }, (_, i) => `server:s:env:VAR_${i}`);
/** A secrets file of MANY values that nobody has written for a minute (what an app at rest reads). */
function restingFileOfMany(): string {
  const file = fileIn();
  const secrets = Object.fromEntries(refs.map((ref, i) => [ref, { cipher: 'plain', value: `value-${i}` }]));
  fs.writeFileSync(file, JSON.stringify({ version: 1, secrets }), { mode: 0o600 });
  const minuteAgo = new Date(Date.now() - 60_000);
  fs.utimesSync(file, minuteAgo, minuteAgo);
  return file;
}

describe.skipIf(!fs.existsSync(IO_FILE))('the file secret store at scale', () => {
  it('answers many gets from one read of the file, not one read per get', () => {
    const file = restingFileOfMany();
    const store = openFileSecretStore(file);
    let values: (string | undefined)[] = [];
    const { reads } = copiesOf(file, () => (values = refs.map((ref) => store.get(ref))));
    expect(values[MANY - 1]).toBe(`value-${MANY - 1}`);
    expect(reads).toBeLessThan(2);
  });

  it('reads a file written a moment ago once for all the gets of one transaction', () => {
    const file = restingFileOfMany();
    const store = openFileSecretStore(file);
    store.put('fresh', 'just written');
    let values: (string | undefined)[] = [];
    const { reads } = copiesOf(file, () => (values = store.transaction(() => [...refs, 'fresh'].map((ref) => store.get(ref)))));
    expect(values.slice(-2)).toEqual([`value-${MANY - 1}`, 'just written']);
    expect(reads).toBeLessThan(2);
  });

  it('writes the file once for a transaction of many puts and deletes, and not at all when it throws', () => {
    const file = restingFileOfMany();
    const store = openFileSecretStore(file);
    const { writes } = copiesOf(file, () =>
      store.transaction(() => {
        refs.forEach((ref, i) => store.put(ref, `changed-${i}`));
        store.delete(refs[0]!);
        // Inside the transaction its own changes are what it reads.
        expect([store.get(refs[0]!), store.get(refs[1]!)]).toEqual([undefined, 'changed-1']);
      }),
    );
    expect(writes).toBeGreaterThan(0.9);
    expect(writes).toBeLessThan(2);
    const fresh = openFileSecretStore(file);
    expect([fresh.get(refs[0]!), fresh.get(refs[MANY - 1]!)]).toEqual([undefined, `changed-${MANY - 1}`]);

    const before = fs.readFileSync(file, 'utf8');
    expect(() =>
      store.transaction(() => {
        store.put(refs[1]!, 'never written');
        throw new Error('the caller failed');
      }),
    ).toThrow('the caller failed');
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(store.get(refs[1]!)).toBe('changed-1');
  });

  it('commits nested transactions once, when the outermost one ends', () => {
    const file = fileIn();
    const store = openFileSecretStore(file);
    store.transaction(() => {
      store.put('outer', 'a');
      store.transaction(() => store.put('inner', 'b'));
      expect(fs.existsSync(file)).toBe(false);
    });
    const fresh = openFileSecretStore(file);
    expect([fresh.get('outer'), fresh.get('inner')]).toEqual(['a', 'b']);
  });
});
