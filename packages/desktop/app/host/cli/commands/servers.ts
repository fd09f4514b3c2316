/** `servers list|add|update|enable|disable|import|remove|test`: the server records, through the router. */
import { readFileSync } from 'node:fs';
import { pkcs8KeyFor } from '../../../main/services/capabilities/tools/mcp-users/auth/clientCredentials';
import { OAUTH_GRANTS, OAUTH_SIGNING_ALGS, type OAuthSigningAlg } from '../../../shared/oauthClient';
import { LLM_PROVIDERS } from '../../../shared/contracts/providers';
import type { McpLastSeen, McpServerConfig, McpServerInput, McpServerRecord, McpServerTransport, McpTestResult } from '../../../shared/contracts/mcp-types';
import { DUPLICATE_ACTIONS, LOCAL_CONFIG_SOURCES, type LocalConfigSource, type McpImportPreviewEntry } from '../../../shared/contracts/mcp-import';
import { AppError } from '../../../shared/errors';
import { shellLine } from '../../../shared/text/commandLine';
import { serverInfoLabel } from '../../../shared/text/serverInfoLabel';
import { listWords, TRANSPORTS } from '../../../shared/transports';
import {
  EXIT,
  installHint,
  nameFlags,
  npxCacheHint,
  parseSeconds,
  positionals,
  readTextInput,
  resolveServer,
  UsageError,
  writeJson,
  type CliIo,
  type Command,
  type CommandContext,
} from '../cliKit';
import { parseFlags } from '../commandTable';
import { describeTarget, localTime, redactServer, table } from '../format';
import { authHint } from './auth';
import { checkFlagsApply, FLAG_OF_FIELD, parseType, SERVER_FLAGS, type ServerFlags } from '../serverFlags';

export const serversList: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('servers list', args);
  positionals('servers list', rest, []);
  const app = await client();
  const servers = await app.call('mcp.list', {});
  // Never connects: what the app (or an earlier command) last saw of each server.
  const seen = new Map((await app.call('mcp.last_seen', {})).map((entry) => [entry.serverId, entry]));
  if (values.json) {
    writeJson(
      io,
      servers.map((s) => {
        const { serverId: _id, ...lastSeen } = seen.get(s.id) ?? { serverId: s.id };
        return { ...redactServer(s), ...(Object.keys(lastSeen).length > 0 && { lastSeen }) };
      }),
    );
    return EXIT.OK;
  }
  if (servers.length === 0) {
    io.stdout.write('No MCP servers configured. Add one with "elftia-mcp servers add" or "elftia-mcp servers import".\n');
    return EXIT.OK;
  }
  // A server whose key follows a provider says so, e.g. "uses your Z.AI key".
  const keyNote = (s: (typeof servers)[number]) => (s.keyLink ? ` (uses your ${LLM_PROVIDERS.find((p) => p.id === s.keyLink!.providerId)?.name ?? s.keyLink.providerId} key)` : '');
  const rows = servers.map((s) => [s.name, s.type, s.isActive ? 'yes' : 'no', s.id, `${describeTarget(s)}${keyNote(s)}`]);
  io.stdout.write(`${table(['NAME', 'TYPE', 'ACTIVE', 'ID', 'TARGET'], rows)}\n`);
  const seenRows = servers.flatMap((s) => {
    const entry = seen.get(s.id);
    return entry ? [[s.name, seenTools(s, entry), lastConnect(entry)]] : [];
  });
  if (seenRows.length) io.stdout.write(`\nLast seen (servers start only when something needs them):\n${table(['NAME', 'TOOLS', 'LAST CONNECT'], seenRows)}\n`);
  return EXIT.OK;
};

/** "12, listed 2026-12-03 14:02:11" (enabled tools, as the record's switches count them now). */
function seenTools(server: McpServerRecord, { tools }: McpLastSeen): string {
  if (!tools) return '-';
  const enabled = tools.list.filter((tool) => !server.disabledTools.includes(tool.name)).length;
  return `${enabled}, listed ${localTime(tools.at)}`;
}

