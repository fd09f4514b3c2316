/**
 * The stores of one config folder, put together the same way in every runtime: server records
 * with their secrets by reference, provider settings, and the secret store both point into.
 * Electron hands in electron-store and a safeStorage-sealed secret store; browser mode, the CLI
 * and tests use `openLocalStores` (conf and a 0600 file).
 */
import path from 'node:path';
import { openConfMcpConfigStore } from './config/confBackend';
import type { McpConfigStore } from './config/McpConfigStore';
import { openProviderStore, PROVIDERS_FILE_NAME, type ProviderStore } from './providers/ProviderStore';
import { openFileSecretStore, SECRETS_FILE_NAME } from './secrets/fileSecretStore';
import type { SecretStore } from './secrets/SecretStore';
import { withSecretsByReference } from './secrets/secretsByReference';
import { AGENTS_FILE_NAME, openAgentStore, type AgentStore } from './agents/AgentStore';

export interface AppStores {
  configStore: McpConfigStore;
  providers: ProviderStore;
  /** Also where remote servers' sign-in sessions live (auth/oauthSessionStore.ts). */
  secrets: SecretStore;
  /** Agent presets (`agents.json`), their session servers' env values in the secret store too. */
  agents: AgentStore;
}

export function assembleStores(configDir: string, records: McpConfigStore, secrets: SecretStore): AppStores {
  return {
    configStore: withSecretsByReference(records, secrets),
    providers: openProviderStore(path.join(configDir, PROVIDERS_FILE_NAME), secrets),
    secrets,
    agents: openAgentStore(path.join(configDir, AGENTS_FILE_NAME), secrets),
  };
}

export function openLocalStores(configDir: string): AppStores {
  return assembleStores(configDir, openConfMcpConfigStore(configDir), openFileSecretStore(path.join(configDir, SECRETS_FILE_NAME)));
}
