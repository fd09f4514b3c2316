/**
 * `apps open NAME TOOL`: a tool's MCP App (issue 32) in browser mode. A terminal cannot show an
 * app, so this opens the browser-mode page at the server's playground with the tool chosen and
 * the arguments filled and called (shared/appLink.ts); the app shows above the text result.
 *
 * Everything is checked before anything starts: the server, the tool, that it has an app, and the
 * arguments against the tool's input schema (each field that does not fit is named). Browser mode
 * is the host serving the config folder if it is one; else it is started, detached, as `npm run
 * start:web` would. A daemon serves no page, so it is said, with how to go on.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { argumentIssues } from '../../../main/services/capabilities/tools/mcp-users/common/schemaCheck';
import { openInSystemBrowser } from '../../../main/services/capabilities/tools/mcp-users/auth/systemBrowser';
import { HOST_TOKEN_QUERY } from '../../../shared/contracts/bridge';
import { appLinkHash } from '../../../shared/appLink';
import type { HostRecord } from '../../hostRecord';
import { EXIT, parseJsonFlag, positionals, resolveServer, UsageError, type CliIo, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';
import { findHost } from '../hostClient';
import { logTail, spawnRecordedHost } from './daemon';

export const BROWSER_LOG_FILE = 'browser-mode.log';

export const appsOpen: Command = async ({ io, args, client, configDir }) => {
  const { values, positionals: rest } = parseFlags('apps open', args);
  const [ref, toolName] = positionals('apps open', rest, ['NAME', 'TOOL']) as [string, string];
  const given = parseJsonFlag(values.args, '--args', 'apps open') ?? {};
  if (typeof given !== 'object' || given === null || Array.isArray(given)) throw new UsageError('--args must be a JSON object', 'apps open');
  const toolArgs = given as Record<string, unknown>;

  const app = await client();
  const server = await resolveServer(app, ref);
  // Every tool of the server, app-only ones too (mcp.list_tools has only what a model may see).
  const { tools } = await app.call('mcp.discover', { id: server.id });
  const tool = tools.find((candidate) => candidate.name === toolName);
  if (!tool) throw new UsageError(`"${server.name}" has no tool "${toolName}" (elftia-mcp tools ${server.name} lists them)`, 'apps open');
  if (!tool.app?.resourceUri) throw new UsageError(`"${toolName}" of "${server.name}" has no app (its _meta.ui names no ui:// resource); call it with elftia-mcp call`, 'apps open');
  const issues = argumentIssues(tool.inputSchema, toolArgs);
  if (issues.length > 0) {
    throw new UsageError(`--args does not fit the input schema of "${toolName}": ${issues.map((issue) => `${issue.path.replace(/^arguments\.?/, '') || '(the arguments)'}: ${issue.message}`).join('; ')}`, 'apps open');
  }

  const host = await browserMode(io, configDir);
  const page = new URL(`http://127.0.0.1:${host.port}/`);
  page.searchParams.set(HOST_TOKEN_QUERY, host.token);
  const url = `${page.href}${appLinkHash({ serverId: server.id, toolName, args: toolArgs })}`;
  io.stdout.write(`${url}\n`);
  if (values.print) return EXIT.OK;
  await openInSystemBrowser(url, io.env);
  io.stderr.write(`Opened the app of "${toolName}" on "${server.name}" in your browser (browser mode, pid ${host.pid}).\n`);
  return EXIT.OK;
};

/** The browser-mode host serving `configDir`: the running one, else one started now. */
async function browserMode(io: CliIo, configDir: string): Promise<HostRecord> {
  const found = await findHost(configDir, (line) => io.stderr.write(`warning: ${line}\n`));
  if (found.connection) {
    const { record } = found.connection;
    await found.connection.dispose();
    if (record.kind === 'browser') return record;
    throw new Error(`a daemon (pid ${record.pid}) serves this config folder, and a daemon has no page to open: stop it (elftia-mcp daemon stop) and run this again`);
  }
  const entry = browserModeEntry(io.relaunch);
  if (!entry) throw new Error(`browser mode does not run for this config folder; start it (npm run start:web -- --config-dir ${configDir}) and run this again`);
  const logFile = path.join(configDir, BROWSER_LOG_FILE);
  io.stderr.write('Starting browser mode…\n');
  const started = await spawnRecordedHost(io, configDir, entry.command, [...entry.args, '--config-dir', configDir], logFile);
  if (started.record?.kind === 'browser') return started.record;
  throw new Error(`browser mode did not start; its log (${logFile}):\n${logTail(logFile)}`);
}

/**
 * Browser mode's entry (out/main/host.js, which serves the built page beside it): next to the
 * built CLI (out/main/cli.js), or where bin/elftia-mcp.mjs finds the build. Without a build
 * (the TypeScript sources through tsx) there is no page to serve, so none.
 */
function browserModeEntry(relaunch: CliIo['relaunch']): { command: string; args: string[] } | undefined {
  const script = relaunch?.args.at(-1);
  if (!relaunch || !script) return undefined;
  const dir = path.dirname(script);
  const entry = [path.join(dir, 'host.js'), path.resolve(dir, '../../../out/main/host.js')].find((file) => existsSync(file));
  return entry ? { command: relaunch.command, args: [...relaunch.args.slice(0, -1), entry] } : undefined;
}
