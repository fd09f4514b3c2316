/**
 * The app's services on one config folder, for one CLI command. runCli imports this module on
 * first use, so `--help` and `convert` never load conf, the MCP SDK or the services.
 */
import { openConfMcpConfigStore } from '../../main/services/config/confBackend';
import { createServices, type Services } from '../../main/services/createServices';
import { startProcessTracking } from '../../main/services/capabilities/tools/mcp-users/processTracking';
import type { CliIo } from './cliKit';

export function openServices(dir: string, io: CliIo): Services {
  const configStore = openConfMcpConfigStore(dir);
  for (const notice of configStore.notices) io.stderr.write(`warning: ${notice.message}\n`);
  const processes = startProcessTracking(dir, (line) => io.stderr.write(`warning: ${line}\n`));
  // One-shot commands: adding a server must not start it in the background only to stop it.
  const services = createServices({ configStore, fetch: globalThis.fetch, processes }, { connectOnAdd: false });
  // Tests run many commands in one process, so each run's tracker (and exit hook) goes with it.
  let disposed: Promise<void> | undefined;
  return {
    ...services,
    dispose: () => (disposed ??= services.dispose().finally(() => processes.dispose())),
  };
}
