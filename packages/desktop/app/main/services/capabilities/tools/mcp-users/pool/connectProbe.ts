/**
 * What a connect reports to someone watching it step by step (the form's staged test): when the
 * server was reached and when initialize finished. Only a watched connect is wrapped, so the
 * pool's ordinary connects pay nothing for it.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { TransportEntry } from '@shared/transports';

export interface ConnectProbe {
  /** The program started, or the endpoint took the first message or answered (called more than once). */
  reached(): void;
  /** The MCP handshake finished. */
  initialized(): void;
}

/**
 * Reports `reached` on the transport's own evidence. A process transport has reached its server
 * once the program is spawned (`start` resolves). A URL transport has once the endpoint accepted
 * a message or sent one: Streamable HTTP's `start` opens nothing, so a wrong path shows up only
 * when the first POST is refused, and that must count as not reached.
 */
export function watchReach(transport: Transport, kind: TransportEntry['kind'], reached: () => void): Transport {
  // The client keeps a handler set before it connects and calls it first for every message.
  transport.onmessage = () => reached();
  if (kind === 'process') {
    const start = transport.start.bind(transport);
    transport.start = async () => {
      await start();
      reached();
    };
  } else {
    const send = transport.send.bind(transport);
    transport.send = async (...args) => {
      await send(...args);
      reached();
    };
  }
  return transport;
}
