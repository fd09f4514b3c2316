/**
 * Lets work start one piece per turn of the event loop. Node runs a signal's handler (SIGTERM
 * …) between turns, never inside one, and every request whose bytes arrived in one turn would
 * otherwise run its whole synchronous stretch in that turn: three lists over a config of 50,000
 * secrets kept a SIGTERM waiting for all three. Taking turns, a signal waits for one at most.
 */
export function loopTurns(): () => Promise<void> {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const next = () => {
    scheduled = false;
    // Its work runs in the microtasks after this callback, still in this turn; the next one's
    // immediate is queued during this check phase, so it runs in the next turn.
    waiting.shift()?.();
    schedule();
  };
  const schedule = () => {
    if (scheduled || waiting.length === 0) return;
    scheduled = true;
    setImmediate(next);
  };
  return () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      schedule();
    });
}
