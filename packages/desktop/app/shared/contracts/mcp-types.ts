/**
 * MCP data types shared by main, host, preload and renderer.
 * Declared once as zod schemas; every TypeScript type here is inferred from its schema,
 * so a field added to a schema reaches every runtime at once.
 */
import { z } from 'zod';
import { AppPermissionDecisionsSchema, McpToolAppSchema } from '../mcpApps';
import { AppErrorShapeSchema } from '../errors';
import { checkServerLimits, maxLength } from '../limits';
import { TRANSPORTS, type TransportField } from '../transports';
import { LlmProviderIdSchema } from './providers';
import { HostNoteSchema } from '../hostNotes';
import { checkOAuthClient, OAuthGrantSchema, OAuthSigningAlgSchema } from '../oauthClient';

/** The transport table (shared/transports.ts) is the one list of transports; every enum of types derives from it. */
export const MCP_SERVER_TRANSPORTS = TRANSPORTS.types;
export const McpServerTransportSchema = TRANSPORTS.schema;
export type McpServerTransport = z.infer<typeof McpServerTransportSchema>;

export const McpServerScopeSchema = z.enum(['user', 'local']);
export type McpServerScope = z.infer<typeof McpServerScopeSchema>;

export const McpInstallSourceSchema = z.enum(['builtin', 'manual', 'protocol', 'unknown']);
export type McpInstallSource = z.infer<typeof McpInstallSourceSchema>;

export const McpConnectionStateSchema = z.enum(['disconnected', 'connecting', 'connected', 'error']);
export type McpConnectionState = z.infer<typeof McpConnectionStateSchema>;

const StringMapSchema = z.record(z.string(), z.string());

/**
 * Where a server installed from an MCP Registry came from (contracts/registry.ts): the registry,
 * the entry and the version pinned, and which package or remote of it, so a newer version can be
 * found and offered. An older build drops the key and keeps the server.
 */
export const RegistryOriginSchema = z.object({
  registryUrl: z.string(),
  name: z.string(),
  version: z.string(),
  kind: z.enum(['package', 'remote']),
  index: z.number().int().min(0),
});
export type RegistryOrigin = z.infer<typeof RegistryOriginSchema>;

/** Every transport-specific field of the table has a slot here (the `satisfies` makes that a compile error). */
export const McpServerConfigSchema = z.object({
  command: z.string().optional(),
  args: z.array(z.string()).optional(),
  env: StringMapSchema.optional(),
  url: z.string().optional(),
  headers: StringMapSchema.optional(),
  transport: z.string().optional(),
  /** WebSocket sub-protocol (Sec-WebSocket-Protocol); the MCP default is "mcp". */
  wsProtocol: z.string().optional(),
  /** Per-server override of the tool-call timeout, in milliseconds. */
  timeoutMs: z.number().int().positive().optional(),
  /**
   * A pre-registered OAuth client for a remote server without dynamic registration. The secret
   * goes to the secret store like header values (secretsByReference.ts); tokens never come here.
   */
  oauth: z
    .object({
      clientId: z.string().optional(),
      clientSecret: z.string().optional(),
      /** Absent = authorization_code (a browser sign-in); client_credentials fetches tokens without one (shared/oauthClient.ts). */
      grant: OAuthGrantSchema.optional(),
      /** private_key_jwt: a PEM private key (secret store, like the secret) and the algorithm its assertions are signed with. */
      privateKey: z.string().optional(),
      signingAlg: OAuthSigningAlgSchema.optional(),
    })
    .strict()
    .optional(),
} satisfies Record<TransportField, z.ZodType> & Record<string, z.ZodType>);
export type McpServerConfig = z.infer<typeof McpServerConfigSchema>;

const NonBlankSchema = z.string().trim().min(1);

/**
 * The fields of a stored server without defaults. Kept apart from the record schema because in
 * zod 4 `.partial()` does not switch `.default()` off: a partial of the record would fill every
 * absent key with its default, and an update naming only `name` would reset the rest.
 */
