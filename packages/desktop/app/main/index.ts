/**
 * Electron entry: thin on purpose. Builds the services through the composition root, binds
 * IPC, opens the window, and disposes everything on quit.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, net } from 'electron';
import type { AppNotice } from '../shared/contracts/ipc';
import { errorMessage } from '../shared/errors';
import { DisposableStore } from '../shared/lifecycle/DisposableStore';
import { createServices } from './services/createServices';
import { startProcessTracking } from './services/capabilities/tools/mcp-users/processTracking';
import { handleTerminatingSignals, watchLauncher } from './services/shutdownSignals';
import { guardTerminalOutput } from './services/terminal/terminalOutput';
import { poolSettings } from './services/poolSettings';
import { clientMetadataUrlFrom } from './services/capabilities/tools/mcp-users/auth/clientMetadataSetting';
import { assembleStores } from './services/appStores';
import { openElectronMcpConfigStore } from './electron/electronConfigStore';
import { openSafeStorageSecretStore } from './electron/safeStorageSecretStore';
import { bindIpc } from './electron/ipc';
import { openExternalChecked } from './electron/externalLinks';
import { listenForInstallLinks } from './electron/deepLinks';
import { InstallLinkInbox } from './electron/installLinks';
import type { RendererLocation } from './electron/rendererLocation';
import { createMainWindow } from './electron/window';
import { registerAppSandboxScheme } from './electron/appSandboxProtocol';

const here = path.dirname(fileURLToPath(import.meta.url));
// Notices and refused install links quote server names and link fields: their controls are shown, not obeyed.
guardTerminalOutput();
// Tests point the app at a throwaway profile; everyone else gets the platform default.
if (process.env.ELFTIA_USER_DATA) app.setPath('userData', path.resolve(process.env.ELFTIA_USER_DATA));

// Before app ready, as Electron requires: the MCP Apps sandbox's own origin.
registerAppSandboxScheme();

const renderer: RendererLocation = {
  devUrl: process.env.ELECTRON_RENDERER_URL,
  indexHtml: path.join(here, '../renderer/index.html'),
};

/** What start() makes, let go in reverse on quit: the IPC binding, the services, and last the tracker that stops whatever the services left running. */
const owned = new DisposableStore();
/** Whether the services exist: a quit before that has nothing of ours to wait for. */
let started = false;
let mainWindow: BrowserWindow | undefined;
const installLinks = new InstallLinkInbox();

/** Ends every chat's agent session when the window closes (issue 30): their servers belong to its chats. */
let endAgentSessions: () => Promise<void> = async () => undefined;

function openWindow(): void {
  mainWindow = createMainWindow(path.join(here, '../preload/index.cjs'), renderer);
  mainWindow.on('closed', () => {
    mainWindow = undefined;
    void endAgentSessions();
  });
}

async function start(): Promise<void> {
  await app.whenReady();
  const userData = app.getPath('userData');
  const stores = assembleStores(userData, openElectronMcpConfigStore(), openSafeStorageSecretStore(userData));
  const startupNotices: AppNotice[] = [];
  const processes = owned.add(
    startProcessTracking(userData, (notice) => {
      console.warn(notice.message);
      startupNotices.push(notice);
    }),
  );
  const services = owned.add(
    createServices(
      {
        ...stores,
        fetch: (input, init) => net.fetch(input instanceof URL ? input.href : input, init),
        processes,
        openUrl: openExternalChecked,
        startupNotices,
        oauthClientMetadataUrl: clientMetadataUrlFrom(process.env),
      },
      // The person is at the window that started the call: a sign-in a call needs opens their browser.
      { signInForCalls: true, ...poolSettings({}, process.env) },
    ),
  );
  started = true;
  endAgentSessions = () => services.agentSessions.endAll();
  owned.add(bindIpc(services, () => mainWindow, renderer));
  openWindow();
  const router = services.router;
  // The route adds the servers inactive and announces mcp.link_installed for the window to offer
  // their review; a link it refuses is only logged, since no one asked this window for anything.
  installLinks.deliverTo((url) => {
    void router.dispatch('mcp.install_link', { url }).then((result) => {
      if (!result.ok) console.warn(`Install link refused: ${result.error.code} ${result.error.message}`);
    });
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Closing the terminal, SIGQUIT or SIGUSR2 would otherwise kill the app on the spot, skipping
// the dispose below; a second signal exits at once (the process tracker's exit hook still kills
// every tracked server). `npm start` also tells us its pid: if it dies, so do we.
handleTerminatingSignals({ first: () => app.quit() });
watchLauncher(() => app.quit());

let shuttingDown = false;
app.on('will-quit', (event) => {
  if (shuttingDown || !started) return;
  // Hold the quit until child processes and connections are gone, then quit for real.
  event.preventDefault();
  shuttingDown = true;
  void owned.dispose().finally(() => app.quit());
});

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  listenForInstallLinks((url) => installLinks.push(url));
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  start().catch((err: unknown) => {
    dialog.showErrorBox('Elftia MCP could not start', errorMessage(err));
    app.exit(1);
  });
}
