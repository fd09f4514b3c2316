/** Test helper: real services over a real conf-backed store in a fresh temp folder. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openLocalStores } from '@services/appStores';
import { createServices, type ServicePorts, type Services } from '@services/createServices';
import type { McpServiceOptions } from '@services/capabilities/tools/mcp-users/McpService';

export interface TempServices extends Services {
  configDir: string;
  configPath: string;
  /** Disposes the services and deletes the folder. */
  cleanup(): Promise<void>;
}

export function makeTempConfigDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'elftia-test-'));
}

/** `ports` replaces what a test needs different (a preset catalog of fixture servers, a chat approver, a model that answers from its input). */
export function createTempServices(
  configDir = makeTempConfigDir(),
  ports: Pick<ServicePorts, 'presets' | 'approver' | 'streamChat' | 'textCompleter' | 'registryUrl' | 'registryTimeoutMs'> = {},
  options: Omit<McpServiceOptions, 'fetch'> = {},
): TempServices {
  const stores = openLocalStores(configDir);
  const services = createServices({ ...stores, fetch: globalThis.fetch, ...ports }, options);
  return {
    ...services,
    configDir,
    configPath: stores.configStore.path,
    async cleanup() {
      await services.dispose();
      fs.rmSync(configDir, { recursive: true, force: true });
    },
  };
}
