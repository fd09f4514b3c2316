/**
 * The secret store as a 0600 JSON file (`secrets.json` in the config folder):
 * `{ "version": 1, "secrets": { "<ref>": { "cipher": "<id>", "value": "<sealed>" } } }`.
 * Every change is a locked read-modify-write of the whole file (privateJsonFile.ts), so the app,
 * browser mode and CLI runs can share it. With PLAIN_CIPHER the values are in clear, and the
 * person is told so once: when this process creates the file.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { z } from 'zod';
import type { AppNotice } from '../../../shared/contracts/ipc';
import { AppError } from '../../../shared/errors';
import type { FileLockOptions } from '../config/fileLock';
import { openPrivateJsonFile } from '../config/privateJsonFile';
import { PLAIN_CIPHER, type SecretCipher, type SecretStore } from './SecretStore';

export const SECRETS_FILE_NAME = 'secrets.json';

const EntrySchema = z.object({ cipher: z.string(), value: z.string() });
/** Unknown top-level keys and entries another build wrote are kept as they are. */
const SecretsFileSchema = z.looseObject({ version: z.literal(1), secrets: z.record(z.string(), z.unknown()) });
type SecretsFile = z.infer<typeof SecretsFileSchema>;

export interface FileSecretStoreOptions {
  cipher?: SecretCipher;
  lock?: FileLockOptions;
}

export function openFileSecretStore(filePath: string, options: FileSecretStoreOptions = {}): SecretStore {
  const cipher = options.cipher ?? PLAIN_CIPHER;
  const file = openPrivateJsonFile(filePath, options.lock);
  const notices: AppNotice[] = [];
  const events = new EventEmitter<{ notice: [AppNotice] }>();

  const load = (): SecretsFile => {
    const json = file.read();
    if (json === undefined) return { version: 1, secrets: {} };
    const parsed = SecretsFileSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('CONFIG_STORE_FAILED', `${filePath} is not a secrets file this build can read; fix or move it away`, { path: filePath });
    }
    return parsed.data;
  };

  const change = (edit: (secrets: Record<string, unknown>) => boolean) =>
    file.locked(() => {
      const current = load();
      const secrets = { ...current.secrets };
      if (!edit(secrets)) return;
      const created = file.write({ ...current, secrets });
      if (created && cipher === PLAIN_CIPHER) {
        const notice = plaintextNotice(filePath);
        notices.push(notice);
        queueMicrotask(() => events.emit('notice', notice));
      }
    });

  return {
    put(ref, value) {
      const key = ref ?? `secret_${randomUUID()}`;
      change((secrets) => {
        secrets[key] = { cipher: cipher.id, value: cipher.encrypt(value) };
        return true;
      });
      return key;
    },
    get(ref) {
      const entry = EntrySchema.safeParse(load().secrets[ref]);
      if (!entry.success) return undefined;
      if (entry.data.cipher === PLAIN_CIPHER.id) return entry.data.value;
      if (entry.data.cipher !== cipher.id) return undefined;
      try {
        return cipher.decrypt(entry.data.value);
      } catch {
        // Sealed under another OS account or keychain: as unavailable as a missing value.
        return undefined;
      }
    },
    delete(ref) {
      change((secrets) => Object.hasOwn(secrets, ref) && delete secrets[ref]);
    },
    notices,
    onNotice(listener) {
      events.on('notice', listener);
      return () => events.off('notice', listener);
    },
  };
}

function plaintextNotice(filePath: string): AppNotice {
  return {
    code: 'SECRETS_PLAINTEXT_FILE',
    message: `API keys, env values and auth headers are kept in ${filePath}, readable only by your user account but not encrypted: this system offers no secure storage here.`,
    data: { path: filePath },
  };
}
