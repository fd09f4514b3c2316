/**
 * Starts process tracking for a run of the app, browser mode or the CLI: a tracker pointed at
 * the data folder, which reaps what a previous run that crashed left behind (the exit hook cannot
 * run after a crash or a SIGKILL), with its exit hook installed. The caller disposes it.
 */
import { McpProcessTracker } from './McpProcessTracker';

export function startProcessTracking(stateDir: string, warn: (line: string) => void): McpProcessTracker {
  const tracker = new McpProcessTracker();
  const { reaped } = tracker.useStateDir(stateDir);
  for (const record of reaped) warn(`Stopped ${record.label} (pid ${record.pid}), left running by an earlier run that did not exit cleanly.`);
  tracker.killOnExit();
  return tracker;
}
