/**
 * `registry search|show|install|updates|update|registries`: MCP registries from a terminal, through
 * the registry.* routes. Install shows the same activation review as an install link (links.ts's
 * printReview) plus what the entry adds to it, and turns the server on only when the review is
 * accepted (--yes, or y at a terminal); update shows the review of the updated record and writes it
 * only when accepted. Secret inputs come from stdin (--secret-stdin), never the command line.
 */
import {
  OFFICIAL_REGISTRY_ID,
  RegistrySourceSchema,
  type RegistryInputField,
  type RegistryReviewFlag,
  type RegistrySettings,
  type RegistryShowResult,
  type RegistrySource,
} from '../../../shared/contracts/registry';
import { errorData } from '../../../shared/errorData';
import { AppError } from '../../../shared/errors';
import { cutText } from '../../../shared/limits';
import { shellWord } from '../../../shared/text/commandLine';
import { inlineSafe } from '../../../shared/text/visibleControls';
import { riskyNames } from '../../../main/services/capabilities/tools/mcp-users/common/activationReview';
import { confirm, confirmOnTerminal, EXIT, nameFlags, positionals, readTextInput, resolveServer, UsageError, writeJson, type CliIo, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';
import { table } from '../format';
import { printReview } from './links';

const FLAG_NOTES: Record<RegistryReviewFlag['flag'], (subject: string) => string> = {
  code_risk_env: (s) => `${s} changes which code runs`,
  insecure_remote: (s) => `${s} is plain http: anyone on the way can read and change what is sent`,
  docker_privileged: (s) => `${s} gives the container power over this computer`,
  docker_host_mount: (s) => `${s} shares files of this computer with the container`,
  docker_host_namespace: (s) => `${s} shares this computer's processes or network with the container`,
  deprecated: () => 'the registry marks this server deprecated',
  deleted: () => 'the registry marks this version deleted',
  not_latest: (s) => `${s} is not the latest version`,
  description_cut: () => 'its description was too long and was cut',
  controls_in_text: (s) => `its ${s} holds control or bidi characters (shown as \\uXXXX)`,
  mcpb_bundle: (s) => `runs an MCP bundle downloaded from ${s.replace(' sha256:', ', verified against SHA-256 ')}`,
};

const flagLine = ({ flag, subject }: RegistryReviewFlag) => `warning: ${FLAG_NOTES[flag](inlineSafe(subject ?? ''))}`;

/** A number flag from 1 to max, or a usage error naming it. */
function intFlag(raw: string | undefined, flag: string, command: string, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`${flag} must be a whole number from 1 to ${max}, got "${raw}"`, command);
  return n;
}

/** --package / --remote: an index, or a type or identifier. */
const optionRef = (raw: string | undefined) => (raw === undefined ? undefined : /^\d+$/.test(raw) ? Number(raw) : raw);

export const registrySearch: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('registry search', args);
  // QUERY is optional: none lists everything.
  const [query] = rest.length > 1 ? positionals('registry search', rest, ['[QUERY]']) : rest;
  const limit = intFlag(values.limit, '--limit', 'registry search', 100);
  const result = await (await client()).call('registry.search', {
    ...(values.registry !== undefined ? { registry: values.registry } : {}),
    ...(query ? { query } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(values.cursor !== undefined ? { cursor: values.cursor } : {}),
    ...(values['all-versions'] ? { allVersions: true } : {}),
  });
  if (values.json) {
    writeJson(io, result);
    return EXIT.OK;
  }
  const rows = result.entries.map((e) => [
    inlineSafe(e.name),
    inlineSafe(e.version),
    e.status === 'active' || e.status === 'unknown' ? '' : e.status,
    [...e.packageTypes, ...e.remoteTypes.map((t) => `remote:${t}`)].map(inlineSafe).join(','),
    e.needsKey ? 'needed' : '',
    inlineSafe(cutText(e.description, 80)),
  ]);
  io.stdout.write(rows.length ? `${table(['NAME', 'VERSION', 'STATUS', 'TYPES', 'KEY', 'DESCRIPTION'], rows)}\n` : `No servers found in ${result.registry.name}.\n`);
  for (const bad of result.invalid) io.stderr.write(`warning: skipped an entry that is not server.json${bad.name ? ` (${inlineSafe(bad.name)})` : ''}: ${inlineSafe(bad.reason)}\n`);
  if (result.nextCursor) io.stderr.write(`More: elftia-mcp registry search${query ? ` ${JSON.stringify(query)}` : ''} --cursor ${result.nextCursor}\n`);
  return EXIT.OK;
};