const McpServerFieldsSchema = z.object({
  id: NonBlankSchema,
  name: NonBlankSchema,
  type: McpServerTransportSchema,
  scope: McpServerScopeSchema,
  config: McpServerConfigSchema,
  isActive: z.boolean(),
  isTrusted: z.boolean(),
  disabledTools: z.array(z.string()),
  disabledAutoApproveTools: z.array(z.string()),
  installSource: McpInstallSourceSchema,
  projectPath: z.string().optional(),
  /** The preset's key slot follows this provider's saved key (providers.apply_key rewrites it). */
  keyLink: z.object({ providerId: LlmProviderIdSchema, presetId: z.string().min(1) }).strict().optional(),
  createdAt: z.number(),
  updatedAt: z.number().optional(),
  /**
   * When a person confirmed the activation review of a server that came from an install link
   * (mcp.activate). It means "allowed to run", never "trusted": isTrusted stays the person's own
   * switch. Only the host sets it; records an older build activated have isTrusted instead.
   */
  reviewedAt: z.number().optional(),
  /** Installed from an MCP Registry entry (registry.install). */
  registryOrigin: RegistryOriginSchema.optional(),
  /**
   * The person's answers to this server's MCP Apps asking for browser permissions (issue 32): a
   * permission an app declared is granted only when it is `allow` here. Only the person sets it
   * (the app's prompt, the server detail); a new server has none.
   */
  appPermissions: AppPermissionDecisionsSchema.optional(),
});

/** A stored server, with defaults applied on parse (old files may lack the newer fields). */
export const McpServerRecordSchema = McpServerFieldsSchema.extend({
  scope: McpServerScopeSchema.default('user'),
  isActive: z.boolean().default(true),
  isTrusted: z.boolean().default(false),
  disabledTools: z.array(z.string()).default([]),
  disabledAutoApproveTools: z.array(z.string()).default([]),
  installSource: McpInstallSourceSchema.default('manual'),
  createdAt: z.number().default(() => Date.now()),
});
export type McpServerRecord = z.infer<typeof McpServerRecordSchema>;

/**
 * What a caller may set in a config: the stored shape, strict. Reading a stored record drops a key
 * this version does not know rather than setting the record aside (a newer version may have
 * written it); in an input such a key is a mistake worth naming (`comand`), never dropped in silence.
 */
const McpServerConfigInputSchema = McpServerConfigSchema.strict();

/**
 * What a caller supplies to add a server: the record without the fields the service owns.
 * Transport-specific requirements (each transport's required fields and URL schemes, from its
 * descriptor) are checked here so that the form, the router and the CLI report the same field
 * paths, and so are the size limits (shared/limits.ts).
 */
export const McpServerInputSchema = McpServerRecordSchema.omit({
  id: true,
  createdAt: true,
  updatedAt: true,
  reviewedAt: true,
  appPermissions: true,
})
  .extend({ config: McpServerConfigInputSchema, registryOrigin: RegistryOriginSchema.strict().optional() })
  .strict()
  .superRefine((input, ctx) => {
    TRANSPORTS.checkConfig(input.type, input.config, ctx);
    checkOAuthClient(input.config.oauth, ctx);
    checkServerLimits(input, ctx);
  });
export type McpServerInput = z.input<typeof McpServerInputSchema>;

export const McpServerIdInputSchema = z.strictObject({ id: NonBlankSchema });
/** mcp.list_tools: `connect: false` lists only a server that is connected now (MCP_NOT_CONNECTED otherwise), so a list that shows tools never starts one. */
export const McpListToolsInputSchema = McpServerIdInputSchema.extend({ connect: z.boolean().optional() });
export type McpServerIdInput = z.infer<typeof McpServerIdInputSchema>;

/**
 * Everything but the id may change; the id is immutable. An update changes exactly the keys it
 * names: absent keys stay absent (no defaults), and the service validates the merged record.
 */
export const McpServerUpdateInputSchema = z.strictObject({
  id: NonBlankSchema,
  updates: McpServerFieldsSchema.omit({ id: true, createdAt: true, updatedAt: true, reviewedAt: true })
    .extend({ config: McpServerConfigInputSchema, registryOrigin: RegistryOriginSchema.strict() })
    .partial()
    .strict()
    .superRefine(checkServerLimits),
});
export type McpServerUpdateInput = z.infer<typeof McpServerUpdateInputSchema>;

/** An update as the host applies it: what a client may change, plus the review mark only mcp.activate sets. */
export interface McpServerRecordUpdate {
  id: string;
  updates: McpServerUpdateInput['updates'] & Partial<Pick<McpServerRecord, 'reviewedAt'>>;
}

export const McpServerJsonInputSchema = z.strictObject({ json: z.string().min(1).superRefine(maxLength('importText')) });
export type McpServerJsonInput = z.infer<typeof McpServerJsonInputSchema>;

