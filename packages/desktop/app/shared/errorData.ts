/**
 * What each error code carries in `data`, declared once. A throw site with a literal code is
 * checked against its code's shape by TypeScript (AppError's constructor), and the UI and the CLI
 * read details through `errorData(error, code)`, which checks the shape at runtime too (data
 * crossed a process boundary), instead of probing `data` field by field or parsing a message.
 * On the wire `data` stays a plain record (AppErrorShapeSchema): a field added here never makes
 * an older peer drop the whole error.
 */
import { z } from 'zod';
import { DependencyInstallActionSchema } from './contracts/deps-types';
import { IssueFieldSchema, type ErrorCode, type IssueField } from './errors';

const text = z.string();
const count = z.number();

/** Which server an error is about. */
const SERVER = { serverId: text.optional(), serverName: text.optional() };

/**
 * What the pool knows about a server that failed to connect, dropped or failed a request: the
 * stage and the hint code (mcp-users/common/connectFailure.ts) with the facts its translation
 * needs, the program's last stderr lines, the retry it waits for.
 */
const SERVER_FAILURE = {
  ...SERVER,
  transport: text.optional(),
  stderrTail: z.array(text).optional(),
  stage: text.optional(),
  hint: text.optional(),
  expectedPath: text.optional(),
  httpStatus: count.optional(),
  contentType: text.optional(),
  causeCode: text.optional(),
  cause: text.optional(),
  exitCode: count.nullable().optional(),
  signal: text.nullable().optional(),
  stdoutSample: text.optional(),
  urlPath: text.optional(),
  address: text.optional(),
  hostname: text.optional(),
  downloading: z.boolean().optional(),
  npxCacheDir: text.optional(),
  package: text.optional(),
  version: text.optional(),
  timeoutMs: count.optional(),
  timeoutSeconds: count.optional(),
  retry: z.object({ at: count, attempts: count }).optional(),
  /** The request that failed, for a failure after the connect. */
  method: text.optional(),
  callId: text.optional(),
  toolName: text.optional(),
};

/** Which provider a model request went to (ModelClients' context). */
const PROVIDER = { providerId: text, provider: text, model: text.optional(), detail: text.optional() };

/** The sign-in's server; `command` is the CLI's line that signs in. */
const SIGN_IN = { serverId: text.optional(), serverName: text, command: text.optional() };

/** A preset install's context (presetKey.ts): the preset and the providers whose key it may take, as one line ("zai, zhipu"). */
const PRESET = { presetId: text, presetName: text.optional(), linkedProviders: text.optional(), providerId: text.optional() };

/** Which registry a request went to (its name) and the URL asked. */
const REGISTRY = { registry: text, url: text };

