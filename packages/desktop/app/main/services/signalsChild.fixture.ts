/**
 * A process that handles SIGTERM the way the app does, run by shutdownSignals.process.test.ts.
 * Its first handler re-raises the signal on itself, as conf's exit hook (when-exit) does. A
 * plain listener added after ours prints `delivered` for every delivery, so a self-sent signal
 * taken for a second one would print `again` before its `delivered`.
 */
import { handleTerminatingSignals } from './shutdownSignals';

handleTerminatingSignals(
  {
    first(signal) {
      process.kill(process.pid, signal);
      console.log(`first ${signal}`);
    },
    again(signal) {
      console.log(`again ${signal}`);
      process.exit(0);
    },
  },
  ['SIGTERM'],
);
process.on('SIGTERM', () => console.log('delivered'));
console.log('ready');
setInterval(() => {}, 1_000);
