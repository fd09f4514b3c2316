/**
 * The SDK's Protocol hands a notification to its handler a microtask late (`_onnotification`
 * starts with Promise.resolve()) but a response at once, and the response removes its request's
 * progress handler. So a progress notification that a server sends right before its result, read
 * from the same chunk, reached a handler that was already gone: the last report of a call ("5 of
 * 5") was lost, and the SDK reported "a progress notification for an unknown token".
 *
 * Here responses, and a close that follows them, are handed on a microtask late as well: each
 * then comes after every notification read before it, and messages keep their order.
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCErrorResponse, isJSONRPCResultResponse } from '@modelcontextprotocol/sdk/types.js';

/** Call once the client is connected: it wraps the handlers the client has set on `transport`. */
export function deliverProgressBeforeResults(transport: Transport): void {
  const deliver = transport.onmessage;
  const closed = transport.onclose;
  if (!deliver) return;
  let held = 0;
  transport.onmessage = (message, extra) => {
    if (!isJSONRPCResultResponse(message) && !isJSONRPCErrorResponse(message)) return deliver(message, extra);
    held++;
    queueMicrotask(() => {
      held--;
      deliver(message, extra);
    });
  };
  // Closing rejects every request still waiting: not before a response already read is delivered.
  if (closed) transport.onclose = () => (held > 0 ? queueMicrotask(closed) : closed());
}
