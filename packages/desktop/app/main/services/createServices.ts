/**
 * Composition root: ports in, services and router out. Electron (main/index.ts), the
 * browser-mode host and the tests all build the app through here, so they run the same code.
 */
import path from 'node:path';
import { events as contractEvents, type AppNotice, type EventEnvelope, type EventName, type EventPayload } from '../../shared/contracts/ipc';
import { DisposableStore } from '../../shared/lifecycle/DisposableStore';
import { Emitter, type Unsubscribe } from '../../shared/lifecycle/Emitter';
import { DependencyCheckService } from './capabilities/tools/mcp-users/DependencyCheckService';
import type { McpPeers, McpService, McpServiceOptions } from './capabilities/tools/mcp-users/McpService';
import { createMcp } from './capabilities/tools/mcp-users/createMcp';
import { openLastSeenStore } from './capabilities/tools/mcp-users/LastSeenStore';
import type { ProcessRegistry } from './capabilities/tools/mcp-users/transports';
import type { McpConfigStore } from './config/McpConfigStore';
import { watchConfigFile } from './config/watchConfigFile';
import type { ProviderStore } from './providers/ProviderStore';
import { PresetInstaller } from './capabilities/tools/mcp-users/presets/PresetInstaller';
import type { OfficialMcpPreset } from '../../shared/mcp-presets';
import { AppRouter, createRouteHandlers } from './routers/AppRouter';
import { createChat, type ChatParts } from './chat/createChat';
import type { TextCompleter, ToolApprover } from './chat/ports';
import { ModelClients } from './chat/models/ModelClients';
import { ModelTextCompleter } from './chat/ModelTextCompleter';
import { createApprovalBroker, type ApprovalBroker } from './chat/ApprovalBroker';
import { isUsableProvider } from './capabilities/tools/mcp-users/common/sampling';
import { openOAuthSessionStore } from './capabilities/tools/mcp-users/auth/oauthSessionStore';
import type { SecretStore } from './secrets/SecretStore';
import type { AgentStore } from './agents/AgentStore';
import { AgentSessions } from './agents/AgentSessions';
import { McpProcessTracker } from './capabilities/tools/mcp-users/McpProcessTracker';
import { REGISTRY_URL_ENV } from '../../shared/contracts/registry';
import { RegistryClient } from './registry/RegistryClient';
import { BUNDLES_DIR_NAME, McpbBundles } from './registry/McpbBundles';
import { REGISTRIES_FILE_NAME, RegistryService } from './registry/RegistryService';

export interface ServicePorts {
  /** Secrets by reference already (appStores.ts): the service only ever sees real values. */
  configStore: McpConfigStore;
  providers: ProviderStore;
  /** Agent presets (appStores.ts). */
  agents: AgentStore;
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
  /** An HTTPS client ID metadata document for servers that support them instead of registration (entry points: clientMetadataSetting.ts); undefined = always register. */
  oauthClientMetadataUrl?: string | undefined;
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
  /** The official MCP Registry's URL; default ELFTIA_REGISTRY_URL, else the official one. */
  registryUrl?: string | undefined;
  /** Per request to a registry; default 15 s. */
  registryTimeoutMs?: number;
}

export type Publish = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export type EventListener = (envelope: EventEnvelope) => void;

/** Every contract event under its own name, with its own payload: the app's one emitter carries them all. */
export type AppEvents = { [E in EventName]: EventPayload<E> };
const EVENT_NAMES = Object.keys(contractEvents) as EventName[];

export interface Services {
  mcpService: McpService;
  /** McpService's peers: the brokers of servers' questions and sampling requests, the MCP notices, the sign-ins… */
  mcp: McpPeers;
  deps: DependencyCheckService;
  /** The chat loop, its model clients, and the TextCompleter sampling answers with. */
  chat: ChatParts;
  /** Asks the person before the chat's tool calls (the chat loop's ToolApprover). */
  approvals: ApprovalBroker;
  /** Chats' agent sessions: their session servers; `endAll` when the window closes. */
  agentSessions: AgentSessions;
  router: AppRouter;
  /** Subscribes to every contract event; returns the unsubscribe function. */
  onEvent(listener: EventListener): Unsubscribe;
  /** Idempotent: everything made here is let go in the reverse order of making. */
  dispose(): Promise<void>;
}