/** A JSON Schema object; kept open because MCP servers send arbitrary schemas. */
export const JsonSchemaObjectSchema = z.record(z.string(), z.unknown());

/**
 * The MCP tool annotations (spec 2025-03-26 on): hints a server gives about a tool, for the
 * person to read. They are claims of the server, never a reason to trust it.
 */
export const McpToolAnnotationsSchema = z.object({
  title: z.string().optional(),
  readOnlyHint: z.boolean().optional(),
  destructiveHint: z.boolean().optional(),
  idempotentHint: z.boolean().optional(),
  openWorldHint: z.boolean().optional(),
});
export type McpToolAnnotations = z.infer<typeof McpToolAnnotationsSchema>;

export const MCPToolSchema = z.object({
  /** Provider-safe id: `mcp__${server}__${tool}` (see toolIds). */
  id: z.string(),
  name: z.string(),
  /** The human-readable name the server gives (Tool.title, else annotations.title); display only. */
  title: z.string().optional(),
  description: z.string(),
  inputSchema: JsonSchemaObjectSchema,
  /** Display only: provider conversions never send them. */
  annotations: McpToolAnnotationsSchema.optional(),
  /**
   * The JSON Schema the tool promises its `structuredContent` follows (spec 2025-06-18 on). For the
   * person: the result display checks a call's structured content against it. Provider
   * conversions never send it; a model is offered the input schema alone.
   */
  outputSchema: JsonSchemaObjectSchema.optional(),
  /**
   * How the tool may run as a task (spec 2025-11-25, SEP-1686): `required` tools are only ever
   * called as tasks, `optional` ones when the call may run long (see ToolTasks); absent is the
   * spec's `forbidden`, a plain call.
   */
  taskSupport: z.enum(['required', 'optional']).optional(),
  /**
   * The tool's MCP App (extension io.modelcontextprotocol/ui, see shared/mcpApps.ts): the `ui://`
   * resource it renders with and who may call it. A tool whose visibility lacks "model" is never
   * offered to a model; one whose visibility lacks "app" is refused to its app.
   */
  app: McpToolAppSchema.optional(),
  serverId: z.string(),
  serverName: z.string(),
});
export type MCPTool = z.infer<typeof MCPToolSchema>;

/**
 * A tool as the server detail shows it: every tool the server offers, the disabled ones included
 * and marked. Only discovery answers with these; everything that may reach a model gets MCPTool
 * lists that hold the enabled tools alone.
 */
export const McpServerToolSchema = MCPToolSchema.extend({ disabled: z.boolean() });
export type McpServerTool = z.infer<typeof McpServerToolSchema>;

export const McpActionResultSchema = z.object({
  success: z.boolean(),
  message: z.string().optional(),
  /** The record an add or update produced. */
  server: McpServerRecordSchema.optional(),
  /** Per-entry outcome of a batch (addJson). */
  results: z
    .array(z.object({ name: z.string(), success: z.boolean(), message: z.string().optional(), id: z.string().optional() }))
    .optional(),
});
export type McpActionResult = z.infer<typeof McpActionResultSchema>;

/**
 * Sign-in to a remote server (OAuth): absent for a server that never asked for one.
 * `waiting_for_browser` carries the URL the browser was sent to, for whoever could not open it.
 */
export const McpAuthStateSchema = z.enum(['needs_sign_in', 'waiting_for_browser', 'signed_in', 'failed']);
export type McpAuthState = z.infer<typeof McpAuthStateSchema>;
export const McpAuthStatusSchema = z.object({
  state: McpAuthStateSchema,
  authorizationUrl: z.string().optional(),
  /** Why `needs_sign_in` (AUTH_REQUIRED, with a scope the server asked for) or `failed` (AUTH_*). */
  failure: AppErrorShapeSchema.optional(),
});
export type McpAuthStatus = z.infer<typeof McpAuthStatusSchema>;