const inputLine = (input: RegistryInputField) =>
  [
    `    ${inlineSafe(input.key)} (${input.place}${input.isRequired ? ', required' : ''}${input.isSecret ? ', secret' : ''})`,
    input.description ? `: ${inlineSafe(cutText(input.description, 200))}` : '',
    input.default !== undefined ? ` [default ${inlineSafe(input.default)}]` : '',
    input.choices ? ` {${input.choices.map(inlineSafe).join('|')}}` : '',
  ].join('');

function printShow(io: CliIo, { entry, versions, options, flags }: RegistryShowResult): void {
  const lines = [
    `${inlineSafe(entry.name)} ${inlineSafe(entry.version)}${entry.title ? ` — ${inlineSafe(entry.title)}` : ''}${entry.status === 'active' || entry.status === 'unknown' ? '' : ` (${entry.status})`}`,
    `  ${inlineSafe(entry.description)}`,
    ...(entry.websiteUrl ? [`  website:    ${inlineSafe(entry.websiteUrl)}`] : []),
    ...(entry.repositoryUrl ? [`  repository: ${inlineSafe(entry.repositoryUrl)}`] : []),
    `  versions:   ${versions.map((v) => `${inlineSafe(v.version)}${v.isLatest ? ' (latest)' : ''}${v.status === 'deprecated' || v.status === 'deleted' ? ` (${v.status})` : ''}`).join(', ')}`,
    ...options.flatMap((o) => [
      `  ${o.kind} ${o.index}: ${inlineSafe(o.type)} ${inlineSafe(o.target)}${o.skipped ? ` — not installable: ${o.skipped}` : ''}`,
      ...o.inputs.map(inputLine),
    ]),
    ...flags.map(flagLine),
  ];
  io.stdout.write(`${lines.join('\n')}\n`);
}

export const registryShow: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('registry show', args);
  const [name] = positionals('registry show', rest, ['NAME']) as [string];
  const result = await (await client()).call('registry.show', {
    name,
    ...(values.registry !== undefined ? { registry: values.registry } : {}),
    ...(values.version !== undefined ? { version: values.version } : {}),
  });
  if (values.json) writeJson(io, result);
  else printShow(io, result);
  return EXIT.OK;
};

/** --input NAME=VALUE, each once. */
function parseInputs(raw: readonly string[] | undefined, command: string): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const item of raw ?? []) {
    const at = item.indexOf('=');
    if (at <= 0) throw new UsageError(`--input takes NAME=VALUE, got "${item}"`, command);
    const key = item.slice(0, at);
    if (Object.hasOwn(inputs, key)) throw new UsageError(`--input ${key} is given twice`, command);
    inputs[key] = item.slice(at + 1);
  }
  return inputs;
}

/** --secret-stdin NAME: the value from stdin, into `inputs`; the name, or undefined when not given. */
async function readSecretInput(io: CliIo, name: string | undefined, inputs: Record<string, string>, command: string): Promise<string | undefined> {
  if (name === undefined) return undefined;
  if (Object.hasOwn(inputs, name)) throw new UsageError(`${name} is given by --input and --secret-stdin`, command);
  // The newline `echo` or a terminal adds is not part of the value.
  const secret = (await readTextInput(io, '-')).text.replace(/\r?\n$/, '');
  if (!secret) throw new UsageError(`--secret-stdin read no value for ${name} from stdin`, command);
  inputs[name] = secret;
  return name;
}

