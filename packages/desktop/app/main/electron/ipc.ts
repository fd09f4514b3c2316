/**
 * The Electron binding of the contract: one invoke channel into the router, one event channel
 * out. Only our own window, showing our own renderer, may invoke.
 */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from '../../shared/contracts/bridge';
import { AppError } from '../../shared/errors';
import type { Services } from '../services/createServices';
import { isOwnRendererUrl, type RendererLocation } from './rendererLocation';

export function bindIpc(services: Services, getWindow: () => BrowserWindow | undefined, renderer: RendererLocation): () => void {
  const isTrustedSender = (event: IpcMainInvokeEvent) => {
    const win = getWindow();
    const url = event.senderFrame?.url;
    return win !== undefined && event.sender === win.webContents && url !== undefined && isOwnRendererUrl(url, renderer);
  };

  ipcMain.handle(IPC_INVOKE_CHANNEL, async (event, route: unknown, input: unknown) => {
    if (!isTrustedSender(event)) {
      return { ok: false, error: new AppError('FORBIDDEN', 'IPC from an untrusted frame').toShape() };
    }
    return services.router.dispatch(typeof route === 'string' ? route : String(route), input);
  });

  const unsubscribe = services.onEvent((envelope) => {
    const win = getWindow();
    if (win && !win.isDestroyed()) win.webContents.send(IPC_EVENT_CHANNEL, envelope);
  });

  return () => {
    unsubscribe();
    ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
  };
}
