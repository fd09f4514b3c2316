/**
 * What MCP Apps ask of their server (issue 32), over the pool: the app's HTML resource, and the
 * check that an app may call a tool. The renderer's bridge names the server; nothing here lets
 * one server's app reach another server.
 */
import type { ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpAppResource } from '@shared/contracts/mcp-apps';
import type { MCPTool, McpServerRecord, McpToolAnnotations } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import { appPermissionsOf, appResourceMetaOf, cspSources, isCallableByApp, mergeAppResourceMeta, MCP_APP_MIME_TYPE } from '@shared/mcpApps';
import { listAllResources } from './listing';
import type { ServerTools } from './ServerTools';

/** An app is one HTML file; the largest official example is ~0.5 MB. Past this it is refused, not rendered. */
export const MAX_APP_HTML_BYTES = 5 * 1024 * 1024;

/**
 * What the approval policy for apps is asked about an app's call (ApprovalBroker.decideForApp
 * answers it); a chat's question is the same with its chat (chat/ports.ts).
 */
export interface AppCallQuestion {
  callId: string;
  serverId: string;
  serverName: string;
  /** The MCP tool name (not the provider-facing id). */
  toolName: string;
  toolTitle?: string;
  /** With the title, input schema and annotations: the definition "allow for this chat" is bound to. */
  toolDescription?: string;
  inputSchema?: Record<string, unknown>;
  annotations?: McpToolAnnotations;
  arguments: Record<string, unknown>;
}
export type AppCallDecision = { allowed: true; arguments: Record<string, unknown> } | { allowed: false; reason: 'denied' | 'cancelled' };
export type AppCallApprover = (question: AppCallQuestion) => Promise<AppCallDecision>;

/** The parts of a tool's definition the person is shown and the approval is bound to. */
export const toolFacts = (tool: MCPTool): Pick<AppCallQuestion, 'toolTitle' | 'toolDescription' | 'inputSchema' | 'annotations'> => ({
  ...(tool.title !== undefined && { toolTitle: tool.title }),
  ...(tool.description && { toolDescription: tool.description }),
  inputSchema: tool.inputSchema,
  ...(tool.annotations !== undefined && { annotations: tool.annotations }),
});

export interface ServerAppsParts {
  tools: ServerTools;
  record(serverId: string): McpServerRecord;
  requestTimeoutMs: number;
}

/** `text/html;profile=mcp-app` however the server spaces or cases it; nothing else is an app. */
const isAppMimeType = (mimeType: string | undefined): boolean => mimeType?.replace(/\s+/g, '').toLowerCase() === MCP_APP_MIME_TYPE;

export class ServerApps {
  constructor(private readonly parts: ServerAppsParts) {}

  /**
   * The app's HTML from resources/read, with the resource's `_meta.ui` from the read result over
   * the resources/list entry's (the spec's order). The list is asked beside the read; a server
   * that cannot list still renders with what the read said.
   */
  async resource(serverId: string, uri: string): Promise<McpAppResource> {
    const server = this.parts.record(serverId);
    const options = { timeout: this.parts.requestTimeoutMs };
    const [read, listed] = await Promise.all([
      this.parts.tools.request(server, 'resources/read', (client) => client.readResource({ uri }, options)),
      this.parts.tools.request(server, 'resources/list', (client) => listAllResources(client, options)).catch(() => undefined),
    ]);
    const content = read.contents.find((c) => c.uri === uri) ?? read.contents[0];
    const invalid = (reason: 'mime' | 'empty' | 'too_large', message: string, mimeType?: string) =>
      new AppError('APP_RESOURCE_INVALID', `The app ${uri} of "${server.name}" ${message}`, { serverName: server.name, uri, reason, ...(mimeType !== undefined && { mimeType }) });
    if (!content) throw invalid('empty', 'has no content');
    if (!isAppMimeType(content.mimeType)) throw invalid('mime', `is ${content.mimeType ?? 'of no mime type'}, not ${MCP_APP_MIME_TYPE}`, content.mimeType ?? '');
    const html = htmlOf(content);
    if (!html) throw invalid('empty', 'has no HTML');
    if (Buffer.byteLength(html) > MAX_APP_HTML_BYTES) throw invalid('too_large', `is over ${MAX_APP_HTML_BYTES} bytes`);
    const listEntry = listed?.items.find((r) => r.uri === uri);
    const meta = mergeAppResourceMeta(appResourceMetaOf(listEntry?._meta), appResourceMetaOf(content._meta));
    return { uri, html, meta, droppedCspDomains: cspSources(meta.csp).dropped, permissions: appPermissionsOf(meta.permissions, server.appPermissions) };
  }

  /** The tool an app may call: listed by its server, not disabled, its visibility naming "app"; else APP_TOOL_NOT_ALLOWED. */
  async toolForApp(serverId: string, toolName: string): Promise<MCPTool> {
    const server = this.parts.record(serverId);
    const tool = (await this.parts.tools.callable(server, { refresh: false, by: 'use' })).find((t) => t.name === toolName);
    if (tool && isCallableByApp(tool)) return tool;
    throw new AppError('APP_TOOL_NOT_ALLOWED', `An app of "${server.name}" may not call "${toolName}"`, { serverName: server.name, toolName });
  }
}

function htmlOf(content: ReadResourceResult['contents'][number]): string {
  if ('text' in content && typeof content.text === 'string') return content.text;
  if ('blob' in content && typeof content.blob === 'string') return Buffer.from(content.blob, 'base64').toString('utf8');
  return '';
}
