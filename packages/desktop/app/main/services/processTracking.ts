/**
 * Starts process tracking for a run of the app, browser mode or the CLI: points the tracker at
 * the data folder and reaps what a previous run that crashed left behind (the exit hook cannot
 * run after a crash or a SIGKILL).
 */
import { McpProcessTracker } from './agent-core/engine/tinyelf/tools/McpProcessTracker';

export function startProcessTracking(stateDir: string, warn: (line: string) => void): McpProcessTracker {
  const tracker = McpProcessTracker.getInstance();
  const { reaped } = tracker.useStateDir(stateDir);
  for (const record of reaped) warn(`Stopped ${record.label} (pid ${record.pid}), left running by an earlier run that did not exit cleanly.`);
  return tracker;
}
