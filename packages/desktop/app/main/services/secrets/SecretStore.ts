/**
 * The secret store port: API keys, env values and header values live here, and the plain config
 * files hold only references to them. Synchronous because it is used inside the config store's
 * locked read-modify-write, which must never yield between its read and its write.
 */
import type { AppNotice } from '../../../shared/contracts/ipc';

export interface SecretStore {
  /** Stores `value` under `ref` (a new ref when none is given) and returns the ref. */
  put(ref: string | undefined, value: string): string;
  /** The value, or undefined when there is none or this process cannot decrypt it. */
  get(ref: string): string | undefined;
  /** Removing a ref that is not there is not an error. */
  delete(ref: string): void;
  /**
   * Runs `fn` (synchronous) as one change: its gets read one version of the store, and its puts
   * and deletes are written together, once, before it returns; nothing is written if it throws.
   * A transaction inside another is part of the outer one. Outside one, each put and delete is
   * on disk when it returns.
   */
  transaction<T>(fn: () => T): T;
  /** What the person should know about where secrets are kept (raised once, when that becomes true). */
  readonly notices: readonly AppNotice[];
  /** Returns the unsubscribe function. */
  onNotice(listener: (notice: AppNotice) => void): () => void;
}

/**
 * How values are sealed before they are written. Its id is stored with every value, so a process
 * with another cipher (the CLI reading what the desktop app encrypted) knows what it cannot open
 * instead of handing ciphertext to a server as if it were the key.
 */
export interface SecretCipher {
  readonly id: string;
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

/** No encryption: browser mode and the CLI, where the file's 0600 mode is the protection. */
export const PLAIN_CIPHER: SecretCipher = { id: 'plain', encrypt: (plain) => plain, decrypt: (sealed) => sealed };