/** What a `connecting` server is doing: waiting for a free connect slot, or its package downloading (npx) before the program starts. */
export const McpConnectPhaseSchema = z.enum(['queued', 'downloading']);
export type McpConnectPhase = z.infer<typeof McpConnectPhaseSchema>;
/** The package npx is fetching for a server's first start (version absent: whatever is latest). */
export const McpPackageDownloadSchema = z.object({ package: z.string(), version: z.string().optional() });
export type McpPackageDownload = z.infer<typeof McpPackageDownloadSchema>;
/** After `attempts` failures in a row, the time (epoch ms) before which implicit use does not start the server again; a person's action does not wait for it. */
export const McpPendingRetrySchema = z.object({ at: z.number(), attempts: z.number().int().positive() });
export type McpPendingRetry = z.infer<typeof McpPendingRetrySchema>;
/** The details of a connection state, the same in mcp.status and in the mcp.connection_state event. */
export const McpConnectionDetailsSchema = z.object({
  phase: McpConnectPhaseSchema.optional(),
  /** While `phase` is `downloading`. */
  download: McpPackageDownloadSchema.optional(),
  /** While `error`: until when implicit use leaves it alone (1 s doubling to 5 min per failure in a row). */
  retry: McpPendingRetrySchema.optional(),
  /** When the latest connection of this session was made (kept after it ends); absent: not connected in this session yet. */
  connectedAt: z.number().optional(),
});
export type McpConnectionDetails = z.infer<typeof McpConnectionDetailsSchema>;

export const McpServerStatusSchema = z.object({
  id: z.string(),
  state: McpConnectionStateSchema,
  ...McpConnectionDetailsSchema.shape,
  /** The failure's message (logs, the CLI); `failure` is what a UI explains. */
  error: z.string().optional(),
  /**
   * Why an `error` state: the code, and data with the stage, a hint code and the facts behind it
   * (HTTP status, exit code, a stdout sample…; see mcp-users/common/connectFailure.ts).
   */
  failure: AppErrorShapeSchema.optional(),
  auth: McpAuthStatusSchema.optional(),
});
export type McpServerStatus = z.infer<typeof McpServerStatusSchema>;

/**
 * What was last seen of a server, kept in the config folder across runs (last-seen.json): the
 * tools it listed and when, and how its last connect ended. The list shows it for servers not
 * connected yet, so nothing has to start to show what a server offers. Never holds secrets: tool
 * names, titles, descriptions (clipped) and annotations, and an error's code and first line.
 */
export const McpSeenToolSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  annotations: McpToolAnnotationsSchema.optional(),
});
export type McpSeenTool = z.infer<typeof McpSeenToolSchema>;
export const McpLastOutcomeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), at: z.number() }),
  z.object({
    ok: z.literal(false),
    at: z.number(),
    code: z.string(),
    /** The error's first line. */
    message: z.string(),
    attempts: z.number().int().positive(),
    /** Until when the process that recorded it would not start the server again unasked (dropped when that process ends). */
    retryAt: z.number().optional(),
  }),
]);
export type McpLastOutcome = z.infer<typeof McpLastOutcomeSchema>;
export const McpLastSeenSchema = z.object({
  serverId: z.string(),
  tools: z.object({ at: z.number(), list: z.array(McpSeenToolSchema) }).optional(),
  outcome: McpLastOutcomeSchema.optional(),
});
export type McpLastSeen = z.infer<typeof McpLastSeenSchema>;

/* ---------- Connection pool ---------- */

/** Event payloads McpService emits and the contract carries to the renderer, declared once. */
export const McpServersChangedSchema = z.object({
  reason: z.enum(['added', 'updated', 'removed', 'imported', 'external']),
  id: z.string().optional(),
});
export type McpServersChanged = z.infer<typeof McpServersChangedSchema>;

/** Who made a call: a person (the playground, `elftia-mcp call`), a model in a chat, an agent, a server's MCP App. */
export const CallOriginSchema = z.enum(['person', 'model', 'agent', 'app']);
export type CallOrigin = z.infer<typeof CallOriginSchema>;

export const McpToolCalledSchema = z.object({
  serverId: z.string(),
  toolName: z.string(),
  callId: z.string(),
  duration: z.number(),
  success: z.boolean(),
  origin: CallOriginSchema,
  /** Why a call produced no result (timeout, refusal, closed connection); a tool's own `isError` is a result. */
  error: AppErrorShapeSchema.optional(),
});
export type McpToolCalled = z.infer<typeof McpToolCalledSchema>;

export const McpToolProgressSchema = z.object({
  serverId: z.string(),
  toolName: z.string(),
  callId: z.string(),
  progress: z.number(),
  total: z.number().optional(),
  message: z.string().optional(),
  /** Set when the call runs as a task: its status now (the message is the task's statusMessage). */
  taskStatus: z.enum(['working', 'input_required']).optional(),
});
export type McpToolProgress = z.infer<typeof McpToolProgressSchema>;