/**
 * Calls `attempt` until no required input is missing: a missing one is asked at a terminal (a
 * secret one without echo); elsewhere, or when the question gets no answer, it is exit code 2,
 * naming it and the flag.
 */
async function withInputs<T>(io: CliIo, command: string, inputs: Record<string, string>, isSecret: (key: string) => boolean, attempt: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      const missing = err instanceof AppError ? errorData(err, 'REGISTRY_INPUT_REQUIRED') : undefined;
      if (!missing) throw err;
      const secret = missing.secret === true || isSecret(missing.input);
      const how = secret ? `--secret-stdin ${missing.input}` : `--input ${missing.input}=VALUE`;
      const answer = io.interactive ? await io.terminal?.ask(secret ? `${missing.input} (not shown as you type): ` : `${missing.input}: `, io.signal, { hidden: secret }) : undefined;
      if (!answer) throw new UsageError(`"${inlineSafe(missing.name)}" needs a value for ${missing.input}: pass ${how}`, command);
      inputs[missing.input] = answer;
    }
  }
}

/** The person's yes: from the controlling terminal when stdin carried a secret, else from stdin. */
const accepted = async (io: CliIo, question: string, stdinUsed: boolean) => (stdinUsed ? (await confirmOnTerminal(io, question)) === true : confirm(io, question));

export const registryInstall: Command = async ({ io, args, client }) => {
  const command = 'registry install';
  const { values, positionals: rest } = parseFlags(command, args);
  const [name] = positionals(command, rest, ['NAME']) as [string];
  if (values.package !== undefined && values.remote !== undefined) throw new UsageError('Give --package or --remote, not both', command);
  const inputs = parseInputs(values.input, command);
  const app = await client();
  const registry = values.registry !== undefined ? { registry: values.registry } : {};
  const version = values.version !== undefined ? { version: values.version } : {};
  // A secret on the command line stays in shell history and the process list: refused, as --key is elsewhere.
  const shown = await app.call('registry.show', { name, ...registry, ...version });
  const secretKeys = new Set(shown.options.flatMap((o) => o.inputs.filter((i) => i.isSecret).map((i) => i.key)));
  const onCommandLine = Object.keys(inputs).find((key) => secretKeys.has(key));
  if (onCommandLine !== undefined) throw new UsageError(`${onCommandLine} is secret: pipe it in with --secret-stdin ${onCommandLine} instead of --input`, command);
  const secretName = await readSecretInput(io, values['secret-stdin'], inputs, command);
  const request = {
    name,
    ...registry,
    ...version,
    ...(values.package !== undefined ? { package: optionRef(values.package) } : {}),
    ...(values.remote !== undefined ? { remote: optionRef(values.remote) } : {}),
    ...(values.name !== undefined ? { serverName: values.name } : {}),
  };
  const result = await withInputs(io, command, inputs, (key) => secretKeys.has(key), () => app.call('registry.install', { ...request, inputs }));
  const { review, flags, serverId } = result;
  if (!values.json) {
    printReview(io, review);
    for (const flag of flags) io.stderr.write(`${flagLine(flag)}\n`);
  }
  const riskAcknowledged = values['allow-risky-env'] === true;
  let activated = false;
  if (review.risky && !riskAcknowledged) {
    io.stderr.write(`Saved "${inlineSafe(review.name)}" inactive: ${riskyNames(review).join(', ')} change which code runs; turn it on with "elftia-mcp servers activate" and --allow-risky-env.\n`);
  } else if (values.yes || (io.interactive && (await accepted(io, `Turn on "${inlineSafe(review.name)}"?`, secretName !== undefined)))) {
    // The token ties the acceptance to what was shown: a record changed since is refused.
    await app.call('mcp.activate', { id: serverId, reviewToken: review.reviewToken, ...(review.risky ? { riskAcknowledged } : {}) });
    activated = true;
  } else {
    io.stderr.write(`Saved "${inlineSafe(review.name)}" inactive; turn it on with "elftia-mcp servers activate".\n`);
  }
  if (values.json) writeJson(io, { ...result, activated });
  else if (activated) io.stdout.write(`Installed and turned on "${inlineSafe(review.name)}" (${inlineSafe(result.origin.name)} ${inlineSafe(result.origin.version)})\n`);
  return EXIT.OK;
};

