/**
 * Agent sessions (issue 30, the seed's DirectMcpToolAdapter lifecycle): a chat that uses an agent
 * preset starts the preset's session servers through `loadDirectMcpTools` (each process
 * registered with McpProcessTracker from spawn), offers their tools as `serverName__toolName`
 * beside the person's, and closes them through the tracker (graceful close, then the process
 * group is killed after 3 s) when the chat ends, the chat switches preset, the window closes or
 * the app quits (dispose). After a crash the tracker's pid file lets the next start reap them.
 *
 * Operations on one chat run one after another (a start racing an end must not leave servers
 * nobody closes); different chats do not wait for each other.
 */
import type { AgentPreset, AgentSessionStatus } from '../../../shared/contracts/agents';
import { AppError } from '../../../shared/errors';
import {
  closeDirectConnections,
  loadDirectMcpTools,
  type DirectLoadFailure,
  type DirectMcpConnection,
  type DirectMcpToolAdapter,
} from '../agent-core/engine/tinyelf/tools/DirectMcpToolAdapter';
import type { McpProcessTracker } from '../capabilities/tools/mcp-users/McpProcessTracker';
import type { AgentStore } from './AgentStore';
import { resolveSessionServers, type SessionContext } from './resolveSessionServers';

export interface AgentSession {
  readonly chatId: string;
  readonly preset: AgentPreset;
  readonly startedAt: string;
  readonly tools: readonly DirectMcpToolAdapter[];
  readonly connections: readonly DirectMcpConnection[];
  readonly failures: readonly DirectLoadFailure[];
}

export interface AgentSessionsDeps {
  store: Pick<AgentStore, 'get'>;
  /** The entry point's tracker (pid file in the data folder), so a crash leaves nothing behind after the next start. */
  tracker: McpProcessTracker;
  /** A session started, changed or ended (null): the contract's agents.session_state. */
  onChange?: (chatId: string, status: AgentSessionStatus | null) => void;
  /** Initialize and tools/list deadline per server; default loadDirectMcpTools' (30 s). */
  connectTimeoutMs?: number;
}

export class AgentSessions {
  private readonly sessions = new Map<string, AgentSession>();
  private readonly queues = new Map<string, Promise<unknown>>();
  private disposed = false;

  constructor(private readonly deps: AgentSessionsDeps) {}

  /** Starts the preset's session for the chat; the same preset again keeps the running one, another ends it first. */
  start(chatId: string, agent: string, context: SessionContext = {}): Promise<AgentSessionStatus> {
    return this.serialize(chatId, async () => {
      if (this.disposed) throw new AppError('MCP_CANCELLED', 'The app is shutting down');
      const preset = this.deps.store.get(agent);
      const running = this.sessions.get(chatId);
      if (running?.preset.id === preset.id) return statusOf(running);
      // Before anything stops or starts: a preset that cannot run names the field at fault.
      const servers = resolveSessionServers(preset, context);
      if (running) await this.close(running);
      const loaded = await loadDirectMcpTools(servers, {
        tracker: this.deps.tracker,
        ...(this.deps.connectTimeoutMs !== undefined ? { connectTimeoutMs: this.deps.connectTimeoutMs } : {}),
      });
      const session: AgentSession = { chatId, preset, startedAt: new Date().toISOString(), ...loaded };
      if (this.disposed) {
        await closeDirectConnections(session.connections, this.deps.tracker);
        throw new AppError('MCP_CANCELLED', 'The app is shutting down');
      }
      this.sessions.set(chatId, session);
      const status = statusOf(session);
      this.deps.onChange?.(chatId, status);
      return status;
    });
  }

  /** The running session of a chat, for the chat loop. */
  get(chatId: string): AgentSession | undefined {
    return this.sessions.get(chatId);
  }

  /** Closes the chat's session servers; false when it had none. */
  end(chatId: string): Promise<{ ended: boolean }> {
    return this.serialize(chatId, async () => {
      const session = this.sessions.get(chatId);
      if (!session) return { ended: false };
      await this.close(session);
      return { ended: true };
    });
  }

  status(chatId?: string): AgentSessionStatus[] {
    const sessions = chatId === undefined ? [...this.sessions.values()] : [this.sessions.get(chatId)].filter((s) => s !== undefined);
    return sessions.map(statusOf);
  }

  /** Every session ends (the window closed). */
  async endAll(): Promise<void> {
    await Promise.all([...this.sessions.keys()].map((chatId) => this.end(chatId)));
  }

  /** Idempotent; a start still loading when this runs closes what it started. */
  async dispose(): Promise<void> {
    this.disposed = true;
    await Promise.all([...this.queues.values()].map((p) => p.catch(() => undefined)));
    await this.endAll();
  }

  private async close(session: AgentSession): Promise<void> {
    this.sessions.delete(session.chatId);
    await closeDirectConnections(session.connections, this.deps.tracker);
    this.deps.onChange?.(session.chatId, null);
  }

  private serialize<T>(chatId: string, op: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(chatId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(op);
    const tail = next.catch(() => undefined);
    this.queues.set(chatId, tail);
    void tail.then(() => {
      if (this.queues.get(chatId) === tail) this.queues.delete(chatId);
    });
    return next;
  }
}

function statusOf(session: AgentSession): AgentSessionStatus {
  const toolsOf = (name: string) => session.tools.filter((t) => t.source === `direct:${name}`).map((t) => t.name);
  return {
    chatId: session.chatId,
    agentId: session.preset.id,
    agentName: session.preset.name,
    startedAt: session.startedAt,
    servers: [
      ...session.connections.map((c) => ({
        name: c.server.name,
        state: 'running' as const,
        ...(c.transport.pid !== undefined ? { pid: c.transport.pid } : {}),
        tools: toolsOf(c.server.name),
      })),
      ...session.failures.map((f) => ({ name: f.serverName, state: 'failed' as const, tools: [], error: { code: f.error.code, message: f.error.message } })),
    ],
  };
}
