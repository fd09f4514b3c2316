/**
 * What a change to a server's record does to its connection. Pure, so every combination is
 * pinned by a table test; the pool carries the effect out.
 *
 * Rules:
 * - A server that stays or becomes active and whose connection settings (type or config) changed,
 *   or that was just activated, reconnects: the list shows its new state at once.
 * - A deactivated server, or an inactive one whose settings changed, disconnects: an inactive
 *   server connects only when asked to, and a connection to its old settings must not linger.
 *   Disconnecting also cancels a connect in flight and clears an error state, so it applies
 *   whether or not a connection is up.
 * - A server that now needs its activation review (an edit made it a linked one nobody reviewed)
 *   disconnects: the pool refuses to connect it, and a connection it had must not outlive that.
 * - Otherwise a live connection stays; when the server's roots (scope, projectPath) changed it is
 *   told so with notifications/roots/list_changed.
 */
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { needsActivationReview } from '../common/activationReview';

export type ConnectionEffect = 'none' | 'disconnect' | 'reconnect' | 'announce-roots';

type Shape = Pick<McpServerRecord, 'isActive' | 'type' | 'config' | 'scope' | 'projectPath' | 'installSource' | 'isTrusted' | 'reviewedAt'>;

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function connectionEffect(before: Shape, after: Shape, connected: boolean): ConnectionEffect {
  if (needsActivationReview(after) && !needsActivationReview(before)) return 'disconnect';
  const settingsChanged = before.type !== after.type || !sameJson(before.config, after.config);
  if (after.isActive && (settingsChanged || !before.isActive)) return 'reconnect';
  if (before.isActive && !after.isActive) return 'disconnect';
  if (settingsChanged) return 'disconnect';
  const rootsChanged = before.scope !== after.scope || before.projectPath !== after.projectPath;
  return connected && rootsChanged ? 'announce-roots' : 'none';
}
