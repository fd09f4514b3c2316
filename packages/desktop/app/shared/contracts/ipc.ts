/**
 * The one IPC contract: every route's input and output, every event's payload.
 * Main (Electron IPC), the browser-mode host (HTTP) and the renderer all type against this table.
 */
import { z } from 'zod';
import { AppErrorShapeSchema } from '../errors';
import {
  MCPToolSchema,
  McpActionResultSchema,
  McpCallToolInputSchema,
  McpCallToolResultSchema,
  McpCancelCallInputSchema,
  McpCancelCallResultSchema,
  McpCallRecordInputSchema,
  McpCallRecordSchema,
  McpAuthStatusSchema,
  McpConnectionStateSchema,
  McpServerConfigSchema,
  McpDiscoverResultSchema,
  McpCompleteInputSchema,
  McpCompleteResultSchema,
  McpGetPromptInputSchema,
  McpGetPromptResultSchema,
  McpReadResourceInputSchema,
  McpReadResourceResultSchema,
  McpServerIdInputSchema,
  McpListToolsInputSchema,
  McpServerInputSchema,
  McpServerJsonInputSchema,
  McpServerLogInputSchema,
  McpServerLogLineSchema,
  McpServerRecordSchema,
  McpServerStatusSchema,
  McpServerUpdateInputSchema,
  McpServersChangedSchema,
  McpConnectionDetailsSchema,
  McpLastSeenSchema,
  McpTestAllResultSchema,
  McpTestInputSchema,
  McpTestResultSchema,
  McpToolCalledSchema,
  McpToolProgressSchema,
} from './mcp-types';
import {
  ApprovalClosedSchema,
  ApprovalRequestSchema,
  ApprovalRespondInputSchema,
  ChatDeltaSchema,
  ChatIdInputSchema,
  ChatAppContextInputSchema,
  ChatModelsInputSchema,
  ChatModelsSchema,
  ChatSendInputSchema,
  ChatSendResultSchema,
  ChatToolCallEventSchema,
  ChatTurnEndSchema,
  SamplingClosedSchema,
  SamplingDraftSchema,
  SamplingGenerateInputSchema,
  SamplingRequestSchema,
  SamplingRespondInputSchema,
} from './chat';
import { McpBulkInputSchema, McpBulkResultSchema } from './mcp-bulk';
import {
  McpAppCallToolInputSchema,
  McpAppLogInputSchema,
  McpAppResourceInputSchema,
  McpAppResourceSchema,
} from './mcp-apps';
import { ElicitationClosedSchema, ElicitationRequestSchema, ElicitationRespondInputSchema } from './elicitation';
import {
  DependencyCheckResultSchema,
  DependencyCommandInputSchema,
  DependencyInstallProgressSchema,
  DependencyInstallResultSchema,
  DependencyPathSchema,
  NpxCacheFolderInputSchema,
  NpxCacheFolderRemovedSchema,
} from './deps-types';
import {
  McpActivateInputSchema,
  McpActivationReviewSchema,
  McpExportInputSchema,
  McpExportResultSchema,
  McpInstallLinkInputSchema,
  McpLinkInstalledSchema,
} from './mcp-links';
import {
  ApplyProviderKeyInputSchema,
  ApplyProviderKeyResultSchema,
  LinkedServerSchema,
  LlmProviderIdInputSchema,
  LlmProviderKeySchema,
  LlmProviderSchema,
  LlmProviderSetInputSchema,
} from './providers';
import {
  McpImportInputSchema,
  McpImportPreviewInputSchema,
  McpImportPreviewSchema,
  McpImportResultSchema,
  McpLocalConfigsSchema,
} from './mcp-import';
import {
  PresetInstallInputSchema,
  PresetInstallProgressSchema,
  PresetInstallResultSchema,
  PresetListInputSchema,
  PresetListItemSchema,
} from './presets';
import {
  AgentExportInputSchema,
  AgentExportResultSchema,
  AgentImportInputSchema,
  AgentImportResultSchema,
  AgentPresetSchema,
  AgentRefInputSchema,
  AgentSaveInputSchema,
  AgentSessionChatInputSchema,
  AgentSessionStartInputSchema,
  AgentSessionStatusInputSchema,
  AgentSessionStatusSchema,
  AgentServerRefInputSchema,
  AgentTestServerInputSchema,
  SessionServerSchema,
} from './agents';
import {
  RegistryApplyUpdateInputSchema,
  RegistryApplyUpdateResultSchema,
  RegistryInstallInputSchema,
  RegistryInstallResultSchema,
  RegistryListResultSchema,
  RegistrySearchInputSchema,
  RegistrySearchResultSchema,
  RegistrySettingsSchema,
  RegistryShowInputSchema,
  RegistryShowResultSchema,
  RegistryUpdateSchema,
} from './registry';

