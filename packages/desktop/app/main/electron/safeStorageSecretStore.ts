/**
 * The desktop app's secret store: the same 0600 file as browser mode's, with every value sealed
 * by Electron's safeStorage (Keychain, DPAPI, libsecret/kwallet). Where the OS offers no real
 * keystore (Linux without one falls back to a fixed, public password: `basic_text`), sealing
 * would only pretend, so the file stays plain and the person is told once, as in browser mode.
 */
import path from 'node:path';
import { safeStorage } from 'electron';
import { openFileSecretStore, SECRETS_FILE_NAME } from '../services/secrets/fileSecretStore';
import type { SecretCipher, SecretStore } from '../services/secrets/SecretStore';

const SAFE_STORAGE_CIPHER: SecretCipher = {
  id: 'electron-safeStorage',
  encrypt: (plain) => safeStorage.encryptString(plain).toString('base64'),
  decrypt: (sealed) => safeStorage.decryptString(Buffer.from(sealed, 'base64')),
};

function hasRealKeystore(): boolean {
  if (!safeStorage.isEncryptionAvailable()) return false;
  return process.platform !== 'linux' || safeStorage.getSelectedStorageBackend() !== 'basic_text';
}

export function openSafeStorageSecretStore(userDataDir: string): SecretStore {
  return openFileSecretStore(path.join(userDataDir, SECRETS_FILE_NAME), hasRealKeystore() ? { cipher: SAFE_STORAGE_CIPHER } : {});
}
