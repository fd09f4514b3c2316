/**
 * What the client answers when a server asks. We declare roots, sampling and elicitation, so we
 * must answer each: an unanswered request hangs the server's tool call until it times out.
 */
import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ToolListChangedNotificationSchema,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ElicitRequest,
  type ElicitResult,
  type LoggingMessageNotification,
  type Root,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import type { HostNote } from '@shared/hostNotes';
import { MCP_APPS_CLIENT_EXTENSION, MCP_APPS_EXTENSION } from '@shared/mcpApps';
import { CLIENT_TASK_CAPABILITIES, type ClientTaskStore } from './clientTasks';

export const CLIENT_CAPABILITIES = {
  roots: { listChanged: true },
  sampling: {},
  // URL mode too (a sign-in page of the server's): the dialog shows the link and opens it only if the person agrees.
  elicitation: { form: {}, url: {} },
  // A server may ask for sampling and elicitation as tasks (see clientTasks).
  tasks: CLIENT_TASK_CAPABILITIES,
  // MCP Apps (shared/mcpApps.ts): a server may then link its tools to interactive views.
  extensions: { [MCP_APPS_EXTENSION]: MCP_APPS_CLIENT_EXTENSION },
} as const;

/** JSON-RPC code the MCP spec uses when the client turns a sampling request down. */
export const SAMPLING_REJECTED = -1;

/** A local-scope server sees its project folder; a user-scope server sees none. */
export function rootsOf(server: Pick<McpServerRecord, 'scope' | 'projectPath'>): Root[] {
  if (server.scope !== 'local' || !server.projectPath) return [];
  return [{ uri: pathToFileURL(server.projectPath).href, name: basename(server.projectPath) }];
}

export interface ClientHooks {
  /** The server's current record (it may have changed since the connect). */
  currentServer(): Pick<McpServerRecord, 'scope' | 'projectPath'>;
  onToolsChanged(): void;
  note(note: HostNote): void;
  /** The server's own log message (it declares `logging`), for its log. */
  log(params: LoggingMessageNotification['params']): void;
  /** Asks the person (see ElicitationBroker); `signal` aborts when the server stops waiting or the connection closes. */
  elicit(params: ElicitRequest['params'], signal: AbortSignal): Promise<ElicitResult>;
  /** Answers with the person's model after their review, or rejects with SAMPLING_REJECTED (see SamplingBroker). */
  sample(params: CreateMessageRequest['params'], signal: AbortSignal): Promise<CreateMessageResult>;
}

/** `tasks`: the store handed to the Client (its taskStore option), where requests asked to run as tasks run. */
export function installClientHandlers(client: Client, hooks: ClientHooks, tasks: ClientTaskStore): void {
  client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: rootsOf(hooks.currentServer()) }));
  client.setRequestHandler(CreateMessageRequestSchema, ({ params: { task, ...params } }, extra) =>
    task && extra.taskStore ? tasks.start(extra.taskStore, task, 'working', (signal) => hooks.sample(params, signal)) : hooks.sample(params, extra.signal),
  );
  client.setRequestHandler(ElicitRequestSchema, ({ params: { task, ...params } }, extra) =>
    task && extra.taskStore
      ? tasks.start(extra.taskStore, task, 'input_required', (signal) => hooks.elicit(params, signal))
      : hooks.elicit(params, extra.signal),
  );
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => hooks.onToolsChanged());
  client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => hooks.log(params));
}
