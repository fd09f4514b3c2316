import type { McpServerRecord } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import type { ListedEnvelope } from './summarizeEvent';

/**
 * The server list as the tab sees it. `servers` survives a failed or pending refresh, so the
 * list does not flicker or vanish while it reloads or when one reload fails.
 */
export interface ServerListState {
  servers: McpServerRecord[] | undefined;
  loading: boolean;
  error: AppErrorShape | undefined;
}

/** One row of the live event log. The summary is rendered, not stored, so it follows the language. */
export interface LiveEvent {
  /** Monotonic, for React keys: two identical events can arrive in the same millisecond. */
  id: number;
  receivedAt: number;
  envelope: ListedEnvelope;
}

/** How many events the log keeps; older ones drop off the end. */
export const EVENT_LOG_LIMIT = 50;