export const McpServerLogStreamSchema = z.enum(['stderr', 'stdout', 'host', 'log']);
/**
 * `host` lines are what Elftia itself noted about the server (a tool it had to skip, a closed connection);
 * `log` lines are the server's own log messages (notifications/message), level first (logMessageLine).
 */
export type McpServerLogStream = z.infer<typeof McpServerLogStreamSchema>;

export const McpServerLogLineSchema = z.object({
  serverId: z.string(),
  line: z.string(),
  stream: McpServerLogStreamSchema,
  at: z.number(),
  /** A `host` line's code and values, for the window to say it in the person's language (`line` is its English). */
  note: HostNoteSchema.optional(),
});
export type McpServerLogLine = z.infer<typeof McpServerLogLineSchema>;

export const McpServerLogInputSchema = z.strictObject({ id: NonBlankSchema, limit: z.number().int().positive().max(5000).optional() });
export type McpServerLogInput = z.infer<typeof McpServerLogInputSchema>;

/** A tool the server listed but whose definition is not valid MCP; the server keeps its other tools. */
export const McpToolIssueSchema = z.object({ name: z.string(), message: z.string() });
export type McpToolIssue = z.infer<typeof McpToolIssueSchema>;

export const McpServerInfoSchema = z.object({ name: z.string(), version: z.string() });

/** Test a saved server by id, or a config that is not saved yet (the form's "Test" button). */
export const McpTestInputSchema = z.union([McpServerIdInputSchema, z.strictObject({ server: McpServerInputSchema })]);
export type McpTestInput = z.input<typeof McpTestInputSchema>;

/**
 * The steps of a test, in order: `connect` is spawning the program (a process transport) or
 * reaching the endpoint (a URL transport: its first message accepted), `initialize` the MCP
 * handshake, `list_tools` the listing.
 */
export const MCP_TEST_STAGES = ['connect', 'initialize', 'list_tools'] as const;
export const McpTestStageSchema = z.enum(MCP_TEST_STAGES);
export type McpTestStage = z.infer<typeof McpTestStageSchema>;

export const McpTestStageResultSchema = z.object({
  stage: McpTestStageSchema,
  /** `skipped`: an earlier stage failed. */
  state: z.enum(['passed', 'failed', 'skipped']),
  /** How long the stage took; absent when it was skipped or a live connection was reused. */
  durationMs: z.number().optional(),
});
export type McpTestStageResult = z.infer<typeof McpTestStageResultSchema>;

export const McpTestResultSchema = z.object({
  success: z.boolean(),
  /** Every stage, in order, with where the test stopped. */
  stages: z.array(McpTestStageResultSchema),
  failedStage: McpTestStageSchema.optional(),
  /** A saved server's live connection answered, so connect and initialize did not run again. */
  reusedConnection: z.boolean().optional(),
  /** What the server process wrote to stderr during a failed test (redacted), last lines only. */
  stderrTail: z.array(z.string()).optional(),
  /** The tools a model may be offered; the server's disabled tools are listed apart. */
  tools: z.array(z.string()),
  disabledTools: z.array(z.string()),
  invalidTools: z.array(McpToolIssueSchema),
  durationMs: z.number(),
  serverInfo: McpServerInfoSchema.optional(),
  error: AppErrorShapeSchema.optional(),
});
export type McpTestResult = z.infer<typeof McpTestResultSchema>;

/** A "Check all" (mcp.test_all): each active server's test, as mcp.test answers it. */
export const McpTestAllResultSchema = z.array(z.object({ id: z.string(), name: z.string(), result: McpTestResultSchema }));
export type McpTestAllResult = z.infer<typeof McpTestAllResultSchema>;