/** "ok 2026-12-03 14:02:11", or the failure with how many in a row and, while the app runs, until when it leaves the server alone. */
function lastConnect({ outcome }: McpLastSeen): string {
  if (!outcome) return '-';
  if (outcome.ok) return `ok ${localTime(outcome.at)}`;
  const retry = outcome.retryAt !== undefined && outcome.retryAt > Date.now() ? `; the app starts it again only when needed, not before ${localTime(outcome.retryAt)}` : '';
  return `failed ${localTime(outcome.at)} (${outcome.attempts} in a row${retry}): ${outcome.code}: ${outcome.message}`;
}

/** mcp.update's input nests the same fields under `updates`; the merged record is checked unnested. */
const FLAG_OF_UPDATE_FIELD = {
  ...FLAG_OF_FIELD,
  ...Object.fromEntries(Object.entries(FLAG_OF_FIELD).map(([field, flag]) => [`updates.${field}`, flag])),
};

/** The config fields the given flags set, and only those. */
function configFromFlags(command: string, values: ServerFlags): McpServerConfig {
  const timeoutMs = parseSeconds(values.timeout, command);
  return {
    ...(values.command !== undefined && { command: values.command }),
    ...(values.arg && { args: values.arg }),
    ...(values.env && { env: pairs(command, values.env, '=', '--env', 'K=V') }),
    ...(values.url !== undefined && { url: values.url }),
    ...(values.header && { headers: pairs(command, values.header, ':', '--header', '"K: V"') }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(values['ws-protocol'] !== undefined && { wsProtocol: values['ws-protocol'] }),
  };
}

/**
 * `config.oauth` from the --oauth-* flags, which together describe the whole client. The secret
 * is read from stdin and the private key from a file (a flag value would sit in the shell history
 * and the process list). Undefined when no such flag is given.
 */
async function oauthFromFlags(command: string, values: ServerFlags, io: CliIo, type: McpServerTransport): Promise<McpServerConfig['oauth']> {
  const clientId = values['oauth-client-id'];
  const secretFromStdin = values['oauth-client-secret-stdin'];
  const keyFile = values['oauth-private-key-file'];
  const grant = oneOf(command, '--oauth-grant', values['oauth-grant'], OAUTH_GRANTS);
  const signingAlg = oneOf(command, '--oauth-signing-alg', values['oauth-signing-alg'], OAUTH_SIGNING_ALGS);
  const given = ['oauth-client-secret-stdin', 'oauth-grant', 'oauth-private-key-file', 'oauth-signing-alg'].filter((flag) => values[flag as keyof ServerFlags] !== undefined);
  if (clientId === undefined && given.length === 0) return undefined;
  // A sign-in client means nothing to a transport that never signs in (the transport table says which do).
  if (!TRANSPORTS.get(type).signIn) throw new UsageError(`--oauth-client-id applies only to ${listWords(TRANSPORTS.signInTypes)} servers, not --type ${type}`, command);
  if (clientId === undefined || !clientId.trim()) throw new UsageError(`--${given[0] ?? 'oauth-client-secret-stdin'} needs --oauth-client-id`, command);
  const oauth: NonNullable<McpServerConfig['oauth']> = { clientId: clientId.trim(), ...(grant && { grant }), ...(signingAlg && { signingAlg }) };
  if (secretFromStdin) {
    const { text } = await readTextInput(io, undefined);
    const clientSecret = text.split(/\r?\n/)[0]?.trim();
    if (!clientSecret) throw new UsageError('--oauth-client-secret-stdin: stdin was empty', command);
    oauth.clientSecret = clientSecret;
  }
  if (keyFile !== undefined) oauth.privateKey = readPrivateKey(command, keyFile, signingAlg);
  return oauth;
}

function oneOf<T extends string>(command: string, flag: string, raw: string | undefined, allowed: readonly T[]): T | undefined {
  if (raw === undefined || (allowed as readonly string[]).includes(raw)) return raw as T | undefined;
  throw new UsageError(`${flag} must be one of ${allowed.join(', ')}; got "${raw}"`, command);
}

/** The PEM file's text, checked against the algorithm now so a wrong key is named here rather than by the token endpoint later. */
function readPrivateKey(command: string, file: string, signingAlg: OAuthSigningAlg | undefined): string {
  let pem: string;
  try {
    pem = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`--oauth-private-key-file: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, command);
  }
  if (!signingAlg) throw new UsageError(`--oauth-private-key-file needs --oauth-signing-alg ${OAUTH_SIGNING_ALGS.join('|')}`, command);
  try {
    pkcs8KeyFor(pem, signingAlg);
  } catch (err) {
    throw new UsageError(`--oauth-private-key-file ${file}: ${(err as Error).message}`, command);
  }
  return pem.trim();
}

function printSaved(io: CliIo, server: McpServerRecord, verb: string, json: boolean | undefined): void {
  if (json) writeJson(io, redactServer(server));
  else io.stdout.write(`${verb} "${server.name}" (${server.type}, id ${server.id})${server.isActive ? '' : ', inactive'}\n`);
}

export const serversAdd: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('servers add', args);
  positionals('servers add', rest, []);
  const type = parseType('servers add', values.type, TRANSPORTS);
  checkFlagsApply('servers add', type, values, TRANSPORTS);
  const oauth = await oauthFromFlags('servers add', values, io, type);
  const config = { ...configFromFlags('servers add', values), ...(oauth && { oauth }) };
  const input: McpServerInput = { name: values.name, type, config, isActive: !values.inactive };
  const { server } = await (await client()).call('mcp.add', input).catch(nameFlags(FLAG_OF_FIELD));
  if (!server) throw new Error('mcp.add returned no server');
  printSaved(io, server, 'Added', values.json);
  return EXIT.OK;
};

const UPDATABLE = Object.keys(SERVER_FLAGS) as Array<keyof ServerFlags>;

/**
 * `servers update NAME --flag …`: changes exactly the fields the flags set. A repeatable flag
 * (--arg, --env, --header) replaces that whole list; config fields not named are kept.
 */
export const serversUpdate: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('servers update', args);
  const [ref] = positionals('servers update', rest, ['NAME']) as [string];
  if (!UPDATABLE.some((flag) => values[flag] !== undefined)) {
    throw new UsageError(`nothing to update: give at least one of ${UPDATABLE.map((flag) => `--${flag}`).join(', ')}`, 'servers update');
  }
  const type = values.type === undefined ? undefined : parseType('servers update', values.type, TRANSPORTS);
  const config = configFromFlags('servers update', values);
  const app = await client();
  const current = await resolveServer(app, ref);
  checkFlagsApply('servers update', type ?? current.type, values, TRANSPORTS);
  const oauth = await oauthFromFlags('servers update', values, io, type ?? current.type);
  if (oauth) config.oauth = oauth;
  const updates = {
    ...(values.name !== undefined && { name: values.name }),
    ...(type !== undefined && { type }),
    // The route replaces the config as a whole, so the fields not named come from the record.
    ...(Object.keys(config).length > 0 && { config: { ...current.config, ...config } }),
  };
  const { server } = await app.call('mcp.update', { id: current.id, updates }).catch(nameFlags(FLAG_OF_UPDATE_FIELD));
  if (!server) throw new Error('mcp.update returned no server');
  printSaved(io, server, 'Updated', values.json);
  return EXIT.OK;
};

/** `servers enable|disable NAME`: isActive and nothing else (the app connects only to active servers). */
const setActive =
  (isActive: boolean): Command =>
  async ({ io, args, client }) => {
    const command = isActive ? 'servers enable' : 'servers disable';
    const { positionals: rest } = parseFlags(command, args);
    const [ref] = positionals(command, rest, ['NAME']) as [string];
    const app = await client();
    const current = await resolveServer(app, ref);
    await app.call('mcp.update', { id: current.id, updates: { isActive } });
    io.stdout.write(`${isActive ? 'Enabled' : 'Disabled'} "${current.name}"\n`);
    return EXIT.OK;
  };
export const serversEnable = setActive(true);
export const serversDisable = setActive(false);

/** `K=V` / `K: V` pairs into a map; the separator is the first occurrence, so values may contain it. */
function pairs(command: string, items: string[], separator: string, flag: string, shape: string): Record<string, string> {
  const map: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf(separator);
    const key = at === -1 ? '' : item.slice(0, at).trim();
    // The value is not echoed: it is usually the secret.
    if (!key) throw new UsageError(`${flag} expects ${shape}; got an entry without a key or "${separator}"`, command);
    map[key] = item.slice(at + 1).trim();
  }
  return map;
}

/** "stdio  npx -y pkg" / "http  https://h/mcp": what an entry would run or reach (secrets masked by the route). */
const previewTarget = (e: McpImportPreviewEntry) => (e.command !== undefined ? shellLine([e.command, ...(e.args ?? [])]) : (e.url ?? ''));

function printPreview(io: CliIo, entries: McpImportPreviewEntry[]): void {
  const rows = entries.map((e) => {
    const status = !e.ok
      ? `invalid: ${e.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ')}`
      : e.conflict
        ? `duplicate of "${e.conflict.name}" (rename suggests "${e.suggestedName ?? ''}")`
        : 'new';
    return [e.key, e.type ?? '-', previewTarget(e), status];
  });
  io.stdout.write(`${table(['NAME', 'TYPE', 'TARGET', 'STATUS'], rows)}
`);
}

const OUTCOME_VERB = { added: 'added   ', replaced: 'replaced', renamed: 'renamed ', skipped: 'skipped ' } as const;

/**
 * `servers import FILE|-|--from APP [--preview] [--on-duplicate skip|replace|rename]`: the app's
 * import dialog on the command line, through the same preview and import routes.
 */
export const serversImport: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('servers import', args);
  const onDuplicate = values['on-duplicate'];
  if (onDuplicate !== undefined && !isOneOf(DUPLICATE_ACTIONS, onDuplicate)) {
    throw new UsageError(`--on-duplicate must be ${listWords(DUPLICATE_ACTIONS, 'or')}`, 'servers import');
  }
  let input: { json: string } | { source: LocalConfigSource };
  if (values.from !== undefined) {
    if (!isOneOf(LOCAL_CONFIG_SOURCES, values.from)) throw new UsageError(`--from must be ${listWords(LOCAL_CONFIG_SOURCES, 'or')}`, 'servers import');
    positionals('servers import', rest, []);
    input = { source: values.from };
  } else {
    const [file] = positionals('servers import', rest, ['FILE (or - for stdin, or --from APP)']);
    input = { json: (await readTextInput(io, file)).text };
  }
  const app = await client();
  // A text that is not a server list is bad input, as a bad flag is.
  const asUsage = (err: unknown) => {
    if (err instanceof AppError && (err.code === 'IMPORT_INVALID_JSON' || err.code === 'IMPORT_NO_SERVERS')) throw new UsageError(err.message, 'servers import');
    throw err;
  };
  if (values.preview) {
    const { entries } = await app.call('mcp.import_preview', input).catch(asUsage);
    if (values.json) writeJson(io, { entries });
    else printPreview(io, entries);
    return entries.every((e) => e.ok) ? EXIT.OK : EXIT.FAILURE;
  }
  const { results } = await app.call('mcp.import', { ...input, ...(onDuplicate ? { onDuplicate } : {}) }).catch(asUsage);
  if (values.json) writeJson(io, { results });
  else {
    for (const r of results) {
      if (r.outcome === 'invalid') io.stderr.write(`error: "${r.key}" was not added: ${r.message ?? 'invalid entry'}\n`);
      else {
        const renamed = r.outcome === 'renamed' ? ` as "${r.name}"` : '';
        const note = r.message ?? (r.ignoredKeys ? `ignored unknown keys: ${r.ignoredKeys.join(', ')}` : '');
        io.stdout.write(`${OUTCOME_VERB[r.outcome]}"${r.key}"${renamed}${r.id ? ` (id ${r.id})` : ''}${note ? `: ${note}` : ''}\n`);
      }
    }
    const saved = results.filter((r) => r.outcome === 'added' || r.outcome === 'renamed' || r.outcome === 'replaced').length;
    io.stdout.write(`Imported ${saved} of ${results.length} servers\n`);
  }
  // A skipped duplicate is a failure only when nobody said what to do with duplicates.
  const failed = results.some((r) => r.outcome === 'invalid' || (r.outcome === 'skipped' && onDuplicate === undefined));
  return failed ? EXIT.FAILURE : EXIT.OK;
};

