/**
 * `registry search|show|install|updates`: MCP registries from a terminal, through the registry.*
 * routes. Install shows the same activation review as an install link (links.ts's printReview)
 * plus what the entry adds to it, and turns the server on only when the review is accepted (--yes,
 * or y at a terminal). Secret inputs come from stdin (--secret-stdin), never the command line.
 */
import type { RegistryInputField, RegistryReviewFlag, RegistryShowResult } from '../../../shared/contracts/registry';
import { errorData } from '../../../shared/errorData';
import { AppError } from '../../../shared/errors';
import { cutText } from '../../../shared/limits';
import { inlineSafe } from '../../../shared/text/visibleControls';
import { riskyNames } from '../../../main/services/capabilities/tools/mcp-users/common/activationReview';
import { confirm, confirmOnTerminal, EXIT, positionals, readTextInput, UsageError, writeJson, type CliIo, type Command } from '../cliKit';
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
function parseInputs(raw: readonly string[] | undefined): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const item of raw ?? []) {
    const at = item.indexOf('=');
    if (at <= 0) throw new UsageError(`--input takes NAME=VALUE, got "${item}"`, 'registry install');
    const key = item.slice(0, at);
    if (Object.hasOwn(inputs, key)) throw new UsageError(`--input ${key} is given twice`, 'registry install');
    inputs[key] = item.slice(at + 1);
  }
  return inputs;
}

/** The person's yes: from the controlling terminal when stdin carried a secret, else from stdin. */
const accepted = async (io: CliIo, question: string, stdinUsed: boolean) => (stdinUsed ? (await confirmOnTerminal(io, question)) === true : confirm(io, question));

export const registryInstall: Command = async ({ io, args, client }) => {
  const command = 'registry install';
  const { values, positionals: rest } = parseFlags(command, args);
  const [name] = positionals(command, rest, ['NAME']) as [string];
  if (values.package !== undefined && values.remote !== undefined) throw new UsageError('Give --package or --remote, not both', command);
  const inputs = parseInputs(values.input);
  const app = await client();
  const registry = values.registry !== undefined ? { registry: values.registry } : {};
  const version = values.version !== undefined ? { version: values.version } : {};
  // A secret on the command line stays in shell history and the process list: refused, as --key is elsewhere.
  const shown = await app.call('registry.show', { name, ...registry, ...version });
  const secretKeys = new Set(shown.options.flatMap((o) => o.inputs.filter((i) => i.isSecret).map((i) => i.key)));
  const onCommandLine = Object.keys(inputs).find((key) => secretKeys.has(key));
  if (onCommandLine !== undefined) throw new UsageError(`${onCommandLine} is secret: pipe it in with --secret-stdin ${onCommandLine} instead of --input`, command);
  const secretName = values['secret-stdin'];
  if (secretName !== undefined) {
    if (Object.hasOwn(inputs, secretName)) throw new UsageError(`${secretName} is given by --input and --secret-stdin`, command);
    // The newline `echo` or a terminal adds is not part of the value.
    const secret = (await readTextInput(io, '-')).text.replace(/\r?\n$/, '');
    if (!secret) throw new UsageError(`--secret-stdin read no value for ${secretName} from stdin`, command);
    inputs[secretName] = secret;
  }
  const request = {
    name,
    ...registry,
    ...version,
    ...(values.package !== undefined ? { package: optionRef(values.package) } : {}),
    ...(values.remote !== undefined ? { remote: optionRef(values.remote) } : {}),
    ...(values.name !== undefined ? { serverName: values.name } : {}),
  };
  let result;
  for (;;) {
    try {
      result = await app.call('registry.install', { ...request, inputs });
      break;
    } catch (err) {
      const missing = err instanceof AppError ? errorData(err, 'REGISTRY_INPUT_REQUIRED') : undefined;
      if (!missing) throw err;
      const how = secretKeys.has(missing.input) ? `--secret-stdin ${missing.input}` : `--input ${missing.input}=VALUE`;
      // Asked at a terminal (not for a secret: the answer would be shown as typed); elsewhere exit code 2, naming it.
      const answer = io.interactive && !secretKeys.has(missing.input) ? await io.terminal?.ask(`${missing.input}: `, io.signal) : undefined;
      if (!answer) throw new UsageError(`"${inlineSafe(missing.name)}" needs a value for ${missing.input}: pass ${how}`, command);
      inputs[missing.input] = answer;
    }
  }
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
  return EXIT.OK;
};