export const McpPromptSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  arguments: z.array(z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() })).optional(),
});
export const McpResourceSchema = z.object({
  uri: z.string(),
  name: z.string(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});

/**
 * Tools are required; prompts and resources may fail without failing the whole. Each kind's
 * error is a coded error (MCP_NOT_SUPPORTED when the server does not offer that kind), so the
 * detail can say why in the person's language.
 */
export const McpDiscoverResultSchema = z.object({
  serverInfo: McpServerInfoSchema.optional(),
  instructions: z.string().optional(),
  tools: z.array(McpServerToolSchema),
  invalidTools: z.array(McpToolIssueSchema),
  prompts: z.array(McpPromptSchema),
  resources: z.array(McpResourceSchema),
  errors: z.object({ prompts: AppErrorShapeSchema.optional(), resources: AppErrorShapeSchema.optional() }),
});
export type McpDiscoverResult = z.infer<typeof McpDiscoverResultSchema>;

export const McpCallToolInputSchema = z.strictObject({
  serverId: NonBlankSchema,
  /** No listed tool has a longer name (pool/listing.ts), so a longer one is refused before any server is asked. */
  toolName: z.string().min(1).superRefine(maxLength('toolName')),
  /** The tool's arguments: an open map, checked by the tool's own input schema, never by ours. */
  args: z.record(z.string(), z.unknown()).default({}),
  /** Chosen by the caller so it can cancel the call and match progress events; generated when absent. */
  callId: NonBlankSchema.optional(),
  /** This call's timeout in milliseconds; overrides the server's `config.timeoutMs` (the CLI's `call --timeout`). */
  timeoutMs: z.number().int().positive().optional(),
});
export type McpCallToolInput = z.input<typeof McpCallToolInputSchema>;

/** MCP content blocks (text, image, audio, resource_link, resource) are passed through as sent. */
export const McpContentBlockSchema = z.looseObject({ type: z.string() });

/** `isError: true` is a tool that ran and failed: data, not an exception. */
export const McpCallToolResultSchema = z.object({
  callId: z.string(),
  isError: z.boolean(),
  content: z.array(McpContentBlockSchema),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  durationMs: z.number(),
});
export type McpCallToolResult = z.infer<typeof McpCallToolResultSchema>;

export const McpCancelCallInputSchema = z.strictObject({ callId: NonBlankSchema });
export const McpCancelCallResultSchema = z.object({ cancelled: z.boolean() });

/**
 * One recent call as the host keeps it for Activity's "full result" (CallRecords: the newest
 * ones, within a size budget). Exactly one of `result` and `error` once it ended.
 */
export const McpCallRecordSchema = z.object({
  callId: z.string(),
  serverId: z.string(),
  toolName: z.string(),
  origin: CallOriginSchema,
  args: z.record(z.string(), z.unknown()),
  /** Epoch ms when the call started. */
  at: z.number(),
  durationMs: z.number(),
  result: McpCallToolResultSchema.optional(),
  error: AppErrorShapeSchema.optional(),
});
export type McpCallRecord = z.infer<typeof McpCallRecordSchema>;
export const McpCallRecordInputSchema = z.strictObject({ callId: NonBlankSchema });

/* ---------- prompts/get and resources/read (issue 29 item 13: the spec-coverage gaps) ---------- */

/** A prompt filled in by the server: `args` are the prompt's arguments, strings by the spec. */
export const McpGetPromptInputSchema = z.strictObject({
  serverId: NonBlankSchema,
  name: NonBlankSchema,
  args: z.record(z.string(), z.string()).optional(),
});
export const McpGetPromptResultSchema = z.object({
  description: z.string().optional(),
  /** Each message's content block as sent (text, image, audio, resource). */
  messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: McpContentBlockSchema })),
});
export type McpGetPromptResult = z.infer<typeof McpGetPromptResultSchema>;

/** Any URI the server takes: a listed resource's, or one a resource template makes. */
export const McpReadResourceInputSchema = z.strictObject({ serverId: NonBlankSchema, uri: NonBlankSchema });
/** Each part has `text` or `blob` (base64), as the server sent it. */
export const McpReadResourceResultSchema = z.object({
  contents: z.array(z.looseObject({ uri: z.string(), mimeType: z.string().optional(), text: z.string().optional(), blob: z.string().optional() })),
});
export type McpReadResourceResult = z.infer<typeof McpReadResourceResultSchema>;

/**
 * Values the server suggests for one argument of a prompt or of a resource template
 * (completion/complete); `context` holds the arguments already chosen, which may narrow them.
 */
export const McpCompleteInputSchema = z.strictObject({
  serverId: NonBlankSchema,
  ref: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('ref/prompt'), name: NonBlankSchema }),
    z.strictObject({ type: z.literal('ref/resource'), uri: NonBlankSchema }),
  ]),
  argument: z.strictObject({ name: NonBlankSchema, value: z.string() }),
  context: z.record(z.string(), z.string()).optional(),
});
export type McpCompleteInput = z.input<typeof McpCompleteInputSchema>;
export const McpCompleteResultSchema = z.object({ values: z.array(z.string()), total: z.number().optional(), hasMore: z.boolean().optional() });
export type McpCompleteResult = z.infer<typeof McpCompleteResultSchema>;
