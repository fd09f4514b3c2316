/**
 * Per-key trailing coalescing of events. The first poke of a key schedules one fire after
 * `windowMs`; pokes until then join it. The delay is bounded by the window (a server that keeps
 * announcing changes still gets an event per window), unlike a debounce that restarts on each poke.
 */
export class Coalescer {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly windowMs: number,
    private readonly fire: (key: string) => void,
  ) {}

  poke(key: string): void {
    if (this.timers.has(key)) return;
    const timer = setTimeout(() => {
      this.timers.delete(key);
      this.fire(key);
    }, this.windowMs);
    // A pending notice must not keep a one-shot CLI process alive.
    timer.unref();
    this.timers.set(key, timer);
  }

  cancel(key: string): void {
    clearTimeout(this.timers.get(key));
    this.timers.delete(key);
  }

  clear(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
