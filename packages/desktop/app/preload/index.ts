/** Exposes exactly `{ invoke, on }` to the page; nothing of Node or Electron leaks through. */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { EventEnvelope } from '../shared/contracts/ipc';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL, PRELOAD_GLOBAL, type PreloadApi } from '../shared/contracts/bridge';

const api: PreloadApi = {
  invoke: (route, input) => ipcRenderer.invoke(IPC_INVOKE_CHANNEL, route, input),
  on(listener) {
    const handler = (_event: IpcRendererEvent, envelope: EventEnvelope) => listener(envelope);
    ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
    return () => ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler);
  },
};

contextBridge.exposeInMainWorld(PRELOAD_GLOBAL, api);
