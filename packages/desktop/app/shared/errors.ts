/**
 * Error codes and the Result envelope. Codes, not sentences: the UI translates
 * `errors.<CODE>` with `data`; `message` is for logs.
 */
import { z } from 'zod';
import type { ErrorDataArg } from './errorData';
import { limitOf, LimitFactsSchema } from './limits';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'DUPLICATE_NAME',
  'CONFIG_STORE_FAILED',
  'MCP_CONNECT_FAILED',
  'MCP_TIMEOUT',
  'MCP_CONNECTION_CLOSED',
  'MCP_PROTOCOL_ERROR',
  'MCP_CANCELLED',
  'DEPS_MISSING',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'INTERNAL',
  'MCP_TOOL_DISABLED',
  'MCP_SERVER_INACTIVE',
  'MCP_RESULT_TOO_LARGE',
  /** The browser-mode host already serves as many event streams as it allows. */
  'TOO_MANY_STREAMS',
  /** Browser mode: the page's request never reached the host (it is stopped or restarting); data.route names the request. */
  'HOST_UNREACHABLE',
  /** No installer is known for this command on this platform. */
  'DEPS_NO_INSTALLER',
  /** An installer could not start or exited with an error; data carries what ran and its output's tail. */
  'DEPS_INSTALL_FAILED',
  /** No official preset has this id. */
  'PRESET_NOT_FOUND',
  /** The preset needs a key and none was given or saved for a linked provider; data lists the linked providers. */
  'PRESET_KEY_REQUIRED',
  /** The provider named to take the key from is not linked to the preset. */
  'PRESET_PROVIDER_NOT_LINKED',
  /** The provider named to take the key from has no key saved. */
  'PRESET_PROVIDER_NO_KEY',
  /** A server was added from this preset already; data names it. */
  'PRESET_ALREADY_INSTALLED',
  /** A server that arrived by install link runs only after its activation review was confirmed. */
  'ACTIVATION_NEEDS_REVIEW',
  /** The server changed after its activation review was shown; review it again. */
  'ACTIVATION_REVIEW_STALE',
  /** The server does not offer this kind of thing (its initialize result lacks the capability); data.capability names it. */
  'MCP_NOT_SUPPORTED',
  /** An import's text is not JSON; data: line, column (1-based) and reason (see jsonText.ts). */
  'IMPORT_INVALID_JSON',
  /** An import's text is JSON but holds no server entries (or is not an object). */
  'IMPORT_NO_SERVERS',
  /** An import's rename picked a name that is taken; data: key, name. Nothing was imported. */
  'IMPORT_RENAME_TAKEN',
  /** No server question with this id waits for an answer (answered, timed out or withdrawn); data: requestId. */
  'ELICITATION_NOT_PENDING',
  /** A turn of this chat is running; data: chatId. */
  'CHAT_BUSY',
  /** No tool-call approval with this id waits (answered elsewhere or its turn stopped); data: requestId. */
  'CHAT_APPROVAL_NOT_PENDING',
  /** No sampling request with this id waits (answered, expired or withdrawn); data: requestId. */
  'MCP_SAMPLING_NOT_PENDING',
  /** The provider has no API key saved (providers.set); data: providerId, provider (its name). */
  'LLM_NO_KEY',
  /** The provider has no base URL (an OpenAI-compatible endpoint the person has not set); data: providerId, provider (its name). */
  'LLM_NO_BASE_URL',
  /** The provider refused the key (HTTP 401/403); data: providerId, provider, status, detail (the provider's own words). */
  'LLM_KEY_REFUSED',
  /** The provider does not know this model (HTTP 404); data: providerId, provider, model, detail. */
  'LLM_MODEL_NOT_FOUND',
  /** The provider is limiting requests or the account is out of quota (HTTP 429); data: providerId, provider, detail. */
  'LLM_RATE_LIMITED',
  /** The provider's URL could not be reached (DNS, refused, TLS, dropped); data: providerId, provider, url, detail. */
  'LLM_UNREACHABLE',
  /** Any other refusal of the provider (HTTP 4xx/5xx); data: providerId, provider, status, detail. */
  'LLM_REQUEST_FAILED',
  /** The provider answered something that is not its API's shape; data: providerId, provider, detail. */
  'LLM_BAD_RESPONSE',
  /** The model kept calling tools past the chat's step limit; data: steps. */
  'CHAT_STEP_LIMIT',
  /** An accepted answer does not fit the form the server asked for; data: serverName, issues ({ path: `content.<field>`, message }). */
  'ELICITATION_INVALID_CONTENT',
  /** A remote server answered 401 and no usable sign-in is stored; data: serverName, scope and reason insufficient_scope (a step-up: the wider grant it asked for), command (the CLI's). */
  'AUTH_REQUIRED',
  /** The sign-in page answered with an OAuth error (the person declined); data: serverName, oauthError. */
  'AUTH_DENIED',
  /** The browser did not come back to the app in time; data: serverName, seconds. */
  'AUTH_TIMEOUT',
  /** The person stopped waiting for the browser; data: serverName. */
  'AUTH_CANCELLED',
  /** The server's metadata names another resource: no token was asked for or sent; data: serverName, resource, expected. */
  'AUTH_RESOURCE_MISMATCH',
  /** Discovery, registration or the token exchange failed; data: serverName, cause. */
  'AUTH_FAILED',
  /** WebSocket and stdio servers have no standard sign-in; data: serverName, transport. */
  'AUTH_NOT_SUPPORTED',
  /** The activation review lists variables that change which code runs and the caller did not confirm that risk; data: id, name, names. */
  'ACTIVATION_RISK_NOT_ACKNOWLEDGED',
  /**
   * A URL was not handed to the browser (externalUrl.ts): data.url (shown safely), data.reason
   * (unparsable, scheme, credentials, insecure_http, characters), data.scheme or data.characters.
   */
  'EXTERNAL_URL_REFUSED',
  /** mcp.list_tools with `connect: false` for a server that is not connected now (nothing was started); data: serverId, serverName. */
  'MCP_NOT_CONNECTED',
  /** deps.remove_npx_cache was given a path that is not one folder of npx's cache (`…/_npx/<16 hex>`); data: path. */
  'NPX_CACHE_NOT_A_FOLDER',
  /** mcp.call_record for a call the host no longer keeps (CallRecords' budget); data: callId, count. */
  'CALL_RECORD_GONE',
  // MCP Registry (issue 31): data.registry names the registry (its name), data.url what was asked.
  /** The registry could not be reached (DNS, refused, TLS); data: registry, url, cause. */
  'REGISTRY_UNREACHABLE',
  /** The registry did not answer in time; data: registry, url, seconds. */
  'REGISTRY_TIMEOUT',
  /** The registry refused the request (HTTP 4xx/5xx, its problem+json title and detail); data: registry, url, status, detail. */
  'REGISTRY_REQUEST_FAILED',
  /** The registry's answer is not its API's shape; data: registry, url, detail. */
  'REGISTRY_BAD_RESPONSE',
  /** No such server (or version) in the registry; data: registry, name, version. */
  'REGISTRY_SERVER_NOT_FOUND',
  /** No configured registry has this id, or every registry is disabled; data: registry. */
  'REGISTRY_UNKNOWN',
  /** The entry has no package or remote this app can install (each one's reason in data.reasons); data: name, reasons. */
  'REGISTRY_NO_INSTALL_OPTION',
  /** A required input has no value; data: name (the server), input (its key). */
  'REGISTRY_INPUT_REQUIRED',
  /** A value does not fit its input (not one of its choices, not a number …); data: name, input, reason, choices. */
  'REGISTRY_INPUT_INVALID',
  /** A remote over plain http: would carry a secret input; data: name, url, input. */
  'REGISTRY_INSECURE_REMOTE',
  /** A secret input would land in an argument or URL part that is not kept in the secret store; data: name, input. */
  'REGISTRY_SECRET_IN_ARGUMENT',
  /** registry.update for a server that has no registry origin (added by hand, from a preset or a link); data: id, name. */
  'REGISTRY_NOT_INSTALLED_FROM',
  /** An MCP bundle (mcpb) could not be used: not https, download failed or too large, an unsafe zip entry, no usable manifest.json; data: name, url, reason. */
  'REGISTRY_BUNDLE_INVALID',
  /** A downloaded MCP bundle's SHA-256 is not the entry's fileSha256; data: name, url, expected, actual. */
  'REGISTRY_BUNDLE_HASH_MISMATCH',
  /** An MCP App's resource is not an app (mime type other than text/html;profile=mcp-app, no HTML, too large); data: serverName, uri, reason (mime, empty, too_large), mimeType. */
  'APP_RESOURCE_INVALID',
  /** An MCP App asked to call a tool its visibility keeps from apps (or one its server does not list); data: serverName, toolName. */
  'APP_TOOL_NOT_ALLOWED',
  /** An MCP App's call of a destructive (or "always ask") tool that the person denied, or that was cancelled; data: serverName, toolName, reason. */
  'APP_TOOL_DENIED',
] as const;
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const AppErrorShapeSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type AppErrorShape = z.infer<typeof AppErrorShapeSchema>;