export function createServices(ports: ServicePorts, options: Omit<McpServiceOptions, 'fetch'> = {}): Services {
  // Made in the order each needs the ones before it; `owned` lets go in reverse, so the
  // subscriptions end first, then the chat's turns (their tool calls run on the pool's
  // connections), the approvals and installers, the MCP part (calls, connections, processes) and
  // last the events everything reported through.
  const owned = new DisposableStore();
  const events = owned.add(new Emitter<AppEvents>());
  // EventPayload<E> is AppEvents[E] by definition; TypeScript does not see through the mapped type.
  const publish: Publish = (event, payload) => events.emit(event, payload as AppEvents[typeof event]);

  const oauth = ports.secrets && {
    store: openOAuthSessionStore(ports.secrets),
    openUrl: ports.openAuthUrl ?? ports.openUrl,
    clientMetadataUrl: ports.oauthClientMetadataUrl,
    ...options.oauth,
  };
  // The model clients come first: servers' sampling requests are answered through them too.
  const models = new ModelClients({ providers: ports.providers, fetch: ports.fetch });
  const textCompleter = ports.textCompleter ?? new ModelTextCompleter(models);
  // McpService emits the contract's own event names and payloads on the app's emitter: there is
  // no mapping to forget. A listener exists only while someone subscribes (onEvent), which is
  // what McpService asks before it puts a question to the person.
  const mcp = owned.add(
    createMcp(
      ports.configStore,
      {
        // Beside the records: what was last seen of each server survives a restart (the pool is lazy).
        lastSeen: openLastSeenStore(path.dirname(ports.configStore.path)),
        ...options,
        fetch: ports.fetch,
        processes: ports.processes,
        oauth,
        sampling: { completer: textCompleter, isConfigured: () => ports.providers.list().some(isUsableProvider) },
      },
      events,
    ),
  );
  const { mcpService } = mcp;

  const deps = owned.add(new DependencyCheckService({ openUrl: ports.openUrl }));
  owned.add(deps.onProgress((progress) => publish('deps.install_progress', progress)));

  const presets = new PresetInstaller({
    mcpService,
    deps,
    providers: ports.providers,
    presets: ports.presets,
    onProgress: (progress) => publish('presets.install_progress', progress),
  });

  const approvals = owned.add(
    createApprovalBroker(mcpService, {
      request: (request) => publish('chat.approval_request', request),
      closed: (closed) => publish('chat.approval_closed', closed),
    }),
  );
  // Session servers close through a tracker that can close them (graceful, then the group): the
  // entry point's, whose pid file lets the next start reap them after a crash. A test that hands
  // in a bare registry gets one of its own, without a pid file.
  const tracker = ports.processes instanceof McpProcessTracker ? ports.processes : owned.add(new McpProcessTracker());
  const agentSessions = owned.add(
    new AgentSessions({ store: ports.agents, tracker, onChange: (chatId, session) => publish('agents.session_state', { chatId, session }) }),
  );
  const chat = createChat({
    mcpService,
    models,
    approver: ports.approver?.(publish) ?? approvals,
    emit: publish,
    sessions: agentSessions,
    ...(ports.streamChat !== undefined ? { stream: ports.streamChat } : {}),
  });
  // Disposed before the sessions: a turn running on a session's tools stops before they close.
  owned.add(chat.service);

  const registry = owned.add(
    new RegistryService({
      client: new RegistryClient({ fetch: ports.fetch, ...(ports.registryTimeoutMs !== undefined ? { timeoutMs: ports.registryTimeoutMs } : {}) }),
      settingsPath: path.join(path.dirname(ports.configStore.path), REGISTRIES_FILE_NAME),
      // Read like ELFTIA_CONFIG_DIR: a managed machine or a test points every entry point at its own registry.
      envUrl: ports.registryUrl ?? process.env[REGISTRY_URL_ENV],
      mcpService,
      bundles: new McpbBundles({ fetch: ports.fetch, dir: path.join(path.dirname(ports.configStore.path), BUNDLES_DIR_NAME) }),
    }),
  );

  const router = new AppRouter(
    createRouteHandlers({
      mcpService,
      elicitation: mcp.elicitation,
      sampling: mcp.sampling,
      notices: mcp.notices,
      configStore: ports.configStore,
      providers: ports.providers,
      deps,
      presets,
      onLinkInstalled: (ids) => publish('mcp.link_installed', { ids }),
      chat,
      approvals,
      startupNotices: ports.startupNotices,
      agents: ports.agents,
      agentSessions,
      registry,
    }),
  );

  // The CLI and other processes write the same file: their changes reach the pool and the UI.
  owned.add(ports.configStore.onExternalChange((change) => void mcpService.applyExternalChange(change)));
  owned.add(ports.configStore.onNotice((notice) => publish('app.notice', notice)));
  owned.add(mcp.notices.onNotice((notice) => publish('app.notice', notice)));
  const configWatcher = watchConfigFile(ports.configStore);
  owned.add(() => configWatcher.close());

  return {
    mcpService,
    mcp,
    deps,
    chat,
    approvals,
    agentSessions,
    router,
    onEvent(listener) {
      const offs = EVENT_NAMES.map((event) => events.on(event, (payload) => listener({ event, payload } as EventEnvelope)));
      return () => offs.forEach((off) => off());
    },
    dispose: () => owned.dispose(),
  };
}
