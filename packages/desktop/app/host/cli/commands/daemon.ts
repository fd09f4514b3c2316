/**
 * `daemon start|stop|status|run`: keeps the app's services running for one config folder, so
 * `call` and `tools` reuse its warm server connections instead of starting servers each time.
 * The daemon is the browser-mode host without the page (openHost.ts): the same token, Host and
 * Origin checks, the same shutdown. It is found through its record in the config folder
 * (hostRecord.ts); a stale record (a killed daemon) is removed by whoever finds it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { poolSettings } from '../../../main/services/poolSettings';
import { hostProcessAlive, readHostRecord, removeHostRecord, type HostRecord } from '../../hostRecord';
import { openHost } from '../../openHost';
import { EXIT, writeJson, type CliIo, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';
import { findHost, type HostConnection } from '../hostClient';

/** What `daemon start` waits for the daemon to listen; servers start later, when a command needs them. */
const START_TIMEOUT_MS = 30_000;
/** Browser mode's stop deadline (docs/security.md): past it the exit hook SIGKILLs the servers' groups. */
const STOP_DEADLINE_MS = 1_500;
/** How long `daemon stop` waits for the daemon to exit before it kills it. */
const STOP_WAIT_MS = 5_000;
const POLL_MS = 25;
export const DAEMON_LOG_FILE = 'daemon.log';

