/**
 * Picks the transport once, at startup: the preload's API when running inside Electron,
 * otherwise the browser-mode HTTP host that served this page.
 */
import { PRELOAD_GLOBAL } from '@shared/contracts/bridge';
import { createElectronHost, isPreloadApi } from './electronHost';
import { createHttpHost } from './httpHost';
import { takeHostToken } from './token';
import type { HostClient } from './types';

export function createHost(win: Window = window): HostClient {
  const preload: unknown = Reflect.get(win, PRELOAD_GLOBAL);
  if (isPreloadApi(preload)) return createElectronHost(preload);
  const token = takeHostToken({ location: win.location, history: win.history, storage: win.sessionStorage });
  return createHttpHost({ token });
}

export type { HostClient } from './types';
export { HostProvider, useHost, useHostConnection } from './HostContext';
export type { HostConnectionState } from './connection';
