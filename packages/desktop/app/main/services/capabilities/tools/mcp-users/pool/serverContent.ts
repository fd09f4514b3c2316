/**
 * What a server offers besides tools, fetched on a person's request: a prompt filled in with its
 * arguments (prompts/get) and a resource's contents (resources/read, by a listed URI or one a
 * resource template makes). Both are reads, so a dropped connection is retried once like a listing.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpGetPromptResult, McpReadResourceResult, McpServerRecord } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import type { ServerTools } from './ServerTools';

/** MCP_NOT_SUPPORTED: asking a server for a kind it did not announce would only earn "method not found". */
export function notOffered(server: McpServerRecord, capability: 'prompts' | 'resources'): AppError {
  return new AppError('MCP_NOT_SUPPORTED', `"${server.name}" did not announce the ${capability} capability`, { serverId: server.id, serverName: server.name, capability });
}

function offering(client: Client, server: McpServerRecord, capability: 'prompts' | 'resources'): void {
  if (!client.getServerCapabilities()?.[capability]) throw notOffered(server, capability);
}

export class ServerContent {
  constructor(private readonly parts: { tools: ServerTools; record(serverId: string): McpServerRecord; requestTimeoutMs: number }) {}

  async getPrompt(serverId: string, name: string, args: Record<string, string> = {}): Promise<McpGetPromptResult> {
    const server = this.parts.record(serverId);
    const { description, messages } = await this.parts.tools.request(
      server,
      'prompts/get',
      (client) => {
        offering(client, server, 'prompts');
        return client.getPrompt({ name, arguments: args }, { timeout: this.parts.requestTimeoutMs });
      },
      'person',
    );
    return { ...(description !== undefined && { description }), messages };
  }

  async readResource(serverId: string, uri: string): Promise<McpReadResourceResult> {
    const server = this.parts.record(serverId);
    const { contents } = await this.parts.tools.request(
      server,
      'resources/read',
      (client) => {
        offering(client, server, 'resources');
        return client.readResource({ uri }, { timeout: this.parts.requestTimeoutMs });
      },
      'person',
    );
    return { contents };
  }
}
