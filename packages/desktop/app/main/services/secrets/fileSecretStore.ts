/**
 * The secret store as a 0600 JSON file (`secrets.json` in the config folder):
 * `{ "version": 1, "secrets": { "<ref>": { "cipher": "<id>", "value": "<sealed>" } } }`.
 * The app, browser mode and CLI runs share it, so every change is a locked read-modify-write of
 * the whole file (privateJsonFile.ts). With PLAIN_CIPHER the values are in clear, and the person
 * is told so once: when this process creates the file.
 *
 * Scale: a config can refer to tens of thousands of values (a link with 4,000 env entries), and
 * reading or writing the whole file per value made listing quadratic (26.7 s for 4,000 values,
 * minutes for 50,000, with the event loop blocked throughout). So this process keeps the parsed
 * file and asks the file only whether it changed (one open and fstat, see fileVersion.ts), and a
 * `transaction` reads one version for all its gets and writes all its puts and deletes at once.
 */
import { randomUUID } from 'node:crypto';
import type { AppNotice } from '../../../shared/contracts/ipc';
import { AppError } from '../../../shared/errors';
import { NoticeBoard } from '../NoticeBoard';
import type { FileLockOptions } from '../config/fileLock';
import type { FileVersion } from '../config/fileVersion';
import { openPrivateJsonFile } from '../config/privateJsonFile';
import { PLAIN_CIPHER, type SecretCipher, type SecretStore } from './SecretStore';

export const SECRETS_FILE_NAME = 'secrets.json';

interface Entry {
  cipher: string;
  value: string;
}
/** Checked per get, tens of thousands of times per list: a plain check, not a schema. */
const isEntry = (value: unknown): value is Entry =>
  typeof value === 'object' && value !== null && typeof (value as Entry).cipher === 'string' && typeof (value as Entry).value === 'string';
/** Unknown top-level keys and entries another build wrote are kept as they are (entries are checked as they are read). */
interface SecretsFile {
  [key: string]: unknown;
  version: 1;
  secrets: Record<string, unknown>;
}
/** A plain check, not a schema: a schema would copy tens of thousands of entries on every read of the file. */
const isSecretsFile = (json: unknown): json is SecretsFile => {
  const file = json as Partial<SecretsFile> | null;
  return typeof file === 'object' && file !== null && file.version === 1 && typeof file.secrets === 'object' && file.secrets !== null && !Array.isArray(file.secrets);
};

/**
 * One version of the file as this process holds it. The entries are a Map: a ref is a string
 * cut out of a config value, and looking such a string up as an object key costs V8 an
 * internalisation per lookup (five times slower over 50,000 refs); a Map only hashes it.
 */
interface Snapshot {
  file: SecretsFile;
  entries: Map<string, unknown>;
}
const snapshotOf = (file: SecretsFile): Snapshot => ({ file, entries: new Map(Object.entries(file.secrets)) });

/** Puts (an entry) and deletes (undefined) not yet written, by ref, in the order made. */
type Changes = Map<string, Entry | undefined>;

export interface FileSecretStoreOptions {
  cipher?: SecretCipher;
  lock?: FileLockOptions;
}

export function openFileSecretStore(filePath: string, options: FileSecretStoreOptions = {}): SecretStore {
  const cipher = options.cipher ?? PLAIN_CIPHER;
  const file = openPrivateJsonFile(filePath, options.lock);
  // Told after the lock is released and the caller has its answer.
  const board = new NoticeBoard({ deliver: queueMicrotask });
  /** The file as last read or written by this process, and which version of it that is. */
  let known: { version: FileVersion; snapshot: Snapshot } | undefined;
  /** The open transaction: the version its gets read, and its changes. */
  let open: { snapshot: Snapshot; changes: Changes } | undefined;

  const current = (): Snapshot => {
    const read = file.readIfChanged(known?.version);
    if (!read.changed) return known!.snapshot;
    known = { version: read.version, snapshot: snapshotOf(validate(read.json)) };
    return known.snapshot;
  };

  const validate = (json: unknown): SecretsFile => {
    if (json === undefined) return { version: 1, secrets: {} };
    if (!isSecretsFile(json)) {
      throw new AppError('CONFIG_STORE_FAILED', `${filePath} is not a secrets file this build can read; fix or move it away`, { path: filePath });
    }
    return json;
  };

  /** Applies `changes` to what the file holds now, under its lock, in one atomic write (none when nothing changes). */
  const commit = (changes: Changes) =>
    file.locked(() => {
      const now = current();
      const entries = new Map(now.entries);
      let changed = false;
      for (const [ref, entry] of changes) {
        if (entry) entries.set(ref, entry);
        else if (!entries.delete(ref)) continue; // deleting what is not there changes nothing
        changed = true;
      }
      if (!changed) return;
      const next = { ...now.file, secrets: Object.fromEntries(entries) };
      const { created, version } = file.write(next);
      known = { version, snapshot: { file: next, entries } };
      if (created && cipher === PLAIN_CIPHER) {
        board.raise(plaintextNotice(filePath));
      }
    });

  /** Outside a transaction a change is on disk when the call returns, as callers rely on. */
  const change = (ref: string, entry: Entry | undefined) => {
    if (open) open.changes.set(ref, entry);
    else commit(new Map([[ref, entry]]));
  };

  const stored = (ref: string): unknown => {
    if (open?.changes.has(ref)) return open.changes.get(ref);
    return (open?.snapshot ?? current()).entries.get(ref);
  };

  return {
    put(ref, value) {
      const key = ref ?? `secret_${randomUUID()}`;
      change(key, { cipher: cipher.id, value: cipher.encrypt(value) });
      return key;
    },
    get(ref) {
      const entry = stored(ref);
      if (!isEntry(entry)) return undefined;
      if (entry.cipher === PLAIN_CIPHER.id) return entry.value;
      if (entry.cipher !== cipher.id) return undefined;
      try {
        return cipher.decrypt(entry.value);
      } catch {
        // Sealed under another OS account or keychain: as unavailable as a missing value.
        return undefined;
      }
    },
    delete(ref) {
      change(ref, undefined);
    },
    transaction(fn) {
      if (open) return fn(); // nested: part of the outer one
      open = { snapshot: current(), changes: new Map() };
      try {
        const result = fn();
        if (open.changes.size > 0) commit(open.changes);
        return result;
      } finally {
        open = undefined;
      }
    },
    notices: board.notices,
    onNotice: (listener) => board.onNotice(listener),
  };
}

function plaintextNotice(filePath: string): AppNotice {
  return {
    code: 'SECRETS_PLAINTEXT_FILE',
    message: `API keys, env values and auth headers are kept in ${filePath}, readable only by your user account but not encrypted: this system offers no secure storage here.`,
    data: { path: filePath },
  };
}