/** `daemon run`: the daemon in the foreground, until SIGINT or SIGTERM. */
export const daemonRun: Command = async ({ io, args, configDir }) => {
  const { values } = parseFlags('daemon run', args);
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port must be a number from 0 to 65535, got "${values.port}"`);
  const opened = await openHost({ configDir, kind: 'daemon', port, pool: poolSettings({}, io.env), warn: (line) => io.stderr.write(`warning: ${line}\n`) });
  if (!opened.recorded) {
    await opened.dispose();
    const other = readHostRecord(configDir);
    throw new Error(`a ${other?.kind === 'browser' ? 'browser-mode host' : 'daemon'} (pid ${other?.pid}) already serves ${configDir}`);
  }
  io.stdout.write(`Daemon ready: pid ${process.pid}, http://127.0.0.1:${opened.host.port}, config ${configDir}\n`);
  await new Promise<void>((resolve) => {
    if (!io.signal || io.signal.aborted) return resolve();
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  io.stdout.write('Stopping the daemon.\n');
  // The entry exits right after: the process tracker's exit hook then kills every server group left.
  await Promise.race([opened.dispose(), delay(STOP_DEADLINE_MS)]);
  return EXIT.OK;
};

/** `daemon start`: starts `daemon run` detached and returns once it listens. */
export const daemonStart: Command = async ({ io, args, configDir }) => {
  const { values } = parseFlags('daemon start', args);
  const running = await lookUp(io, configDir);
  if (running.connection) return alreadyRunning(io, running.connection, values.json === true);
  if (!io.relaunch) throw new Error('daemon start needs the elftia-mcp program to start (run it from the elftia-mcp command)');
  const logFile = path.join(configDir, DAEMON_LOG_FILE);
  const portArgs = values.port === undefined ? [] : ['--port', values.port];
  const started = await spawnRecordedHost(io, configDir, io.relaunch.command, [...io.relaunch.args, '--config-dir', configDir, 'daemon', 'run', ...portArgs], logFile);
  if (!started.record) {
    // Another `daemon start` won the race: its daemon serves the folder, which is what was asked.
    const other = await lookUp(io, configDir);
    if (other.connection) return alreadyRunning(io, other.connection, values.json === true);
    throw new Error(`the daemon did not start${started.exited === undefined ? ` within ${START_TIMEOUT_MS / 1000} s` : ''}; its log (${logFile}):\n${logTail(logFile)}`);
  }
  const found = await lookUp(io, configDir);
  if (!found.connection) throw new Error(`the daemon started but does not answer: ${found.note}`);
  try {
    return await report(io, found.connection, values.json === true);
  } finally {
    await found.connection.dispose();
  }
};

/**
 * Starts `command args` detached, its output into `logFile`, and waits until that process records
 * itself as the host of `configDir` (what `daemon start` and `apps open` wait for). No record: it
 * exited first (`exited`, its code), or it did not record itself within START_TIMEOUT_MS and was
 * stopped.
 */
export async function spawnRecordedHost(io: CliIo, configDir: string, command: string, args: string[], logFile: string): Promise<{ record?: HostRecord; exited?: number | null }> {
  fs.mkdirSync(configDir, { recursive: true, mode: 0o700 });
  const log = fs.openSync(logFile, 'w', 0o600);
  const child = spawn(command, args, { detached: true, stdio: ['ignore', log, log], env: io.env, windowsHide: true });
  fs.closeSync(log);
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  child.once('error', () => (exited = -1));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (exited === undefined && Date.now() < deadline) {
    const seen = readHostRecord(configDir);
    if (seen && seen.pid === child.pid) {
      child.unref();
      return { record: seen };
    }
    await delay(POLL_MS);
  }
  if (exited === undefined) child.kill('SIGTERM');
  return exited === undefined ? {} : { exited };
}

async function alreadyRunning(io: CliIo, connection: HostConnection, json: boolean): Promise<number> {
  const { record } = connection;
  io.stderr.write(`A ${record.kind === 'browser' ? 'browser-mode host' : 'daemon'} already serves this config folder (pid ${record.pid}).\n`);
  try {
    return json ? await report(io, connection, true) : EXIT.OK;
  } finally {
    await connection.dispose();
  }
}

/** `daemon status`: pid, address, uptime and connected servers; exit code 1 when none runs. */
export const daemonStatus: Command = async ({ io, args, configDir }) => {
  const { values } = parseFlags('daemon status', args);
  const found = await lookUp(io, configDir);
  if (!found.connection) {
    if (values.json) writeJson(io, { running: false });
    else io.stdout.write(`Not running: ${found.note}.\n`);
    return EXIT.FAILURE;
  }
  try {
    return await report(io, found.connection, values.json === true);
  } finally {
    await found.connection.dispose();
  }
};

/** `daemon stop`: SIGTERM, so the daemon closes its servers and their process trees; waits until it is gone. */
export const daemonStop: Command = async ({ io, configDir }) => {
  const found = await lookUp(io, configDir);
  if (!found.connection) {
    io.stderr.write(`No daemon to stop: ${found.note}.\n`);
    return EXIT.OK;
  }
  await found.connection.dispose();
  const { record } = found.connection;
  if (record.kind === 'browser') {
    throw new Error(`the host serving this config folder is browser mode (pid ${record.pid}), not a daemon: stop it where it runs`);
  }
  process.kill(record.pid, 'SIGTERM');
  const deadline = Date.now() + STOP_WAIT_MS;
  while (hostProcessAlive(record) && Date.now() < deadline) await delay(POLL_MS);
  if (hostProcessAlive(record)) {
    // Its servers' groups stay recorded (mcp-processes.json): the next start of anything reaps them.
    process.kill(record.pid, 'SIGKILL');
    io.stderr.write(`The daemon (pid ${record.pid}) did not stop within ${STOP_WAIT_MS / 1000} s and was killed.\n`);
  }
  removeHostRecord(configDir, record);
  io.stdout.write(`Daemon stopped (pid ${record.pid}).\n`);
  return EXIT.OK;
};

const lookUp = (io: CliIo, configDir: string) => findHost(configDir, (line) => io.stderr.write(`warning: ${line}\n`));

async function report(io: CliIo, { record, url, client }: HostConnection, json: boolean): Promise<number> {
  const [statuses, servers] = await Promise.all([client.call('mcp.status', undefined), client.call('mcp.list', undefined)]);
  const names = new Map(servers.map((server) => [server.id, server.name]));
  const connected = statuses.filter((status) => status.state === 'connected').map((status) => ({ id: status.id, name: names.get(status.id) ?? status.id }));
  const uptimeMs = Math.max(0, Date.now() - record.startedAt);
  if (json) {
    writeJson(io, { running: true, kind: record.kind, pid: record.pid, url, startedAt: new Date(record.startedAt).toISOString(), uptimeMs, connected });
    return EXIT.OK;
  }
  io.stdout.write(`${record.kind === 'browser' ? 'Browser-mode host' : 'Daemon'} running: pid ${record.pid}, ${url}, up ${formatUptime(uptimeMs)}\n`);
  io.stdout.write(connected.length ? `Connected servers (${connected.length}): ${connected.map((s) => s.name).join(', ')}\n` : 'No server connected yet.\n');
  return EXIT.OK;
}

function formatUptime(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  return h ? `${h} h ${m} min` : m ? `${m} min ${s} s` : `${s} s`;
}

/** The last lines of a started host's log, for the error that says it did not start. */
export function logTail(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-20).join('\n').trim() || '(empty)';
  } catch {
    return '(none)';
  }
}