export const registryUpdates: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('registry updates', args);
  positionals('registry updates', rest, []);
  const updates = await (await client()).call('registry.updates', {});
  if (values.json) {
    writeJson(io, updates);
    return EXIT.OK;
  }
  const rows = updates.map((u) => [inlineSafe(u.serverName), inlineSafe(u.origin.name), inlineSafe(u.origin.version), u.latest ? inlineSafe(u.latest) : `? ${u.error?.code ?? ''}`, u.updateAvailable ? 'update' : '']);
  io.stdout.write(rows.length ? `${table(['SERVER', 'ENTRY', 'INSTALLED', 'LATEST', ''], rows)}\n` : 'No server was installed from a registry.\n');
  for (const u of updates) if (u.updateAvailable) io.stderr.write(`Update: elftia-mcp registry update ${shellWord(inlineSafe(u.serverName))}\n`);
  return EXIT.OK;
};

export const registryUpdate: Command = async ({ io, args, client }) => {
  const command = 'registry update';
  const { values, positionals: rest } = parseFlags(command, args);
  const [ref] = positionals(command, rest, ['NAME|ID']) as [string];
  const inputs = parseInputs(values.input, command);
  const onCommandLine = Object.keys(inputs);
  const app = await client();
  const { id } = await resolveServer(app, ref);
  const secretName = await readSecretInput(io, values['secret-stdin'], inputs, command);
  const request = { id, ...(values.version !== undefined ? { version: values.version } : {}) };
  // Nothing is written by this call: it is the review of the record the update would write.
  const preview = await withInputs(io, command, inputs, () => false, () => app.call('registry.update', { ...request, inputs }));
  const secretGiven = onCommandLine.find((key) => preview.inputs.some((input) => input.key === key && input.isSecret));
  if (secretGiven !== undefined) throw new UsageError(`${secretGiven} is secret: pipe it in with --secret-stdin ${secretGiven} instead of --input`, command);
  const { review, flags, previousVersion: from, origin } = preview;
  const name = inlineSafe(review.name);
  if (from === origin.version && Object.keys(inputs).length === 0) {
    if (values.json) writeJson(io, { ...preview, applied: false });
    else io.stdout.write(`"${name}" already runs ${inlineSafe(from)}.\n`);
    return EXIT.OK;
  }
  if (!values.json) {
    printReview(io, review);
    for (const flag of flags) io.stderr.write(`${flagLine(flag)}\n`);
    io.stderr.write(`From ${inlineSafe(from)} to ${inlineSafe(origin.version)}.\n`);
  }
  const riskAcknowledged = values['allow-risky-env'] === true;
  let applied = false;
  if (review.risky && !riskAcknowledged) {
    io.stderr.write(`Not updated: ${riskyNames(review).join(', ')} change which code runs; accept that with --allow-risky-env. "${name}" runs ${inlineSafe(from)} as before.\n`);
  } else if (values.yes || (io.interactive && (await accepted(io, `Update "${name}" to ${inlineSafe(origin.version)}?`, secretName !== undefined)))) {
    // The token ties the acceptance to what was shown: a registry or record changed since is refused.
    await app.call('registry.update', { ...request, inputs, reviewToken: review.reviewToken, ...(review.risky ? { riskAcknowledged } : {}) });
    applied = true;
  } else {
    io.stderr.write(`Not updated; "${name}" runs ${inlineSafe(from)} as before (--yes accepts the review).\n`);
  }
  if (values.json) writeJson(io, { ...preview, applied });
  else if (applied) io.stdout.write(`Updated "${name}" from ${inlineSafe(from)} to ${inlineSafe(origin.version)}\n`);
  return EXIT.OK;
};

