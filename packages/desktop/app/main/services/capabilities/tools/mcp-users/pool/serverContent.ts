/**
 * What a server offers besides tools, fetched on a person's request: a prompt filled in with its
 * arguments (prompts/get), a resource's contents (resources/read, by a listed URI or one a
 * resource template makes) and suggested argument values (completion/complete). All are reads, so
 * a dropped connection is retried once like a listing.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpCompleteInput, McpCompleteResult, McpGetPromptResult, McpReadResourceResult, McpServerRecord } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import type { ServerTools } from './ServerTools';

/** MCP_NOT_SUPPORTED: asking a server for a kind it did not announce would only earn "method not found". */
type Capability = 'prompts' | 'resources' | 'completions';

export function notOffered(server: McpServerRecord, capability: Capability): AppError {
  return new AppError('MCP_NOT_SUPPORTED', `"${server.name}" did not announce the ${capability} capability`, { serverId: server.id, serverName: server.name, capability });
}

function offering(client: Client, server: McpServerRecord, capability: Capability): void {
  if (!client.getServerCapabilities()?.[capability]) throw notOffered(server, capability);
}

export class ServerContent {
  constructor(private readonly parts: { tools: ServerTools; record(serverId: string): McpServerRecord; requestTimeoutMs: number }) {}

  async getPrompt(serverId: string, name: string, args: Record<string, string> = {}): Promise<McpGetPromptResult> {
    const { description, messages } = await this.read(serverId, 'prompts/get', 'prompts', (client, timeout) => client.getPrompt({ name, arguments: args }, { timeout }));
    return { ...(description !== undefined && { description }), messages };
  }

  async readResource(serverId: string, uri: string): Promise<McpReadResourceResult> {
    const { contents } = await this.read(serverId, 'resources/read', 'resources', (client, timeout) => client.readResource({ uri }, { timeout }));
    return { contents };
  }

  async complete({ serverId, ref, argument, context }: McpCompleteInput): Promise<McpCompleteResult> {
    const params = { ref, argument, ...(context && { context: { arguments: context } }) };
    const { completion } = await this.read(serverId, 'completion/complete', 'completions', (client, timeout) => client.complete(params, { timeout }));
    return { values: completion.values, ...(completion.total !== undefined && { total: completion.total }), ...(completion.hasMore !== undefined && { hasMore: completion.hasMore }) };
  }

  private read<T>(serverId: string, method: string, capability: Capability, run: (client: Client, timeout: number) => Promise<T>): Promise<T> {
    const server = this.parts.record(serverId);
    const request = (client: Client) => {
      offering(client, server, capability);
      return run(client, this.parts.requestTimeoutMs);
    };
    return this.parts.tools.request(server, method, request, 'person');
  }
}
