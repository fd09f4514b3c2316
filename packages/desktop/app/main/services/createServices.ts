/**
 * Composition root: ports in, services and router out. Electron (main/index.ts), the
 * browser-mode host and the tests all build the app through here, so they run the same code.
 */
import type { EventEnvelope, EventName, EventPayload } from '../../shared/contracts/ipc';
import { DependencyCheckService } from './capabilities/tools/mcp-users/DependencyCheckService';
import { MCP_EVENT_NAMES, McpService, type McpEventName, type McpServiceOptions } from './capabilities/tools/mcp-users/McpService';
import type { ProcessRegistry } from './capabilities/tools/mcp-users/transports';
import type { McpConfigStore } from './config/McpConfigStore';
import { watchConfigFile } from './config/watchConfigFile';
import type { ProviderStore } from './providers/ProviderStore';
import { PresetInstaller } from './capabilities/tools/mcp-users/presets/PresetInstaller';
import type { OfficialMcpPreset } from '../../shared/mcp-presets';
import { McpRouter, createRouteHandlers } from './routers/McpRouter';
import { createApprovalBroker, type ApprovalBroker } from './chat/ApprovalBroker';
import type { TextCompleter } from './chat/ports';
import { isUsableProvider } from './capabilities/tools/mcp-users/common/sampling';

export interface ServicePorts {
  /** Secrets by reference already (appStores.ts): the service only ever sees real values. */
  configStore: McpConfigStore;
  providers: ProviderStore;
  /** Electron's net.fetch in the app (system proxy and certificates), global fetch elsewhere. */
  fetch: typeof fetch;
  /** McpProcessTracker, set to the app's data folder: stdio servers are recorded there from spawn. */
  processes?: ProcessRegistry;
  /** Opens a download page in the person's browser (Electron's shell.openExternal); absent = the UI or CLI shows the URL. */
  openUrl?: (url: string) => Promise<void>;
  /** The preset catalog one-click install offers; default the official presets. */
  presets?: readonly OfficialMcpPreset[];
  /** The chat's model clients, which answer servers' sampling requests; absent = every request is refused. */
  textCompleter?: TextCompleter;
}

export type EventListener = (envelope: EventEnvelope) => void;

export interface Services {
  mcpService: McpService;
  deps: DependencyCheckService;
  /** Asks the person before the chat's tool calls (the chat loop's ToolApprover). */
  approvals: ApprovalBroker;
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

  const { textCompleter } = ports;
  const mcpService = new McpService(ports.configStore, {
    ...options,
    fetch: ports.fetch,
    processes: ports.processes,
    ...(textCompleter && { sampling: { completer: textCompleter, isConfigured: () => ports.providers.list().some(isUsableProvider) } }),
  });
  // McpService emits the contract's own event names and payloads, so forwarding is the identity
  // for every mcp.* event the contract declares: there is no mapping to forget. Listeners are
  // attached only while someone subscribes, because a progress listener makes every call ask the
  // server for progress (see McpService.callTool).
  const forwarders = MCP_EVENT_NAMES.map((event) => ({ event, listener: (payload: EventPayload<McpEventName>) => publish(event, payload) }));

  const deps = new DependencyCheckService({ openUrl: ports.openUrl });
  deps.on('install:progress', (progress) => publish('deps.install_progress', progress));

  const presets = new PresetInstaller({
    mcpService,
    deps,
    providers: ports.providers,
    presets: ports.presets,
    onProgress: (progress) => publish('presets.install_progress', progress),
  });

  const approvals = createApprovalBroker(mcpService, {
    request: (request) => publish('chat.approval_request', request),
    closed: (closed) => publish('chat.approval_closed', closed),
  });

  const onLinkInstalled = (ids: string[]) => publish('mcp.link_installed', { ids });
  const router = new McpRouter(
    createRouteHandlers({ mcpService, configStore: ports.configStore, providers: ports.providers, deps, presets, onLinkInstalled, approvals }),
  );

  // The CLI and other processes write the same file: their changes reach the pool and the UI.
  const offExternalChange = ports.configStore.onExternalChange((change) => void mcpService.applyExternalChange(change));
  const offNotice = ports.configStore.onNotice((notice) => publish('app.notice', notice));
  const offServiceNotice = mcpService.onNotice((notice) => publish('app.notice', notice));
  const configWatcher = watchConfigFile(ports.configStore);

  let disposed: Promise<void> | undefined;
  return {
    mcpService,
    deps,
    approvals,
    router,
    onEvent(listener) {
      listeners.add(listener);
      if (listeners.size === 1) for (const { event, listener: forward } of forwarders) mcpService.on(event, forward);
      return () => {
        if (listeners.delete(listener) && listeners.size === 0) for (const { event, listener: forward } of forwarders) mcpService.off(event, forward);
      };
    },
    dispose() {
      // Reverse order of construction: the router holds nothing; the service owns connections.
      disposed ??= (async () => {
        configWatcher.close();
        offExternalChange();
        offNotice();
        offServiceNotice();
        listeners.clear();
        approvals.dispose();
        deps.dispose();
        await mcpService.dispose();
      })();
      return disposed;
    },
  };
}
