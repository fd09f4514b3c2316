/**
 * `agents list|show|add|remove|export|import`: agent presets (issue 30), through the router like
 * every command. Env values of session servers are masked in listings and left empty in exports
 * unless --with-secrets; `agents import` takes what `agents export` prints, one preset object
 * (`{ "name", "instructions", "sessionServers": { NAME: { command, args, env } } }`) or a list.
 */
import type { AgentPreset } from '../../../shared/contracts/agents';
import { AppError } from '../../../shared/errors';
import type { LlmProviderId } from '../../../shared/contracts/providers';
import { splitCommandLine } from '../../../shared/text/commandLine';
import { EXIT, nameFlags, positionals, readTextInput, UsageError, writeJson, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';
import { indent, table } from '../format';

const FLAG_OF_FIELD = {
  'preset.name': 'NAME',
  'preset.instructions': '--instructions',
  'preset.providerId': '--provider',
  'preset.model': '--model',
  'preset.serverIds': '--server',
  'preset.approval': '--approval',
  'preset.sessionServers': '--session-server',
};

const serverLine = (name: string, server: AgentPreset['sessionServers'][string]) => {
  const env = Object.keys(server.env);
  return `${name}: ${[server.command, ...server.args].join(' ')}${env.length ? `  (env: ${env.map((k) => `${k}=${server.env[k]}`).join(', ')})` : ''}`;
};

export const agentsList: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('agents list', args);
  positionals('agents list', rest, []);
  const agents = await (await client()).call('agents.list', {});
  if (values.json) {
    writeJson(io, agents);
    return EXIT.OK;
  }
  const rows = agents.map((a) => [a.name, a.builtin ? 'built-in' : 'yours', Object.keys(a.sessionServers).join(', ') || '-', a.model ? `${a.providerId ?? '?'}/${a.model}` : '-']);
  io.stdout.write(`${table(['NAME', 'KIND', 'SESSION SERVERS', 'MODEL'], rows)}\n`);
  return EXIT.OK;
};

export const agentsShow: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('agents show', args);
  const [agent] = positionals('agents show', rest, ['NAME']) as [string];
  const preset = await (await client()).call('agents.get', { agent });
  if (values.json) {
    writeJson(io, preset);
    return EXIT.OK;
  }
  const lines = [
    `${preset.name}${preset.builtin ? ' (built-in)' : ''}`,
    ...(preset.description ? [preset.description] : []),
    `Model: ${preset.model ? `${preset.providerId ?? '(provider not set)'}/${preset.model}` : 'not set (give --provider and --model to chat)'}`,
    `Approval: ${preset.approval === 'allow_all' ? 'its own servers’ calls run without asking' : 'asks before tool calls'}`,
    `Your servers: ${preset.serverIds.join(', ') || 'none'}`,
    'Session servers:',
    ...Object.entries(preset.sessionServers).map(([name, server]) => `  ${serverLine(name, server)}`),
    ...(preset.instructions ? ['Instructions:', indent(preset.instructions)] : []),
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
  return EXIT.OK;
};

/** `--session-server 'files=npx -y pkg {{folder}}'`: a name, "=", and a command line. */
function sessionServers(specs: readonly string[]): AgentPreset['sessionServers'] {
  const servers: AgentPreset['sessionServers'] = {};
  for (const spec of specs) {
    const at = spec.indexOf('=');
    const words = at > 0 ? splitCommandLine(spec.slice(at + 1)) : [];
    if (at <= 0 || words.length === 0) throw new UsageError(`--session-server must be NAME=COMMAND [ARG]…; got "${spec}"`, 'agents add');
    const [command, ...args] = words as [string, ...string[]];
    servers[spec.slice(0, at).trim()] = { command, args, env: {} };
  }
  return servers;
}

export const agentsAdd: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('agents add', args);
  const [name] = positionals('agents add', rest, ['NAME']) as [string];
  const preset = {
    name,
    ...(values.instructions !== undefined ? { instructions: values.instructions } : {}),
    ...(values.provider !== undefined ? { providerId: values.provider as LlmProviderId } : {}),
    ...(values.model !== undefined ? { model: values.model } : {}),
    serverIds: values.server ?? [],
    ...(values.approval !== undefined ? { approval: values.approval as 'ask' | 'allow_all' } : {}),
    sessionServers: sessionServers(values['session-server'] ?? []),
  };
  const saved = await (await client()).call('agents.save', { preset }).catch(nameFlags(FLAG_OF_FIELD));
  if (values.json) writeJson(io, saved);
  else io.stdout.write(`Added agent preset "${saved.name}" (${saved.id})\n`);
  return EXIT.OK;
};

export const agentsRemove: Command = async ({ io, args, client }) => {
  const { positionals: rest } = parseFlags('agents remove', args);
  const [agent] = positionals('agents remove', rest, ['NAME']) as [string];
  const removed = await (await client()).call('agents.remove', { agent });
  io.stdout.write(`Removed agent preset "${removed.name}"\n`);
  return EXIT.OK;
};

export const agentsExport: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('agents export', args);
  const agents = rest.length > 0 ? rest : undefined;
  const { json } = await (await client()).call('agents.export', { ...(agents ? { agents } : {}), withSecrets: values['with-secrets'] === true });
  io.stdout.write(json);
  return EXIT.OK;
};

export const agentsImport: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('agents import', args);
  const [file] = positionals('agents import', rest, ['FILE (or - for stdin)']);
  const { text, source } = await readTextInput(io, file);
  const app = await client();
  // A file that is not a preset list is bad input, as a bad flag is; nothing was written.
  const { imported } = await app.call('agents.import', { text, onDuplicate: values.replace ? 'replace' : 'refuse' }).catch((err: unknown) => {
    if (err instanceof AppError && ['IMPORT_INVALID_JSON', 'VALIDATION_FAILED', 'DUPLICATE_NAME'].includes(err.code)) {
      throw new UsageError(`${source}: ${err.message}. Nothing was imported.`, 'agents import');
    }
    throw err;
  });
  if (values.json) writeJson(io, { imported });
  else for (const a of imported) io.stdout.write(`${a.replaced ? 'Replaced' : 'Imported'} agent preset "${a.name}"\n`);
  return EXIT.OK;
};
