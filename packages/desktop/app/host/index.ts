/**
 * Browser mode: `node out/main/host.js [--port N] [--config-dir DIR] [--static DIR] [--connect-concurrency N] [--download-timeout S]`.
 * Runs the same services as the Electron app and serves the UI on 127.0.0.1.
 * Test hook: ELFTIA_TEST_PRESETS=<json file> adds fixture presets to the catalog (testPresets.ts).
 * ELFTIA_HOST_TOKEN=<token> keeps the access token of an earlier run, so a page left open
 * reconnects when the host comes back on the same port (an environment variable, not a flag:
 * other users can read a process's arguments).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { errorMessage } from '../shared/errors';
import { defaultConfigDir } from '../main/services/config/configDir';
import { handleTerminatingSignals, watchLauncher } from '../main/services/shutdownSignals';
import { guardTerminalOutput } from '../main/services/terminal/terminalOutput';
import { poolSettings } from '../main/services/poolSettings';
import { openHost } from './openHost';

// A closed terminal turns every later write into EIO (a closed pipe into EPIPE); that must not
// become an uncaught error that skips the shutdown below.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
// Notices and errors quote server names and link fields: their controls are shown, not obeyed.
guardTerminalOutput();

/** A terminating signal ends the host within 2 s (docs/security.md): graceful closes get this long. */
const STOP_DEADLINE_MS = 1_500;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.ELFTIA_PORT ?? '0' },
      'config-dir': { type: 'string' },
      static: { type: 'string' },
      'connect-concurrency': { type: 'string' },
      'download-timeout': { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a number from 0 to 65535, got "${values.port}"`);
  }
  const configDir = path.resolve(values['config-dir'] ?? defaultConfigDir());
  const pool = poolSettings({ connectConcurrency: values['connect-concurrency'], downloadTimeout: values['download-timeout'] }, process.env, {
    connectConcurrency: '--connect-concurrency',
    downloadTimeout: '--download-timeout',
  });
  const here = path.dirname(fileURLToPath(import.meta.url));
  const staticDir = path.resolve(values.static ?? path.join(here, '../renderer'));

  const opened = await openHost({
    configDir,
    kind: 'browser',
    port,
    staticDir,
    pool,
    ...hostToken(process.env),
    warn: (message) => console.warn(`Warning: ${message}`),
  });
  const { host } = opened;

  console.log(`Elftia MCP is running in browser mode. Open ${host.url}`);
  console.log(`Configuration: ${opened.configPath}`);

  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${reason}; shutting down.`);
    // Servers that ignore stdin EOF and SIGTERM would hold the host for seconds; past this the exit
    // goes ahead and the process tracker's exit hook SIGKILLs every group still running.
    setTimeout(() => {
      console.warn(`Servers did not close within ${STOP_DEADLINE_MS} ms; stopping them at once.`);
      process.exit(0);
    }, STOP_DEADLINE_MS).unref();
    try {
      await opened.dispose();
    } finally {
      process.exit(0);
    }
  };
  handleTerminatingSignals({ first: (signal) => void stop(`Received ${signal}`) });
  watchLauncher(() => void stop('The launcher exited'));
}

/** At least 16 URL-safe characters, so a reused token is never weaker than guessing one. */
function hostToken(env: NodeJS.ProcessEnv): { token?: string } {
  const token = env.ELFTIA_HOST_TOKEN;
  if (token === undefined || token === '') return {};
  if (!/^[A-Za-z0-9_-]{16,}$/.test(token)) throw new Error('ELFTIA_HOST_TOKEN must be at least 16 letters, digits, "-" or "_"');
  return { token };
}

main().catch((err: unknown) => {
  console.error(`Elftia MCP could not start: ${errorMessage(err)}`);
  process.exit(1);
});