export type Result<T> = { ok: true; data: T } | { ok: false; error: AppErrorShape };

/**
 * A thrown error that carries a code; services throw it, the router turns it into an envelope.
 * `data` is checked against the code's shape (errorData.ts) where the code is written out.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  readonly data?: Record<string, unknown>;

  constructor(
    readonly code: C,
    message: string,
    data?: ErrorDataArg<C>,
  ) {
    super(message);
    this.name = 'AppError';
    if (data !== undefined) this.data = data;
  }

  toShape(): AppErrorShape {
    return this.data ? { code: this.code, message: this.message, data: this.data } : { code: this.code, message: this.message };
  }
}

export const ok = <T>(data: T): Result<T> => ({ ok: true, data });
export const fail = <C extends ErrorCode>(code: C, message: string, data?: ErrorDataArg<C>): Result<never> => ({
  ok: false,
  error: new AppError(code, message, data).toShape(),
});

/** The message of anything thrown: an Error's own message, anything else as a string. */
export const errorMessage = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** Normalises anything thrown into an error shape; unknown errors become INTERNAL. */
export function toErrorShape(err: unknown): AppErrorShape {
  if (err instanceof AppError) return err.toShape();
  return { code: 'INTERNAL', message: errorMessage(err) };
}

type ZodIssue = z.core.$ZodIssue;

