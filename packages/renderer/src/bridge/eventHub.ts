/**
 * Fan-out of host events to component listeners. The underlying source (an IPC subscription or
 * an HTTP event stream) is opened when the first listener arrives and closed when the last one
 * leaves, so a window that listens to nothing holds no connection.
 */
import type { EventName } from '@shared/contracts/ipc';
import type { EnvelopeListener, EventListenerFor, HostClient } from './types';

/** Starts delivering envelopes to `emit`; returns the function that stops it. */
export type EventSource = (emit: EnvelopeListener) => () => void;

export function createEventHub(source: EventSource): Pick<HostClient, 'on' | 'onAny'> {
  const listeners = new Set<EnvelopeListener>();
  let stop: (() => void) | undefined;

  const emit: EnvelopeListener = (envelope) => {
    // Copy: a listener may unsubscribe (or subscribe another) while we iterate.
    for (const listener of [...listeners]) {
      try {
        listener(envelope);
      } catch (err) {
        // One broken listener must not starve the others of events.
        console.error('Event listener failed', err);
      }
    }
  };

  const onAny = (listener: EnvelopeListener): (() => void) => {
    // Wrap so the same function can subscribe twice and unsubscribe each independently.
    const entry: EnvelopeListener = (envelope) => listener(envelope);
    listeners.add(entry);
    stop ??= source(emit);
    return () => {
      if (!listeners.delete(entry)) return;
      if (listeners.size === 0 && stop) {
        stop();
        stop = undefined;
      }
    };
  };

  const on = <E extends EventName>(event: E, listener: EventListenerFor<E>): (() => void) =>
    onAny((envelope) => {
      // The envelope union is keyed by `event`, so equal names imply the payload type.
      if (envelope.event === event) (listener as (payload: unknown) => void)(envelope.payload);
    });

  return { on, onAny };
}
