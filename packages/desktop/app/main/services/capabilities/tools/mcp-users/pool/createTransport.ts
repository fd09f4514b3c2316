/**
 * createTransport (the extension point for transports): one case per transport type. Adding a transport
 * means a case here, its type in MCP_SERVER_TRANSPORTS and its config check in mcp-types.
 */
import { existsSync } from 'node:fs';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerRecord } from '../../../../../../shared/contracts/mcp-types';
import { AppError } from '../../../../../../shared/errors';
import { StdioProcessTransport, WebSocketClientTransport, type ProcessRegistry } from '../transports';
import { serverEnv } from '../transports/serverEnv';

export interface TransportPorts {
  /** Electron's net.fetch in the app (system proxy, certificates); global fetch in browser mode. */
  fetch: typeof fetch;
  onStderr(line: string): void;
  /** Stdio server processes are registered here for the app's lifetime (McpProcessTracker). */
  processes?: ProcessRegistry;
}

function requireUrl(server: McpServerRecord): URL {
  const raw = server.config.url?.trim();
  if (!raw) throw new AppError('VALIDATION_FAILED', `The ${server.type} server "${server.name}" has no url`, { field: 'config.url' });
  try {
    return new URL(raw);
  } catch {
    throw new AppError('VALIDATION_FAILED', `The ${server.type} server "${server.name}" has an invalid url`, { field: 'config.url' });
  }
}

/** The pool's port for making transports: createTransport in the app, in-memory pairs in tests. */
export type TransportFactory = (server: McpServerRecord, ports: TransportPorts) => Transport;

export function createTransport(server: McpServerRecord, ports: TransportPorts): Transport {
  const { config } = server;
  // Wrapping keeps `this` unbound from the port object, which Electron's net.fetch requires.
  const fetchPort: typeof fetch = (input, init) => ports.fetch(input, init);
  const requestInit = { headers: { ...config.headers } };
  switch (server.type) {
    case 'stdio': {
      const command = config.command?.trim();
      if (!command) throw new AppError('VALIDATION_FAILED', `The stdio server "${server.name}" has no command`, { field: 'config.command' });
      // A project-scoped server runs in its project, when that folder still exists.
      const cwd = server.scope === 'local' && server.projectPath && existsSync(server.projectPath) ? server.projectPath : undefined;
      return new StdioProcessTransport({
        command,
        args: config.args ?? [],
        // Allow-listed, never our whole environment (serverEnv.ts says why).
        env: serverEnv(config.env),
        cwd,
        onStderr: ports.onStderr,
        processes: ports.processes,
      });
    }
    case 'sse':
      // The SDK sends requestInit's headers on the event-stream GET as well as on the POSTs.
      return new SSEClientTransport(requireUrl(server), { fetch: fetchPort, requestInit });
    case 'http':
      return new StreamableHTTPClientTransport(requireUrl(server), { fetch: fetchPort, requestInit });
    case 'websocket':
      return new WebSocketClientTransport(requireUrl(server), { headers: config.headers, protocol: config.wsProtocol });
    default: {
      const unsupported: never = server.type;
      throw new AppError('VALIDATION_FAILED', `Unsupported MCP transport type: ${String(unsupported)}`, { type: String(unsupported) });
    }
  }
}
