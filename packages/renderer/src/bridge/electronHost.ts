/** HostClient over the preload's `window.elftia` (Electron IPC). */
import type { PreloadApi } from '@shared/contracts/bridge';
import { errorMessage } from '@shared/errors';
import { ALWAYS_UP } from './connection';
import { internalError, toEventEnvelope, toResult } from './envelope';
import { createEventHub } from './eventHub';
import type { HostClient } from './types';

export function createElectronHost(api: PreloadApi): HostClient {
  const hub = createEventHub((emit) =>
    api.on((raw) => {
      // The preload forwards whatever main sent; check it like any other boundary.
      const envelope = toEventEnvelope(raw);
      if (envelope) emit(envelope);
    }),
  );
  return {
    async request(route, ...[input]) {
      try {
        return toResult(route, await api.invoke(route, input));
      } catch (err) {
        // Only an IPC failure (window closing, main crashed) throws; the router never does.
        return internalError(`IPC call ${route} failed: ${errorMessage(err)}`, { route });
      }
    },
    ...hub,
    connection: ALWAYS_UP,
  };
}

export function isPreloadApi(value: unknown): value is PreloadApi {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<PreloadApi>).invoke === 'function' &&
    typeof (value as Partial<PreloadApi>).on === 'function'
  );
}
