/**
 * Composition root: ports in, services and router out. Electron (main/index.ts), the
 * browser-mode host and the tests all build the app through here, so they run the same code.
 */
import type { EventEnvelope, EventName, EventPayload } from '../../shared/contracts/ipc';
import { McpService, type McpServiceOptions } from './capabilities/tools/mcp-users/McpService';
import type { ProcessRegistry } from './capabilities/tools/mcp-users/transports';
import type { McpConfigStore } from './config/McpConfigStore';
import { watchConfigFile } from './config/watchConfigFile';
import type { ProviderStore } from './providers/ProviderStore';
import { McpRouter, createRouteHandlers } from './routers/McpRouter';

export interface ServicePorts {
  /** Secrets by reference already (appStores.ts): the service only ever sees real values. */
  configStore: McpConfigStore;
  providers: ProviderStore;
  /** Electron's net.fetch in the app (system proxy and certificates), global fetch elsewhere. */
  fetch: typeof fetch;
  /** McpProcessTracker, set to the app's data folder: stdio servers are recorded there from spawn. */
  processes?: ProcessRegistry;
}

export type EventListener = (envelope: EventEnvelope) => void;

export interface Services {
  mcpService: McpService;
  router: McpRouter;
  /** Subscribes to every contract event; returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void;
  dispose(): Promise<void>;
}

export function createServices(ports: ServicePorts, options: Omit<McpServiceOptions, 'fetch'> = {}): Services {
  const listeners = new Set<EventListener>();
  const publish = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    for (const listener of listeners) listener({ event, payload } as EventEnvelope);
  };

  const mcpService = new McpService(ports.configStore, { ...options, fetch: ports.fetch, processes: ports.processes });
  mcpService.on('servers:changed', (change) => publish('mcp.servers_changed', change));
  mcpService.on('connection:state', (serverId, state, error) =>
    publish('mcp.connection_state', error ? { serverId, state, error } : { serverId, state }),
  );
  mcpService.on('tool:called', (call) => publish('mcp.tool_called', call));
  // Progress is forwarded only while someone subscribes: McpService asks servers for progress
  // only when it has a listener, and that costs every call a little (see McpService.callTool).
  const forwardProgress = (progress: EventPayload<'mcp.tool_progress'>) => publish('mcp.tool_progress', progress);
  mcpService.on('tools:changed', (serverId) => publish('mcp.tools_changed', { serverId }));
  mcpService.on('server:log', (line) => publish('mcp.server_log', line));

  const router = new McpRouter(createRouteHandlers({ mcpService, configStore: ports.configStore, providers: ports.providers }));

  // The CLI and other processes write the same file: their changes reach the pool and the UI.
  const offExternalChange = ports.configStore.onExternalChange((change) => void mcpService.applyExternalChange(change));
  const offNotice = ports.configStore.onNotice((notice) => publish('app.notice', notice));
  const configWatcher = watchConfigFile(ports.configStore);

  let disposed: Promise<void> | undefined;
  return {
    mcpService,
    router,
    onEvent(listener) {
      listeners.add(listener);
      if (listeners.size === 1) mcpService.on('tool:progress', forwardProgress);
      return () => {
        if (listeners.delete(listener) && listeners.size === 0) mcpService.off('tool:progress', forwardProgress);
      };
    },
    dispose() {
      // Reverse order of construction: the router holds nothing; the service owns connections.
      disposed ??= (async () => {
        configWatcher.close();
        offExternalChange();
        offNotice();
        listeners.clear();
        await mcpService.dispose();
      })();
      return disposed;
    },
  };
}
