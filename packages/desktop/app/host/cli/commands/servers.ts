/** `servers list|add|import|remove|test`: the server records, through the router. */
import {
  MCP_SERVER_TRANSPORTS,
  McpServerTransportSchema,
  type McpServerConfig,
  type McpServerInput,
} from '../../../shared/contracts/mcp-types';
import { EXIT, nameFlags, parseCommand, positionals, readTextInput, resolveServer, UsageError, writeJson, type Command } from '../cliKit';
import { describeTarget, redactServer, table } from '../format';

export const serversList: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseCommand('servers list', args, { json: { type: 'boolean' } });
  positionals('servers list', rest, []);
  const servers = await client().call('mcp.list', {});
  if (values.json) {
    writeJson(io, servers.map(redactServer));
    return EXIT.OK;
  }
  if (servers.length === 0) {
    io.stdout.write('No MCP servers configured. Add one with "elftia-mcp servers add" or "elftia-mcp servers import".\n');
    return EXIT.OK;
  }
  const rows = servers.map((s) => [s.name, s.type, s.isActive ? 'yes' : 'no', s.id, describeTarget(s)]);
  io.stdout.write(`${table(['NAME', 'TYPE', 'ACTIVE', 'ID', 'TARGET'], rows)}\n`);
  return EXIT.OK;
};

const ADD_OPTIONS = {
  name: { type: 'string' },
  type: { type: 'string' },
  command: { type: 'string' },
  arg: { type: 'string', multiple: true },
  env: { type: 'string', multiple: true },
  url: { type: 'string' },
  header: { type: 'string', multiple: true },
  inactive: { type: 'boolean' },
  json: { type: 'boolean' },
} as const;

/** Which flag sets each field of McpServerInput, so a schema issue names the flag to fix. */
const FLAG_OF_FIELD = {
  name: '--name',
  type: '--type',
  'config.command': '--command',
  'config.args': '--arg',
  'config.env': '--env',
  'config.url': '--url',
  'config.headers': '--header',
} as const;

const STDIO_ONLY = ['command', 'arg', 'env'] as const;
const REMOTE_ONLY = ['url', 'header'] as const;

export const serversAdd: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseCommand('servers add', args, ADD_OPTIONS);
  positionals('servers add', rest, []);
  if (values.name === undefined) throw new UsageError('--name is required', 'servers add');
  if (values.type === undefined) throw new UsageError(`--type is required (${MCP_SERVER_TRANSPORTS.join(', ')})`, 'servers add');
  const type = McpServerTransportSchema.safeParse(values.type);
  if (!type.success) {
    throw new UsageError(`--type must be one of ${MCP_SERVER_TRANSPORTS.join(', ')}; got "${values.type}"`, 'servers add');
  }
  // A flag the transport never reads is a mistake worth saying, not something to store silently.
  const misplaced = (type.data === 'stdio' ? REMOTE_ONLY : STDIO_ONLY).find((flag) => values[flag] !== undefined);
  if (misplaced) {
    const applies = type.data === 'stdio' ? 'sse, http and websocket servers' : 'stdio servers';
    throw new UsageError(`--${misplaced} applies only to ${applies}, not --type ${type.data}`, 'servers add');
  }

  const config: McpServerConfig = {
    ...(values.command !== undefined ? { command: values.command } : {}),
    ...(values.arg ? { args: values.arg } : {}),
    ...(values.env ? { env: pairs(values.env, '=', '--env', 'K=V') } : {}),
    ...(values.url !== undefined ? { url: values.url } : {}),
    ...(values.header ? { headers: pairs(values.header, ':', '--header', '"K: V"') } : {}),
  };
  const input: McpServerInput = { name: values.name, type: type.data, config, isActive: !values.inactive };
  const { server } = await client().call('mcp.add', input).catch(nameFlags(FLAG_OF_FIELD));
  if (!server) throw new Error('mcp.add returned no server');
  if (values.json) writeJson(io, redactServer(server));
  else io.stdout.write(`Added "${server.name}" (${server.type}, id ${server.id})${server.isActive ? '' : ', inactive'}\n`);
  return EXIT.OK;
};

/** `K=V` / `K: V` pairs into a map; the separator is the first occurrence, so values may contain it. */
function pairs(items: string[], separator: string, flag: string, shape: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf(separator);
    const key = at === -1 ? '' : item.slice(0, at).trim();
    // The value is not echoed: it is usually the secret.
    if (!key) throw new UsageError(`${flag} expects ${shape}; got an entry without a key or "${separator}"`, 'servers add');
    map[key] = item.slice(at + 1).trim();
  }
  return map;
}

export const serversImport: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseCommand('servers import', args, { json: { type: 'boolean' } });
  const [file] = positionals('servers import', rest, ['FILE (or - for stdin)']);
  const { text } = await readTextInput(io, file);
  const result = await client().call('mcp.add_json', { json: text });
  const entries = result.results ?? [];
  if (values.json) writeJson(io, result);
  else {
    for (const entry of entries) {
      if (entry.success) io.stdout.write(`added  "${entry.name}" (id ${entry.id ?? '?'})${entry.message ? `: ${entry.message}` : ''}\n`);
      else io.stderr.write(`error: "${entry.name}" was not added: ${entry.message ?? 'invalid entry'}\n`);
    }
    io.stdout.write(`${result.message ?? ''}\n`);
  }
  return result.success ? EXIT.OK : EXIT.FAILURE;
};

export const serversRemove: Command = async ({ io, args, client }) => {
  const { positionals: rest } = parseCommand('servers remove', args, {});
  const [ref] = positionals('servers remove', rest, ['NAME']) as [string];
  const app = client();
  const server = await resolveServer(app, ref);
  await app.call('mcp.remove', { id: server.id });
  io.stdout.write(`Removed "${server.name}" (id ${server.id})\n`);
  return EXIT.OK;
};

export const serversTest: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseCommand('servers test', args, { json: { type: 'boolean' } });
  const [ref] = positionals('servers test', rest, ['NAME']) as [string];
  const app = client();
  const server = await resolveServer(app, ref);
  const result = await app.call('mcp.test', { id: server.id });
  if (values.json) writeJson(io, result);
  else if (result.success) {
    const info = result.serverInfo ? ` (${result.serverInfo.name} ${result.serverInfo.version})` : '';
    io.stdout.write(`OK  "${server.name}"${info}: ${result.tools.length} tools in ${Math.round(result.durationMs)} ms\n`);
    if (result.tools.length) io.stdout.write(`    ${result.tools.join(', ')}\n`);
  }
  for (const issue of result.invalidTools) io.stderr.write(`warning: skipped tool "${issue.name}": ${issue.message}\n`);
  if (!result.success) io.stderr.write(`error: ${result.error?.message ?? `Could not connect to "${server.name}"`}\n`);
  return result.success ? EXIT.OK : EXIT.FAILURE;
};