export const ERROR_DATA = {
  VALIDATION_FAILED: z.object({
    /** The route whose input was refused. */
    route: text.optional(),
    issues: z.array(IssueFieldSchema).optional(),
    /** A config field at fault outside a form (a record that lost its url). */
    field: text.optional(),
    presetId: text.optional(),
    reason: text.optional(),
    callId: text.optional(),
    name: text.optional(),
    format: text.optional(),
  }),
  NOT_FOUND: z.object({ id: text.optional(), name: text.optional(), source: text.optional(), path: text.optional() }),
  ROUTE_NOT_FOUND: z.object({ route: text }),
  DUPLICATE_NAME: z.object({ name: text, source: text.optional(), existingSource: text.optional() }),
  CONFIG_STORE_FAILED: z.object({ path: text, pid: count.optional() }),
  MCP_CONNECT_FAILED: z.object(SERVER_FAILURE),
  MCP_TIMEOUT: z.object(SERVER_FAILURE),
  MCP_CONNECTION_CLOSED: z.object(SERVER_FAILURE),
  MCP_PROTOCOL_ERROR: z.object({ ...SERVER_FAILURE, mcpCode: count.optional() }),
  MCP_CANCELLED: z.object({ ...SERVER_FAILURE, ...PROVIDER, providerId: text.optional(), provider: text.optional() }),
  DEPS_MISSING: z.object({ ...SERVER_FAILURE, command: text, install: DependencyInstallActionSchema.optional() }),
  UNAUTHORIZED: z.object({}),
  FORBIDDEN: z.object({}),
  INTERNAL: z.object({ route: text.optional() }),
  MCP_TOOL_DISABLED: z.object({ ...SERVER, toolName: text }),
  MCP_SERVER_INACTIVE: z.object(SERVER),
  MCP_RESULT_TOO_LARGE: z.object({ ...SERVER_FAILURE, sizeBytes: count, limitBytes: count, limitMb: count, connectionKept: z.boolean().optional() }),
  TOO_MANY_STREAMS: z.object({ limit: count }),
  HOST_UNREACHABLE: z.object({ route: text.optional() }),
  DEPS_NO_INSTALLER: z.object({ command: text, platform: text }),
  DEPS_INSTALL_FAILED: z.object({ command: text, ran: z.unknown().optional(), url: text.optional(), exitCode: count.nullable().optional(), outputTail: z.array(text).optional() }),
  PRESET_NOT_FOUND: z.object({ presetId: text }),
  PRESET_KEY_REQUIRED: z.object(PRESET),
  PRESET_PROVIDER_NOT_LINKED: z.object(PRESET),
  PRESET_PROVIDER_NO_KEY: z.object(PRESET),
  PRESET_ALREADY_INSTALLED: z.object({ presetId: text, presetName: text, serverId: text, serverName: text }),
  ACTIVATION_NEEDS_REVIEW: z.object({ id: text, name: text }),
  ACTIVATION_REVIEW_STALE: z.object({ id: text, name: text }),
  MCP_NOT_SUPPORTED: z.object({ ...SERVER, capability: text }),
  IMPORT_INVALID_JSON: z.object({ line: count, column: count, reason: text, path: text.optional() }),
  IMPORT_NO_SERVERS: z.object({}),
  IMPORT_RENAME_TAKEN: z.object({ key: text, name: text }),
  ELICITATION_NOT_PENDING: z.object({ requestId: text }),
  CHAT_BUSY: z.object({ chatId: text }),
  CHAT_APPROVAL_NOT_PENDING: z.object({ requestId: text }),
  MCP_SAMPLING_NOT_PENDING: z.object({ requestId: text }),
  LLM_NO_KEY: z.object(PROVIDER),
  LLM_NO_BASE_URL: z.object(PROVIDER),
  LLM_KEY_REFUSED: z.object({ ...PROVIDER, status: count }),
  LLM_MODEL_NOT_FOUND: z.object({ ...PROVIDER, status: count }),
  LLM_RATE_LIMITED: z.object({ ...PROVIDER, status: count.optional() }),
  LLM_UNREACHABLE: z.object({ ...PROVIDER, url: text }),
  LLM_REQUEST_FAILED: z.object({ ...PROVIDER, status: count.optional() }),
  LLM_BAD_RESPONSE: z.object(PROVIDER),
  CHAT_STEP_LIMIT: z.object({ steps: count }),
  /** issues: `content.<field>` paths, one per answer field the form refuses. */
  ELICITATION_INVALID_CONTENT: z.object({ requestId: text.optional(), serverName: text, issues: z.array(IssueFieldSchema) }),
  /** reason insufficient_scope: a step-up, `scope` being the wider grant to ask for (403 insufficient_scope). */
  AUTH_REQUIRED: z.object({ ...SIGN_IN, scope: text.optional(), reason: z.literal('insufficient_scope').optional() }),
  AUTH_DENIED: z.object({ ...SIGN_IN, oauthError: text.optional() }),
  AUTH_TIMEOUT: z.object({ ...SIGN_IN, seconds: count }),
  AUTH_CANCELLED: z.object(SIGN_IN),
  AUTH_RESOURCE_MISMATCH: z.object({ ...SIGN_IN, resource: text, expected: text }),
  AUTH_FAILED: z.object({ ...SIGN_IN, cause: text }),
  AUTH_NOT_SUPPORTED: z.object({ serverName: text, transport: text }),
  ACTIVATION_RISK_NOT_ACKNOWLEDGED: z.object({ id: text, name: text, names: text }),
  EXTERNAL_URL_REFUSED: z.object({ url: text, reason: text, scheme: text.optional(), characters: text.optional() }),
  MCP_NOT_CONNECTED: z.object(SERVER),
  NPX_CACHE_NOT_A_FOLDER: z.object({ path: text }),
  CALL_RECORD_GONE: z.object({ callId: text, count }),
  REGISTRY_UNREACHABLE: z.object({ ...REGISTRY, cause: text.optional() }),
  REGISTRY_TIMEOUT: z.object({ ...REGISTRY, seconds: count }),
  REGISTRY_REQUEST_FAILED: z.object({ ...REGISTRY, status: count, detail: text.optional() }),
  REGISTRY_BAD_RESPONSE: z.object({ ...REGISTRY, detail: text }),
  REGISTRY_SERVER_NOT_FOUND: z.object({ registry: text, name: text, version: text.optional() }),
  REGISTRY_UNKNOWN: z.object({ registry: text }),
  REGISTRY_NO_INSTALL_OPTION: z.object({ name: text, reasons: text }),
  REGISTRY_INPUT_REQUIRED: z.object({ name: text, input: text, secret: z.boolean().optional() }),
  REGISTRY_INPUT_INVALID: z.object({ name: text, input: text, reason: text, choices: text.optional() }),
  REGISTRY_INSECURE_REMOTE: z.object({ name: text, url: text, input: text }),
  REGISTRY_SECRET_IN_ARGUMENT: z.object({ name: text, input: text }),
  REGISTRY_NOT_INSTALLED_FROM: z.object({ id: text, name: text }),
  REGISTRY_BUNDLE_INVALID: z.object({ name: text, url: text, reason: text }),
  REGISTRY_BUNDLE_HASH_MISMATCH: z.object({ name: text, url: text, expected: text, actual: text }),
  APP_RESOURCE_INVALID: z.object({ serverName: text, uri: text, reason: z.enum(['mime', 'empty', 'too_large']), mimeType: text.optional() }),
  APP_TOOL_NOT_ALLOWED: z.object({ serverName: text, toolName: text }),
  APP_TOOL_DENIED: z.object({ serverName: text, toolName: text, reason: z.enum(['denied', 'cancelled']) }),
} satisfies Record<ErrorCode, z.ZodObject>;

