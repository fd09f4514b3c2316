/**
 * The app's services on one config folder behind the loopback host (HostServer.ts): what browser
 * mode runs, and what `elftia-mcp daemon` keeps running for CLI commands. One setup for both, so
 * the daemon has exactly browser mode's access checks (token, Host and Origin) and shutdown.
 * Once it listens, the host is recorded in the config folder (hostRecord.ts) for the CLI to find.
 */
import type { AppNotice } from '../shared/contracts/ipc';
import { DisposableStore } from '../shared/lifecycle/DisposableStore';
import { createServices } from '../main/services/createServices';
import { openInSystemBrowser } from '../main/services/capabilities/tools/mcp-users/auth/systemBrowser';
import { clientMetadataUrlFrom } from '../main/services/capabilities/tools/mcp-users/auth/clientMetadataSetting';
import { openLocalStores } from '../main/services/appStores';
import { startProcessTracking } from '../main/services/capabilities/tools/mcp-users/processTracking';
import type { PoolSettings } from '../main/services/poolSettings';
import { startHost, type RunningHost } from './HostServer';
import { claimHostRecord, removeHostRecord, type HostRecord } from './hostRecord';
import { presetCatalog } from './testPresets';

export interface OpenHostOptions {
  configDir: string;
  kind: HostRecord['kind'];
  port: number;
  /** The built renderer to serve (browser mode); the daemon serves the API only. */
  staticDir?: string;
  token?: string;
  pool: PoolSettings;
  /** Warnings: the config's notices, orphaned servers reaped at start. */
  warn(message: string): void;
}

export interface OpenedHost {
  host: RunningHost;
  configPath: string;
  /** Whether the CLI will find this host (false: another live host already serves the folder). */
  recorded: boolean;
  /** Removes the record, then closes the HTTP server, the services and (last) the process tracker. Idempotent. */
  dispose(): Promise<void>;
}

export async function openHost(options: OpenHostOptions): Promise<OpenedHost> {
  const stores = openLocalStores(options.configDir);
  const { configStore } = stores;
  for (const notice of configStore.notices) options.warn(notice.message);
  const startupNotices: AppNotice[] = [];
  // Let go in reverse on stop: the record, the HTTP server, the services, and last the tracker that stops whatever they left running.
  const owned = new DisposableStore();
  try {
    const processes = owned.add(
      startProcessTracking(options.configDir, (notice) => {
        options.warn(notice.message);
        startupNotices.push(notice);
      }),
    );
    const presets = presetCatalog(process.env, (line) => options.warn(line));
    const services = owned.add(
      createServices(
        {
          ...stores,
          fetch: globalThis.fetch,
          processes,
          presets,
          startupNotices,
          openAuthUrl: (url) => openInSystemBrowser(url),
          oauthClientMetadataUrl: clientMetadataUrlFrom(process.env),
        },
        // The person is at the page (or the command) that started the call: a sign-in a call needs opens their browser.
        { signInForCalls: true, ...options.pool },
      ),
    );
    const host = await startHost({ services, port: options.port, ...(options.staticDir !== undefined && { staticDir: options.staticDir }), ...(options.token !== undefined && { token: options.token }) });
    owned.add(() => host.close());
    const recorded = claimHostRecord(options.configDir, { kind: options.kind, port: host.port, token: host.token, startedAt: Date.now() });
    // First on stop: no CLI command is sent to a host that is going away.
    if (recorded) owned.add(() => removeHostRecord(options.configDir, { pid: process.pid, token: host.token }));
    return { host, configPath: configStore.path, recorded, dispose: () => owned.dispose() };
  } catch (err) {
    await owned.dispose();
    throw err;
  }
}
