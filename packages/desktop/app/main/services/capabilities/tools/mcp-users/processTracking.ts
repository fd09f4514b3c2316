/**
 * Starts process tracking for a run of the app, browser mode or the CLI: a tracker pointed at
 * the data folder, which reaps what a previous run that crashed left behind (the exit hook cannot
 * run after a crash or a SIGKILL), with its exit hook installed. The caller disposes it.
 *
 * What was reaped is told as a notice (MCP_PROCESSES_REAPED): the caller prints it at startup
 * and the app and browser mode also list it in `app.notices`, where the person sees it.
 */
import type { AppNotice } from '@shared/contracts/ipc';
import { McpProcessTracker, type PidRecord } from './McpProcessTracker';

export function startProcessTracking(stateDir: string, tell: (notice: AppNotice) => void): McpProcessTracker {
  const tracker = new McpProcessTracker();
  const { reaped } = tracker.useStateDir(stateDir);
  if (reaped.length > 0) tell(reapedNotice(reaped));
  tracker.killOnExit();
  return tracker;
}

function reapedNotice(reaped: readonly PidRecord[]): AppNotice {
  const processes = reaped.map((r) => `${r.label} (pid ${r.pid})`).join(', ');
  return {
    code: 'MCP_PROCESSES_REAPED',
    message: `Stopped ${reaped.length} MCP server process(es) left running by an earlier run that did not exit cleanly: ${processes}.`,
    data: { count: reaped.length, processes },
  };
}
