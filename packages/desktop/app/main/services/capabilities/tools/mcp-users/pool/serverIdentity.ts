/**
 * What the host keeps of a server's initialize answer, held to the limits table (shared/limits.ts):
 * its name and version and its instructions, cut to their limits and marked as cut, so a server
 * cannot make every test, detail view and CLI line carry megabytes it chose to send.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import type { McpServerInfoSchema } from '@shared/contracts/mcp-types';
import { cutText, LIMITS } from '@shared/limits';

export interface ServerIdentity {
  serverInfo?: z.infer<typeof McpServerInfoSchema>;
  instructions?: string;
}

export function serverIdentity(client: Pick<Client, 'getServerVersion' | 'getInstructions'>): ServerIdentity {
  const info = client.getServerVersion();
  const instructions = client.getInstructions();
  return {
    ...(info ? { serverInfo: { name: cutText(info.name, LIMITS.serverInfo.max), version: cutText(info.version, LIMITS.serverInfo.max) } } : {}),
    ...(instructions ? { instructions: cutText(instructions, LIMITS.serverInstructions.max) } : {}),
  };
}
