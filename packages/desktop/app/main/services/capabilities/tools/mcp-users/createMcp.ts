/**
 * The MCP part of the app, composed: McpService and the peers it is built from (McpPeers), each
 * made once here and let go in the reverse order of making (DisposableStore). createServices
 * builds the app through it; the McpService suites and the bench build just this part.
 *
 * Order of making, so the reverse is the shutdown the design asks for: the events and the notice
 * board first (they outlive everything that reports through them), then the log and what was last
 * seen, the sign-ins and the brokers, and McpService last. Its own dispose cancels the running
 * calls and closes the connections (their processes end with them); only then are the brokers'
 * open questions closed, the last-seen file written and the listeners dropped.
 */
import { DisposableStore } from '@shared/lifecycle/DisposableStore';
import { Emitter } from '@shared/lifecycle/Emitter';
import type { McpConfigStore } from '../../../config/McpConfigStore';
import { NoticeBoard } from '../../../NoticeBoard';
import { ElicitationBroker } from './ElicitationBroker';
import { memoryLastSeenStore } from './LastSeenStore';
import { McpServerLog } from './McpServerLog';
import { McpService, type McpPeers, type McpServiceEvents } from './McpService';
import type { McpServiceOptions } from './McpServiceOptions';
import { SamplingBroker } from './SamplingBroker';
import { ServerSignIns } from './auth/ServerSignIns';
import type { HostNote } from '@shared/hostNotes';

export interface McpParts extends McpPeers {
  mcpService: McpService;
  /** Idempotent; McpService first, the events last. */
  dispose(): Promise<void>;
}

/**
 * `events` is where the mcp.* events go: the app's one emitter (createServices), which its owner
 * disposes; without it the part makes and owns its own.
 */
export function createMcp(store: McpConfigStore, options: McpServiceOptions = {}, events?: Emitter<McpServiceEvents>): McpParts {
  const { lastSeen = memoryLastSeenStore(), logLines, elicitationTimeoutMs, oauth, sampling, samplingTimeoutMs, ...settings } = options;
  const owned = new DisposableStore();
  const emitter = events ?? owned.add(new Emitter<McpServiceEvents>());
  const notices = owned.add(new NoticeBoard());
  const log = new McpServerLog((line) => emitter.emit('mcp.server_log', line), logLines);
  owned.add(() => lastSeen.flush());
  // A server's question and its log line are the person's only view of why it was declined.
  const note = (serverId: string, entry: HostNote) => log.note(serverId, entry);
  const signIns =
    oauth &&
    owned.add(
      new ServerSignIns(oauth, {
        fetch: settings.fetch ?? globalThis.fetch,
        onChange: (serverId, auth) => emitter.emit('mcp.auth_state', { serverId, auth }),
      }),
    );
  const elicitation = owned.add(new ElicitationBroker({ events: emitter, note }, elicitationTimeoutMs));
  const samplingBroker = owned.add(new SamplingBroker({ events: emitter, note, raise: (notice) => notices.raise(notice) }, sampling, samplingTimeoutMs));
  const peers: McpPeers = { events: emitter, log, lastSeen, notices, elicitation, sampling: samplingBroker, ...(signIns && { signIns }) };
  const mcpService = owned.add(new McpService(store, peers, settings));
  return { ...peers, mcpService, dispose: () => owned.dispose() };
}