export const serversRemove: Command = async ({ io, args, client }) => {
  const { positionals: rest } = parseFlags('servers remove', args);
  const [ref] = positionals('servers remove', rest, ['NAME']) as [string];
  const app = await client();
  const server = await resolveServer(app, ref);
  await app.call('mcp.remove', { id: server.id });
  io.stdout.write(`Removed "${server.name}" (id ${server.id})\n`);
  return EXIT.OK;
};

export const serversTest: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('servers test', args);
  if (values.all) {
    positionals('servers test', rest, []);
    return testAll(io, await client(), values.json);
  }
  const [ref] = positionals('servers test', rest, ['NAME (or --all)']) as [string];
  const app = await client();
  const server = await resolveServer(app, ref);
  // npx fetching the package first can take minutes: say so rather than sit silent.
  const off = app.on('mcp.connection_state', (state) => {
    if (state.serverId === server.id && state.download) io.stderr.write(`npx is downloading ${state.download.package}@${state.download.version ?? 'latest'} before "${server.name}" starts…\n`);
  });
  const result = await app.call('mcp.test', { id: server.id }).finally(off);
  if (values.json) writeJson(io, result);
  else printTest(io, server.name, result);
  return result.success ? EXIT.OK : EXIT.FAILURE;
};

/** One test's outcome for a person: tools on success; on failure the error, then the line that fixes it when there is one. */
function printTest(io: CliIo, name: string, result: McpTestResult): void {
  if (result.success) {
    const label = serverInfoLabel(result.serverInfo);
    const info = label ? ` (${label})` : '';
    io.stdout.write(`OK  "${name}"${info}: ${result.tools.length} tools in ${Math.round(result.durationMs)} ms\n`);
    if (result.tools.length) io.stdout.write(`    ${result.tools.join(', ')}\n`);
  }
  for (const issue of result.invalidTools) io.stderr.write(`warning: skipped tool "${issue.name}": ${issue.message}\n`);
  if (!result.success) io.stderr.write(`error: ${result.error?.message ?? `Could not connect to "${name}"`}\n`);
  const hint = result.error && (installHint(result.error) ?? npxCacheHint(result.error) ?? authHint(result.error));
  if (hint) io.stderr.write(`${hint}\n`);
}

/** `servers test --all`, the list's "Check all": every active server, a few at a time (the pool's connect line). */
async function testAll(io: CliIo, app: Awaited<ReturnType<CommandContext['client']>>, json: boolean | undefined): Promise<number> {
  const results = await app.call('mcp.test_all', {});
  if (json) writeJson(io, results);
  else {
    for (const { name, result } of results) printTest(io, name, result);
    const failed = results.filter((r) => !r.result.success).length;
    io.stdout.write(`Checked ${results.length} active servers: ${results.length - failed} connected, ${failed} failed\n`);
  }
  return results.every((r) => r.result.success) ? EXIT.OK : EXIT.FAILURE;
}

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);
