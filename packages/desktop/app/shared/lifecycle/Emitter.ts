/**
 * The one typed event emitter of the app: the services' events (the contract's, under their
 * contract names), the stores' notices, the host's and the renderer's small stores all use it.
 * Runtime-neutral (no Node API), so the renderer runs the same code.
 *
 * - `Events` maps each event name to its one payload (`void` for an event that carries none:
 *   `emit('change', undefined)`).
 * - `on` returns the unsubscribe function; subscribing the same function twice gives two
 *   independent subscriptions.
 * - A listener that throws does not keep the event from the others. Its error is handed to
 *   `onListenerError`, or, by default, thrown from `emit` once every listener has run.
 * - `onFirstListener` / `onLastListener` let an owner hold a source (a socket, a subscription)
 *   only while someone listens.
 */
export type Unsubscribe = () => void;

export interface EmitterOptions {
  /** The first listener (of any event) arrived. */
  onFirstListener?(): void;
  /** The last listener left. */
  onLastListener?(): void;
  /** A listener threw; without this the error is thrown from `emit` after the other listeners ran. */
  onListenerError?(err: unknown): void;
}

/** One subscription; an object, so equal functions subscribed twice stay two. */
interface Entry {
  listener: (payload: never) => void;
}

export class Emitter<Events extends { [E in keyof Events]: unknown }> {
  // Keyed by any name, so an emitter of more events can be handed to code that knows fewer of them.
  private readonly listeners = new Map<PropertyKey, Set<Entry>>();
  private count = 0;

  constructor(private readonly options: EmitterOptions = {}) {}

  on<E extends keyof Events>(event: E, listener: (payload: Events[E]) => void): Unsubscribe {
    const entry: Entry = { listener };
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(entry);
    if (++this.count === 1) this.options.onFirstListener?.();
    return () => {
      if (!set.delete(entry)) return;
      if (set.size === 0 && this.listeners.get(event) === set) this.listeners.delete(event);
      if (--this.count === 0) this.options.onLastListener?.();
    };
  }

  emit<E extends keyof Events>(event: E, payload: Events[E]): void {
    const set = this.listeners.get(event);
    if (!set) return;
    let failed: { err: unknown } | undefined;
    // A copy: a listener may unsubscribe itself or another while we iterate.
    for (const { listener } of [...set]) {
      try {
        (listener as (payload: Events[E]) => void)(payload);
      } catch (err) {
        if (this.options.onListenerError) this.options.onListenerError(err);
        else failed ??= { err };
      }
    }
    if (failed) throw failed.err;
  }

  /** Listeners of `event`, or of every event without one. */
  listenerCount(event?: keyof Events): number {
    return event === undefined ? this.count : (this.listeners.get(event)?.size ?? 0);
  }

  /** Drops every listener (without calling `onLastListener`: the owner is going away too). */
  dispose(): void {
    this.listeners.clear();
    this.count = 0;
  }
}
