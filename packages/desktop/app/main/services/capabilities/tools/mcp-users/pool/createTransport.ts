/**
 * createTransport (the extension point for transports): one factory per entry of the transport
 * table (shared/transports.ts). The map is typed by the table's types, so an entry without a
 * factory does not compile.
 */
import { existsSync } from 'node:fs';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerRecord, McpServerTransport } from '@shared/contracts/mcp-types';
import { AppError } from '@shared/errors';
import { TRANSPORTS } from '@shared/transports';
import { StdioProcessTransport, WebSocketClientTransport, type ProcessRegistry, type StdioStopTimings } from '../transports';
import { serverEnv } from '../transports/serverEnv';

export interface TransportPorts {
  /** Electron's net.fetch in the app (system proxy, certificates); global fetch in browser mode. */
  fetch: typeof fetch;
  onStderr(line: string): void;
  /** A stdout line of a stdio server that is not JSON-RPC (what a program that is not an MCP server prints). */
  onStdoutNoise?: ((line: string) => void) | undefined;
  /** Stdio server processes are registered here for the app's lifetime (McpProcessTracker). */
  processes?: ProcessRegistry | undefined;
  /** How a stdio server is stopped on close (the CLI's are short); absent: the transport's defaults. */
  stdioStop?: StdioStopTimings | undefined;
  /** OAuth for the HTTP transports (auth/ServerSignIns.ts); WebSocket has no standard auth. */
  authProvider?: OAuthClientProvider | undefined;
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

/** A project-scoped server runs in its project, when that folder still exists; otherwise (undefined) where the host runs. */
const projectFolder = (server: McpServerRecord): string | undefined =>
  server.scope === 'local' && server.projectPath && existsSync(server.projectPath) ? server.projectPath : undefined;

/** The folder a process transport's program starts in (what the activation review shows); undefined for a remote one. */
export function workingDirectoryOf(server: McpServerRecord): string | undefined {
  return TRANSPORTS.get(server.type).kind === 'process' ? (projectFolder(server) ?? process.cwd()) : undefined;
}

/** The pool's port for making transports: createTransport in the app, in-memory pairs in tests. */
export type TransportFactory = (server: McpServerRecord, ports: TransportPorts) => Transport;

/** Wrapping keeps `this` unbound from the port object, which Electron's net.fetch requires. */
const fetchOf = (ports: TransportPorts): typeof fetch => (input, init) => ports.fetch(input, init);
const requestInit = (server: McpServerRecord) => ({ headers: { ...server.config.headers } });

export const TRANSPORT_FACTORIES: Record<McpServerTransport, TransportFactory> = {
  stdio: (server, ports) => {
    const command = server.config.command?.trim();
    if (!command) throw new AppError('VALIDATION_FAILED', `The stdio server "${server.name}" has no command`, { field: 'config.command' });
    return new StdioProcessTransport({
      command,
      args: server.config.args ?? [],
      // Allow-listed, never our whole environment (serverEnv.ts says why).
      env: serverEnv(server.config.env),
      cwd: projectFolder(server),
      onStderr: ports.onStderr,
      onStdoutNoise: ports.onStdoutNoise,
      processes: ports.processes,
      ...ports.stdioStop,
    });
  },
  // The SDK sends requestInit's headers on the event-stream GET as well as on the POSTs.
  sse: (server, ports) =>
    new SSEClientTransport(requireUrl(server), { fetch: fetchOf(ports), requestInit: requestInit(server), ...(ports.authProvider && { authProvider: ports.authProvider }) }),
  http: (server, ports) =>
    new StreamableHTTPClientTransport(requireUrl(server), { fetch: fetchOf(ports), requestInit: requestInit(server), ...(ports.authProvider && { authProvider: ports.authProvider }) }),
  websocket: (server) => new WebSocketClientTransport(requireUrl(server), { headers: server.config.headers, protocol: server.config.wsProtocol }),
};

export function createTransport(server: McpServerRecord, ports: TransportPorts): Transport {
  // A record read from disk is parsed against the table's enum, so every type here has a factory.
  return TRANSPORT_FACTORIES[server.type](server, ports);
}