/** Something the app wants the person to know that is not tied to one request. */
export const AppNoticeSchema = z.object({
  code: z.enum(['CONFIG_RECOVERED', 'CONFIG_RECORDS_SET_ASIDE', 'CONFIG_REMOVED', 'SECRETS_PLAINTEXT_FILE', 'LINKED_SERVER_KEPT_INACTIVE', 'MCP_SAMPLING_REFUSED', 'MCP_PROCESSES_REAPED']),
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type AppNotice = z.infer<typeof AppNoticeSchema>;

/** The input of a route that takes nothing: absent, or `{}` and no key (a stray key is a mistake worth naming). */
export const NoInputSchema = z.void().or(z.object({}).strict());

export const routes = {
  'app.notices': { input: NoInputSchema, output: z.array(AppNoticeSchema) },
  'mcp.list': { input: NoInputSchema, output: z.array(McpServerRecordSchema) },
  'mcp.add': { input: McpServerInputSchema, output: McpActionResultSchema },
  'mcp.update': { input: McpServerUpdateInputSchema, output: McpActionResultSchema },
  'mcp.remove': { input: McpServerIdInputSchema, output: McpActionResultSchema },
  /**
   * Undoes a recent mcp.remove made by this process (the list's "Undo"): the same record, id,
   * secrets and all, comes back where it was. NOT_FOUND once the undo window has passed.
   */
  'mcp.restore': { input: McpServerIdInputSchema, output: McpActionResultSchema },
  'mcp.add_json': { input: McpServerJsonInputSchema, output: McpActionResultSchema },
  /** Connection state of every saved server (never connects). */
  'mcp.status': { input: NoInputSchema, output: z.array(McpServerStatusSchema) },
  'mcp.reconnect': { input: McpServerIdInputSchema, output: McpServerStatusSchema },
  'mcp.disconnect': { input: McpServerIdInputSchema, output: McpServerStatusSchema },
  /**
   * Starts signing in to a remote server (OAuth): answers once the browser was sent to the
   * authorization URL (`waiting_for_browser`, with that URL); the outcome arrives as mcp.auth_state,
   * and the server connects once signed in. Again while one waits: that one is cancelled first.
   */
  'mcp.auth_start': { input: McpServerIdInputSchema, output: McpAuthStatusSchema },
  /** Stops waiting for the browser; the state goes back to needs_sign_in. */
  'mcp.auth_cancel': { input: McpServerIdInputSchema, output: McpServerStatusSchema },
  /** Forgets the server's tokens and client registration (the secret store's copy) and disconnects it. */
  'mcp.auth_signout': { input: McpServerIdInputSchema, output: McpServerStatusSchema },
  'mcp.list_tools': { input: McpListToolsInputSchema, output: z.array(MCPToolSchema) },
  'mcp.list_all_tools': { input: NoInputSchema, output: z.array(MCPToolSchema) },
  'mcp.call_tool': { input: McpCallToolInputSchema, output: McpCallToolResultSchema },
  'mcp.cancel_call': { input: McpCancelCallInputSchema, output: McpCancelCallResultSchema },
  /** A recent call's arguments and full result (or error), as Activity links to it; NOT_FOUND once the host let it go. */
  'mcp.call_record': { input: McpCallRecordInputSchema, output: McpCallRecordSchema },
  'mcp.test': { input: McpTestInputSchema, output: McpTestResultSchema },
  'mcp.discover': { input: McpServerIdInputSchema, output: McpDiscoverResultSchema },
  /** A prompt as the server fills it in with `args` (prompts/get); MCP_NOT_SUPPORTED when the server offers no prompts. */
  'mcp.get_prompt': { input: McpGetPromptInputSchema, output: McpGetPromptResultSchema },
  /** A resource's contents (resources/read), by any URI the server takes; MCP_NOT_SUPPORTED when it offers no resources. */
  'mcp.read_resource': { input: McpReadResourceInputSchema, output: McpReadResourceResultSchema },
  /** Suggested values for an argument of a prompt or resource template (completion/complete); MCP_NOT_SUPPORTED without `completions`. */
  'mcp.complete': { input: McpCompleteInputSchema, output: McpCompleteResultSchema },
  /** What was last seen of each server, kept across runs: its tools and when, how its last connect ended (never connects). */
  'mcp.last_seen': { input: NoInputSchema, output: z.array(McpLastSeenSchema) },
  /** "Check all": tests every active server (capped like every connect), each as mcp.test would; a person's action, so retries pending are not waited for. */
  'mcp.test_all': { input: NoInputSchema, output: McpTestAllResultSchema },
  /** One action on the servers selected in the list, each done and answered on its own (mcp-bulk.ts). */
  'mcp.bulk': { input: McpBulkInputSchema, output: McpBulkResultSchema },
  /** The server's recent stderr and host notes, oldest first (secrets redacted). */
  'mcp.server_log': { input: McpServerLogInputSchema, output: z.object({ lines: z.array(McpServerLogLineSchema) }) },
  /**
   * The real env, headers, args and url of one server, for when the person asks to see them.
   * Everything else (mcp.list, the records add and update answer with) carries them masked.
   */
  'mcp.reveal_secrets': { input: McpServerIdInputSchema, output: McpServerConfigSchema.pick({ env: true, headers: true, args: true, url: true }) },
  /** Adds the servers of an `elftia://mcp/install` link, inactive and untrusted, whatever the link says. */
  'mcp.install_link': { input: McpInstallLinkInputSchema, output: McpActionResultSchema },
  /** What the person confirms before a server runs for the first time, with a token over exactly that. */
  'mcp.activation_review': { input: McpServerIdInputSchema, output: McpActivationReviewSchema },
  /** Activates a server; one that arrived by link needs the token of a review of its current record. */
  'mcp.activate': { input: McpActivateInputSchema, output: McpActionResultSchema },
  /** Every server (or the ids given) as Claude Desktop's `{ "mcpServers": … }` or VS Code's `{ "servers": … }`; secret values left empty unless asked for. */
  'mcp.export': { input: McpExportInputSchema, output: McpExportResultSchema },
  /**
   * What importing a text (pasted, or a config file of another app) would do: each entry with its
   * transport and target (secrets masked), what is wrong with it, and the saved server it
   * duplicates. IMPORT_INVALID_JSON (line, column) or IMPORT_NO_SERVERS when there are no entries.
   */
  'mcp.import_preview': { input: McpImportPreviewInputSchema, output: McpImportPreviewSchema },
  /**
   * Imports a text in one write with a choice per duplicate (skip, replace, rename; default skip):
   * everything the preview showed, or nothing (IMPORT_RENAME_TAKEN). Per-entry outcomes in order.
   */
  'mcp.import': { input: McpImportInputSchema, output: McpImportResultSchema },
  /** The Claude Desktop, Cursor and VS Code config files on this machine that list servers (read-only), and whether the offer to import them was declined. */
  'mcp.find_local_configs': { input: NoInputSchema, output: McpLocalConfigsSchema },
  /** Declines the one-time offer to import them; kept in the config folder. */
  'mcp.dismiss_local_configs': { input: NoInputSchema, output: z.object({ offerDismissed: z.literal(true) }) },
  /**
   * The person's answer to a server's question (mcp.elicitation_request). An accepted form is
   * checked against the requested schema first (ELICITATION_INVALID_CONTENT, issues at `content.<field>`,
   * the request stays open); ELICITATION_NOT_PENDING once it was answered, timed out or withdrawn.
   */
  'mcp.elicitation_respond': { input: ElicitationRespondInputSchema, output: z.object({ answered: z.literal(true) }) },
  /** The server questions waiting for an answer now, oldest first (for a window that opens after they were asked). */
  'mcp.elicitations': { input: NoInputSchema, output: z.array(ElicitationRequestSchema) },
  /** Whether a command is installed, where, which version, and how to install it when it is not. */
  'deps.check': { input: DependencyCommandInputSchema, output: DependencyCheckResultSchema },
  /** Runs the command's installer (progress as deps.install_progress); DEPS_NO_INSTALLER when none is known. */
  'deps.install': { input: DependencyCommandInputSchema, output: DependencyInstallResultSchema },
  /** Asks the login shell for PATH again, so something installed meanwhile is found without a restart. */
  'deps.refresh_path': { input: NoInputSchema, output: DependencyPathSchema },
  /** Removes one broken folder of npx's cache (the hint of a failure that names it); NPX_CACHE_NOT_A_FOLDER for any other path. */
  'deps.remove_npx_cache': { input: NpxCacheFolderInputSchema, output: NpxCacheFolderRemovedSchema },
  /** Every known LLM provider with the person's settings; keys masked. */
  'providers.list': { input: NoInputSchema, output: z.array(LlmProviderSchema) },
  /** Changes the fields given; answers with the provider as providers.list shows it. */
  'providers.set': { input: LlmProviderSetInputSchema, output: LlmProviderSchema },
  /** Forgets a provider's settings and deletes its key. */
  'providers.remove': { input: LlmProviderIdInputSchema, output: LlmProviderSchema },
  /** The one way a key leaves the main process: the person asked to see it. */
  'providers.reveal_key': { input: LlmProviderIdInputSchema, output: LlmProviderKeySchema },
  /** The servers whose key follows this provider's (installed from a preset with its key). */
  'providers.linked_servers': { input: LlmProviderIdInputSchema, output: z.array(LinkedServerSchema) },
  /** Writes the provider's current key into its linked servers (all, or the ids given); they reconnect. */
  'providers.apply_key': { input: ApplyProviderKeyInputSchema, output: ApplyProviderKeyResultSchema },
  /** The official presets (one category, or all), each with whether it is installed and which provider's key it would use. */
  'presets.list': { input: PresetListInputSchema, output: z.array(PresetListItemSchema) },
  /**
   * Key, dependency, add, connect, tools (each step also as presets.install_progress). Fails before
   * adding anything when the key or the command is missing or the preset is installed already; a
   * later step that fails leaves the server added and is reported in the result.
   */
  'presets.install': { input: PresetInstallInputSchema, output: PresetInstallResultSchema },
  /** The provider's models when its API lists them (else `listed: false` and the reason); the person may type any. */
  'chat.models': { input: ChatModelsInputSchema, output: ChatModelsSchema },
  /** Starts a turn of the chat (created on first use); it streams as chat.delta, chat.tool_call and chat.turn_end. */
  'chat.send': { input: ChatSendInputSchema, output: ChatSendResultSchema },
  /** Stops the running turn and its tool calls (the servers are told); false when none runs. */
  'chat.cancel': { input: ChatIdInputSchema, output: z.object({ cancelled: z.boolean() }) },
  /** Forgets the chat's history and its remembered approvals. */
  'chat.reset': { input: ChatIdInputSchema, output: z.object({ reset: z.literal(true) }) },
  /** An MCP App's ui/update-model-context in this chat: kept (the last one wins) for the next turn; `kept: false` for a chat the host does not have. */
  'chat.app_context': { input: ChatAppContextInputSchema, output: z.object({ kept: z.boolean() }) },
  /** The person's answer to chat.approval_request; CHAT_APPROVAL_NOT_PENDING once it was answered or cancelled. */
  'chat.approval_respond': { input: ApprovalRespondInputSchema, output: z.object({ answered: z.number().int().positive() }) },
  /** The approvals waiting now, oldest first (for a window that opens after they were asked). */
  'chat.approvals': { input: NoInputSchema, output: z.array(ApprovalRequestSchema) },
  /** Runs a server's sampling request (as the person edited it) on their model; the draft goes nowhere yet. */
  'mcp.sampling_generate': { input: SamplingGenerateInputSchema, output: SamplingDraftSchema },
  /** Sends the reviewed answer to the server, or declines; MCP_SAMPLING_NOT_PENDING once closed. */
  'mcp.sampling_respond': { input: SamplingRespondInputSchema, output: z.object({ answered: z.literal(true) }) },
  /** The sampling requests waiting now, oldest first. */
  'mcp.sampling_requests': { input: NoInputSchema, output: z.array(SamplingRequestSchema) },
  // Agent presets and their sessions (issue 30; contracts/agents.ts). Env values leave masked, as servers' do.
  /** Built-ins first, then the person's presets. */
  'agents.list': { input: NoInputSchema, output: z.array(AgentPresetSchema) },
  /** One preset by id or name; NOT_FOUND. */
  'agents.get': { input: AgentRefInputSchema, output: AgentPresetSchema },
  /** Adds (no id) or replaces a preset; masked env values sent back unchanged keep the stored ones. DUPLICATE_NAME, FORBIDDEN for a built-in. */
  'agents.save': { input: AgentSaveInputSchema, output: AgentPresetSchema },
  'agents.remove': { input: AgentRefInputSchema, output: AgentPresetSchema },
  /** What agents.export printed, one preset object or a list of them: all written or none (the error names the preset and the field). */
  'agents.import': { input: AgentImportInputSchema, output: AgentImportResultSchema },
  'agents.export': { input: AgentExportInputSchema, output: AgentExportResultSchema },
  /**
   * Starts the preset's session servers for a chat (chat.send then offers their tools as
   * `server__tool` and uses its instructions); another preset for the same chat ends the running
   * one first. A server that fails to start is reported in its state, the others run.
   */
  'agents.session_start': { input: AgentSessionStartInputSchema, output: AgentSessionStatusSchema },
  /** Closes the chat's session servers (graceful, then forced after 3 s); chat.reset does it too. */
  'agents.session_end': { input: AgentSessionChatInputSchema, output: z.object({ ended: z.boolean() }) },
  'agents.session_status': { input: AgentSessionStatusInputSchema, output: z.array(AgentSessionStatusSchema) },
  /** A session server of the form, tested as mcp.test tests a server (placeholders filled, masked env values from the stored preset). */
  'agents.test_server': { input: AgentTestServerInputSchema, output: McpTestResultSchema },
  /** A saved session server's real env values, for the form's eye on a masked value (as mcp.reveal_secrets). */
  'agents.reveal_secrets': { input: AgentServerRefInputSchema, output: SessionServerSchema.pick({ env: true }) },

  // MCP Registry (issue 31): contracts/registry.ts.
  /** The registries in use (official first, its URL from ELFTIA_REGISTRY_URL) and the saved settings. */
  'registry.list': { input: NoInputSchema, output: RegistryListResultSchema },
  /** Replaces the saved settings (the official one's switch and the others). */
  'registry.save': { input: RegistrySettingsSchema, output: RegistryListResultSchema },
  /** One page of a registry (latest versions unless allVersions); deleted entries hidden; pass nextCursor back for the next page. */
  'registry.search': { input: RegistrySearchInputSchema, output: RegistrySearchResultSchema },
  /** An entry (latest unless version), its versions, and each package and remote with its inputs or why it is skipped. */
  'registry.show': { input: RegistryShowInputSchema, output: RegistryShowResultSchema },
  /** Adds the server inactive with its registry origin; activate it with mcp.activate and the review's token. */
  'registry.install': { input: RegistryInstallInputSchema, output: RegistryInstallResultSchema },
  /** Every server installed from a registry with the registry's latest version (updateAvailable). */
  'registry.updates': { input: NoInputSchema, output: z.array(RegistryUpdateSchema) },
  /**
   * Rebuilds a registry server at a newer version with the inputs it has. Without reviewToken
   * nothing is written and the answer is the review; with it the reviewed record is written (the
   * running server restarts on it), trust reset, as mcp.activate applies a review.
   */
  'registry.update': { input: RegistryApplyUpdateInputSchema, output: RegistryApplyUpdateResultSchema },
  // MCP Apps (issue 32; contracts/mcp-apps.ts): what the renderer's app bridge asks on an app's behalf, always of the app's own server.
  /** A tool's app: its `ui://` resource read from that server, `text/html;profile=mcp-app` only (APP_RESOURCE_INVALID otherwise). */
  'mcp.app_resource': { input: McpAppResourceInputSchema, output: McpAppResourceSchema },
  /** An app's tools/call: APP_TOOL_NOT_ALLOWED unless the tool's visibility names "app"; recorded with origin `app`. */
  'mcp.app_call_tool': { input: McpAppCallToolInputSchema, output: McpCallToolResultSchema },
  'mcp.app_log': { input: McpAppLogInputSchema, output: z.object({ logged: z.literal(true) }) },
} as const;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteInput<R extends RouteName> = z.input<Routes[R]['input']>;
export type RouteOutput<R extends RouteName> = z.output<Routes[R]['output']>;

export const ROUTE_NAMES = Object.keys(routes) as RouteName[];
export const isRouteName = (name: string): name is RouteName => Object.hasOwn(routes, name);

export const events = {
  'mcp.servers_changed': McpServersChangedSchema,
  'mcp.connection_state': z.object({
    serverId: z.string(),
    state: McpConnectionStateSchema,
    error: z.string().optional(),
    /** As in mcp.status: the coded reason for an `error` state. */
    failure: AppErrorShapeSchema.optional(),
    /** As in mcp.status: queued or downloading, the pending retry, since when connected. */
    ...McpConnectionDetailsSchema.shape,
  }),
  /** A server's sign-in state changed (as `auth` in mcp.status; absent = no sign-in involved). Never carries a token. */
  'mcp.auth_state': z.object({ serverId: z.string(), auth: McpAuthStatusSchema.optional() }),
  'mcp.tool_called': McpToolCalledSchema,
  'mcp.server_log': McpServerLogLineSchema,
  'mcp.tool_progress': McpToolProgressSchema,
  /** The server announced notifications/tools/list_changed; cached tools were dropped. */
  'mcp.tools_changed': z.object({ serverId: z.string() }),
  /** A server asks the person something (elicitation/create); answer with mcp.elicitation_respond. */
  'mcp.elicitation_request': ElicitationRequestSchema,
  /** A question no longer waits (answered, timed out or withdrawn): every window closes its dialog. */
  'mcp.elicitation_closed': ElicitationClosedSchema,
  'deps.install_progress': DependencyInstallProgressSchema,
  /** An install link (from the OS) added these servers, inactive; the window may open their review. */
  'mcp.link_installed': McpLinkInstalledSchema,
  'app.notice': AppNoticeSchema,
  'presets.install_progress': PresetInstallProgressSchema,
  /** Browser-mode host only: this reader fell behind and `count` events were not sent to it; reload what is shown. */
  'app.events_dropped': z.object({ count: z.number().int().positive() }),
  /** Model text of a chat turn, in order. */
  'chat.delta': ChatDeltaSchema,
  /** A tool call of a chat turn changed state (asked, awaiting approval, running, finished). */
  'chat.tool_call': ChatToolCallEventSchema,
  'chat.turn_end': ChatTurnEndSchema,
  /** A tool call waits for the person; answer with chat.approval_respond. */
  'chat.approval_request': ApprovalRequestSchema,
  'chat.approval_closed': ApprovalClosedSchema,
  /** A server asks for a model answer (sampling/createMessage); review with mcp.sampling_generate / mcp.sampling_respond. */
  'mcp.sampling_request': SamplingRequestSchema,
  'mcp.sampling_closed': SamplingClosedSchema,
  /** A chat's agent session started or changed (its servers' states), or ended (null). */
  'agents.session_state': z.object({ chatId: z.string(), session: AgentSessionStatusSchema.nullable() }),
} as const;

export type Events = typeof events;
export type EventName = keyof Events;
export type EventPayload<E extends EventName> = z.infer<Events[E]>;
export const isEventName = (name: string): name is EventName => Object.hasOwn(events, name);

/** One envelope carries every event over either transport. */
export type EventEnvelope = { [E in EventName]: { event: E; payload: EventPayload<E> } }[EventName];