/** `registry registries --add/--remove/--enable/--disable`: the settings after one change, or a usage error naming the flag. */
function changeRegistries(settings: RegistrySettings, registries: readonly RegistrySource[], values: Record<string, unknown>, command: string): RegistrySettings {
  const str = (flag: string) => {
    const value = values[flag];
    return typeof value === 'string' ? value : undefined;
  };
  const find = (flag: string, id: string) => {
    if (!registries.some((r) => r.id === id)) throw new UsageError(`${flag}: no registry ${inlineSafe(id)} (there are ${registries.map((r) => r.id).join(', ')})`, command);
  };
  const add = str('add');
  if (add !== undefined) {
    const name = str('name')?.trim();
    if (!name) throw new UsageError('--add URL needs --name NAME', command);
    if (!RegistrySourceSchema.shape.url.safeParse(add).success) throw new UsageError(`--add: "${inlineSafe(add)}" is not an http(s) URL`, command);
    const id = str('id') ?? (name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64) || 'registry');
    if (registries.some((r) => r.id === id)) throw new UsageError(`--id: a registry ${inlineSafe(id)} exists already${str('id') === undefined ? '; choose another with --id ID' : ''}`, command);
    return { ...settings, others: [...settings.others, { id, name, url: add, enabled: true }] };
  }
  const remove = str('remove');
  if (remove !== undefined) {
    if (remove === OFFICIAL_REGISTRY_ID) throw new UsageError(`--remove: the official registry cannot be removed; switch it off with --disable ${OFFICIAL_REGISTRY_ID}`, command);
    find('--remove', remove);
    return { ...settings, others: settings.others.filter((r) => r.id !== remove) };
  }
  const [flag, id, enabled] = str('enable') !== undefined ? ['--enable', str('enable')!, true] : ['--disable', str('disable')!, false];
  if (id === OFFICIAL_REGISTRY_ID) return { ...settings, officialEnabled: enabled };
  find(flag, id);
  return { ...settings, others: settings.others.map((r) => (r.id === id ? { ...r, enabled } : r)) };
}

const REGISTRY_ACTIONS = ['add', 'remove', 'enable', 'disable'] as const;

export const registryRegistries: Command = async ({ io, args, client }) => {
  const command = 'registry registries';
  const { values, positionals: rest } = parseFlags(command, args);
  positionals(command, rest, []);
  const actions = REGISTRY_ACTIONS.filter((action) => values[action] !== undefined);
  if (actions.length > 1) throw new UsageError(`Give one of --add, --remove, --enable, --disable, not ${actions.map((a) => `--${a}`).join(' and ')}`, command);
  if (actions[0] !== 'add' && (values.name !== undefined || values.id !== undefined)) throw new UsageError('--name and --id go with --add', command);
  const app = await client();
  let listed = await app.call('registry.list', {});
  if (actions.length) {
    const next = changeRegistries(listed.settings, listed.registries, values, command);
    // The host checks again (another process may have added the same URL meanwhile): its field issues name the flag.
    listed = await app.call('registry.save', next).catch(nameFlags({ [`others.${next.others.length - 1}.url`]: '--add', [`others.${next.others.length - 1}.id`]: '--id' }));
  }
  if (values.json) {
    writeJson(io, listed);
    return EXIT.OK;
  }
  const rows = listed.registries.map((r) => [inlineSafe(r.id), inlineSafe(r.name), inlineSafe(r.url), r.enabled ? 'yes' : 'no']);
  io.stdout.write(`${table(['ID', 'NAME', 'URL', 'ENABLED'], rows)}\n`);
  return EXIT.OK;
};