/**
 * A zod issue as a form field: `path` dotted (`config.args.0`), as form libraries name fields;
 * empty for an issue about the value as a whole. The one declaration of an issue: errors carry
 * it in `data` (errorData.ts) and read it back through this schema.
 */
export const IssueFieldSchema = z.object({
  path: z.string(),
  message: z.string(),
  /**
   * A value over a limit of shared/limits.ts: which one, and by how much, for a UI to say in its
   * language. Limit facts a reader does not know (a peer with a newer limit) are dropped, not the
   * issue: its English message still says it.
   */
  limit: LimitFactsSchema.optional().catch(undefined),
});
export type IssueField = z.output<typeof IssueFieldSchema>;

export const issueFields = (issues: readonly ZodIssue[]): IssueField[] =>
  issues.map((i) => {
    const limit = limitOf(i);
    return { path: i.path.map(String).join('.'), message: i.message, ...(limit ? { limit } : {}) };
  });

/**
 * Zod issues as one line for logs and terminals: `config.args[0]: Too small; name: Required`.
 * `subject` names the value that was checked and heads every path (`tools[0].name`); an issue
 * about the value as a whole is its message alone, or `subject: message`.
 */
export function describeIssues(issues: readonly ZodIssue[], subject = ''): string {
  return issues
    .map((issue) => {
      const where = issue.path.reduce<string>(
        (text, key) => (typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key)),
        subject,
      );
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** A VALIDATION_FAILED error whose data carries the issues as fields, so a form can mark them. */
export function validationFailure(issues: readonly ZodIssue[], what: string): AppError {
  return new AppError('VALIDATION_FAILED', `Invalid input for ${what}: ${describeIssues(issues)}`, { route: what, issues: issueFields(issues) });
}
