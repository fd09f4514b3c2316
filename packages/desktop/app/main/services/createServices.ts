/**
 * Composition root: ports in, services and router out. Electron (main/index.ts), the
 * browser-mode host and the tests all build the app through here, so they run the same code.
 */
import path from 'node:path';
import type { AppNotice, EventEnvelope, EventName, EventPayload } from '../../shared/contracts/ipc';
import { DependencyCheckService } from './capabilities/tools/mcp-users/DependencyCheckService';
import { MCP_EVENT_NAMES, McpService, type McpEventName, type McpServiceOptions } from './capabilities/tools/mcp-users/McpService';
import { openLastSeenStore } from './capabilities/tools/mcp-users/LastSeenStore';
import type { ProcessRegistry } from './capabilities/tools/mcp-users/transports';
import type { McpConfigStore } from './config/McpConfigStore';
import { watchConfigFile } from './config/watchConfigFile';
import type { ProviderStore } from './providers/ProviderStore';
import { PresetInstaller } from './capabilities/tools/mcp-users/presets/PresetInstaller';
import type { OfficialMcpPreset } from '../../shared/mcp-presets';
import { McpRouter, createRouteHandlers } from './routers/McpRouter';
import { createChat, type ChatParts } from './chat/createChat';
import type { TextCompleter, ToolApprover } from './chat/ports';
import { ModelClients } from './chat/models/ModelClients';
import { ModelTextCompleter } from './chat/ModelTextCompleter';
import { createApprovalBroker, type ApprovalBroker } from './chat/ApprovalBroker';
import { isUsableProvider } from './capabilities/tools/mcp-users/common/sampling';
import { openOAuthSessionStore } from './capabilities/tools/mcp-users/auth/oauthSessionStore';
import type { SecretStore } from './secrets/SecretStore';

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
  /** Where remote servers' sign-in sessions are kept; absent = no sign-in (a 401 is a connect failure). */
  secrets?: SecretStore;
  /**
   * Opens a sign-in page; default `openUrl`. Browser mode and the CLI pass the system browser
   * ($BROWSER first) here without changing where download pages go. The URL is shown as well.
   */
  openAuthUrl?: (url: string) => Promise<void>;
  /** An HTTPS client ID metadata document for servers that support them instead of registration. */
  oauthClientMetadataUrl?: string;
  /** The preset catalog one-click install offers; default the official presets. */
  presets?: readonly OfficialMcpPreset[];
  /**
   * Who decides each tool call a chat's model makes; default the ApprovalBroker, which asks the
   * person (chat.approval_request) unless the approval policy lets the call run. Tests replace it.
   */
  approver?: (publish: Publish) => ToolApprover;
  /** Ask models for streamed answers (default true). */
  streamChat?: boolean;
  /** Raised by the entry point before the services existed (server processes a crashed run left, reaped): first in `app.notices`. */
  startupNotices?: readonly AppNotice[];
  /** What answers servers' sampling requests once the person approved them; default the chat's model clients. */
  textCompleter?: TextCompleter;
}

export type Publish = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export type EventListener = (envelope: EventEnvelope) => void;

export interface Services {
  mcpService: McpService;
  deps: DependencyCheckService;
  /** The chat loop, its model clients, and the TextCompleter sampling answers with. */
  chat: ChatParts;
  /** Asks the person before the chat's tool calls (the chat loop's ToolApprover). */
  approvals: ApprovalBroker;
  router: McpRouter;
  /** Subscribes to every contract event; returns the unsubscribe function. */
  onEvent(listener: EventListener): () => void;
  dispose(): Promise<void>;
}

export function createServices(ports: ServicePorts, options: Omit<McpServiceOptions, 'fetch'> = {}): Services {
  const listeners = new Set<EventListener>();
  const publish: Publish = (event, payload) => {
    for (const listener of listeners) listener({ event, payload } as EventEnvelope);
  };

  const oauth = ports.secrets && {
    store: openOAuthSessionStore(ports.secrets),
    openUrl: ports.openAuthUrl ?? ports.openUrl,
    clientMetadataUrl: ports.oauthClientMetadataUrl,
    ...options.oauth,
  };
  // The model clients come first: servers' sampling requests are answered through them too.
  const models = new ModelClients({ providers: ports.providers, fetch: ports.fetch });
  const textCompleter = ports.textCompleter ?? new ModelTextCompleter(models);
  const mcpService = new McpService(ports.configStore, {
    // Beside the records: what was last seen of each server survives a restart (the pool is lazy).
    lastSeen: openLastSeenStore(path.dirname(ports.configStore.path)),
    ...options,
    fetch: ports.fetch,
    processes: ports.processes,
    oauth,
    sampling: { completer: textCompleter, isConfigured: () => ports.providers.list().some(isUsableProvider) },
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
  const chat = createChat({
    mcpService,
    models,
    approver: ports.approver?.(publish) ?? approvals,
    emit: publish,
    ...(ports.streamChat !== undefined ? { stream: ports.streamChat } : {}),
  });

  const onLinkInstalled = (ids: string[]) => publish('mcp.link_installed', { ids });
  const router = new McpRouter(
    createRouteHandlers({
      mcpService,
      configStore: ports.configStore,
      providers: ports.providers,
      deps,
      presets,
      onLinkInstalled,
      chat,
      approvals,
      startupNotices: ports.startupNotices,
    }),
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
    chat,
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
        // Turns first: their tool calls run on the service's connections.
        await chat.service.dispose();
        listeners.clear();
        approvals.dispose();
        deps.dispose();
        await mcpService.dispose();
      })();
      return disposed;
    },
  };
}