/** The data a code carries, as read. */
export type ErrorData<C extends ErrorCode> = z.output<(typeof ERROR_DATA)[C]>;
/** The data a throw site gives for a code: checked when the code is known, any record when it is passed through. */
export type ErrorDataArg<C extends ErrorCode> = ErrorCode extends C ? Record<string, unknown> : z.input<(typeof ERROR_DATA)[C]>;

/**
 * The data of `error` when it has `code` and its data has the code's shape, else undefined: what
 * the UI and the CLI read details from. Fields the shape does not know are dropped.
 */
export function errorData<C extends ErrorCode>(error: { code: string; data?: Record<string, unknown> | undefined } | undefined, code: C): ErrorData<C> | undefined {
  if (error?.code !== code) return undefined;
  const parsed = ERROR_DATA[code].safeParse(error.data ?? {});
  return parsed.success ? (parsed.data as ErrorData<C>) : undefined;
}

const ServerFailureSchema = z.object(SERVER_FAILURE);
export type ServerFailureData = z.output<typeof ServerFailureSchema>;

/**
 * The server-failure facts (stage, hint, stderr tail, npx's cache folder…) of any error that has
 * them: a connect can fail with several codes (MCP_CONNECT_FAILED, MCP_TIMEOUT, DEPS_MISSING…),
 * and the pool explains each the same way.
 */
export function serverFailureData(error: { data?: Record<string, unknown> | undefined } | undefined): ServerFailureData | undefined {
  const parsed = ServerFailureSchema.safeParse(error?.data ?? {});
  return parsed.success ? parsed.data : undefined;
}

/** The fields at fault of a refused input or answer: a form's VALIDATION_FAILED or an elicitation's answer. */
export function errorIssues(error: { code: string; data?: Record<string, unknown> | undefined } | undefined): IssueField[] {
  return errorData(error, 'VALIDATION_FAILED')?.issues ?? errorData(error, 'ELICITATION_INVALID_CONTENT')?.issues ?? [];
}
