/**
 * Fan-out of host events to component listeners. The underlying source (an IPC subscription or
 * an HTTP event stream) is opened when the first listener arrives and closed when the last one
 * leaves, so a window that listens to nothing holds no connection.
 */
import type { EventEnvelope, EventName } from '@shared/contracts/ipc';
import { Emitter } from '@shared/lifecycle/Emitter';
import type { EnvelopeListener, EventListenerFor, HostClient } from './types';

/** Starts delivering envelopes to `emit`; returns the function that stops it. */
export type EventSource = (emit: EnvelopeListener) => () => void;

export function createEventHub(source: EventSource): Pick<HostClient, 'on' | 'onAny'> {
  let stop: (() => void) | undefined;
  const envelopes: Emitter<{ envelope: EventEnvelope }> = new Emitter({
    onFirstListener: () => {
      stop = source((envelope) => envelopes.emit('envelope', envelope));
    },
    onLastListener: () => {
      stop?.();
      stop = undefined;
    },
    // One broken listener must not starve the others of events.
    onListenerError: (err) => console.error('Event listener failed', err),
  });

  const onAny = (listener: EnvelopeListener): (() => void) => envelopes.on('envelope', listener);

  const on = <E extends EventName>(event: E, listener: EventListenerFor<E>): (() => void) =>
    onAny((envelope) => {
      // The envelope union is keyed by `event`, so equal names imply the payload type.
      if (envelope.event === event) (listener as (payload: unknown) => void)(envelope.payload);
    });

  return { on, onAny };
}
