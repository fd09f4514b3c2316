/**
 * The app's services on one config folder, for one CLI command. runCli imports this module on
 * first use, so `--help` and `convert` never load conf, the MCP SDK or the services.
 */
import { openLocalStores } from '../../main/services/appStores';
import { openInSystemBrowser } from '../../main/services/capabilities/tools/mcp-users/auth/systemBrowser';
import { createServices, type Services } from '../../main/services/createServices';
import { startProcessTracking } from '../../main/services/capabilities/tools/mcp-users/processTracking';
import { poolSettings } from '../../main/services/poolSettings';
import { clientMetadataUrlFrom } from '../../main/services/capabilities/tools/mcp-users/auth/clientMetadataSetting';
import type { AppNotice } from '../../shared/contracts/ipc';
import { REGISTRY_URL_ENV } from '../../shared/contracts/registry';
import { DisposableStore } from '../../shared/lifecycle/DisposableStore';
import type { CliIo } from './cliKit';

/**
 * How this command stops the stdio servers it started. Its result is printed before the close, but
 * the shell gives the prompt back only when we exit, so the app's 2 s grace for a server that
 * ignores stdin's end (server-everything does, once initialized) would be 2 s of every `call`.
 * Well-behaved servers exit within tens of milliseconds of EOF; one still running after the grace
 * gets SIGTERM, then SIGKILL, and its whole process group goes, so nothing outlives the command.
 * (mcporter 0.12.3 waits 700 ms twice; bench/cliCall.bench.ts compares.)
 */
const ONE_SHOT_STOP = { gracefulMs: 250, termWaitMs: 500 };

export function openServices(dir: string, io: CliIo): Services {
  const stores = openLocalStores(dir);
  // Let go in reverse: the services, then the tracker (and its exit hook), then the subscription;
  // tests run many commands in one process, so nothing of one run may outlive it.
  const owned = new DisposableStore();
  // A notice raised while opening is both in `notices` and, a moment later, an event: say it once.
  const said = new Set<string>();
  const warn = (notice: AppNotice) => {
    const key = `${notice.code}\n${notice.message}`;
    if (said.has(key)) return;
    said.add(key);
    io.stderr.write(`warning: ${notice.message}\n`);
  };
  stores.configStore.notices.forEach(warn);
  // Raised while the command runs (the secrets file created by this run): said when it happens.
  owned.add(stores.configStore.onNotice(warn));
  const processes = owned.add(startProcessTracking(dir, warn));
  // One-shot commands: adding a server must not start it in the background only to stop it.
  // Sign-in pages open with $BROWSER from the command's environment, else the system opener; the URL is printed too.
  const openAuthUrl = (url: string) => openInSystemBrowser(url, io.env);
  // The pool's settings (servers connecting at once, npx's download limit) from the command's environment.
  const oauthClientMetadataUrl = clientMetadataUrlFrom(io.env);
  const services = owned.add(
    createServices(
      { ...stores, fetch: globalThis.fetch, processes, openAuthUrl, oauthClientMetadataUrl, registryUrl: io.env[REGISTRY_URL_ENV] },
      { connectOnAdd: false, stdioStop: ONE_SHOT_STOP, ...poolSettings({}, io.env) },
    ),
  );
  // Raised by what a server does while the command runs (a sampling request refused).
  services.mcp.notices.onNotice(warn);
  return { ...services, dispose: () => owned.dispose() };
}
