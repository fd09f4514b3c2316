/**
 * `providers list|set|remove`: LLM provider settings, through the router. A key is read from
 * stdin only (`--key-stdin`): on the command line it would land in shell history and in every
 * process listing on the machine.
 */
import { LLM_PROVIDERS, LlmProviderIdSchema, type ApplyProviderKeyResult, type LlmProvider, type LlmProviderId } from '../../../shared/contracts/providers';
import { confirmOnTerminal, EXIT, nameFlags, positionals, readTextInput, UsageError, writeJson, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';
import { table } from '../format';

const FLAG_OF_FIELD = { id: 'ID', name: '--name', baseUrl: '--base-url', apiKey: 'the key on stdin' } as const;

const summary = (p: LlmProvider) => `${p.name}, ${p.baseUrl ?? 'no base URL'}, ${p.hasKey ? `key ${p.keyMask}` : 'no key'}`;

/** The ID, checked here only to point a typo at the list of ids; the router checks it again. */
function providerId(command: string, given: string[]) {
  const [id] = positionals(command, given, ['ID']) as [string];
  const parsed = LlmProviderIdSchema.safeParse(id);
  if (!parsed.success) throw new UsageError(`Unknown provider "${id}"; one of: ${LlmProviderIdSchema.options.join(', ')}`, command);
  return parsed.data;
}

export const providersList: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('providers list', args);
  positionals('providers list', rest, []);
  const providers = await (await client()).call('providers.list', {});
  if (values.json) {
    writeJson(io, providers);
    return EXIT.OK;
  }
  const rows = providers.map((p) => [p.id, p.name, p.hasKey ? (p.keyMask ?? '') : '-', p.baseUrl ?? '-']);
  io.stdout.write(`${table(['ID', 'NAME', 'KEY', 'BASE URL'], rows)}\n`);
  return EXIT.OK;
};

export const providersSet: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('providers set', args);
  const id = providerId('providers set', rest);
  if (values['update-servers'] && values['no-update-servers']) {
    throw new UsageError('--update-servers and --no-update-servers: give one, not both', 'providers set');
  }
  if (values.name === undefined && values['base-url'] === undefined && !values['key-stdin']) {
    throw new UsageError('Nothing to set: give --name, --base-url or --key-stdin', 'providers set');
  }
  let apiKey: string | undefined;
  if (values['key-stdin']) {
    // The newline `echo` or a terminal adds is not part of the key.
    apiKey = (await readTextInput(io, '-')).text.trim();
    if (!apiKey) throw new UsageError('--key-stdin read no key from stdin', 'providers set');
  }
  const baseUrl = values['base-url'];
  const app = await client();
  const saved = await app
    .call('providers.set', {
      id,
      ...(values.name !== undefined ? { name: values.name } : {}),
      // An empty --base-url goes back to the provider's default.
      ...(baseUrl !== undefined ? { baseUrl: baseUrl.trim() === '' ? null : baseUrl } : {}),
      ...(apiKey !== undefined ? { apiKey } : {}),
    })
    .catch(nameFlags(FLAG_OF_FIELD));
  io.stdout.write(`Saved ${saved.id}: ${summary(saved)}\n`);
  if (apiKey === undefined) return EXIT.OK;
  // Servers installed with this provider's key follow it, once the person agrees.
  const linked = await app.call('providers.linked_servers', { id });
  if (linked.length === 0) return EXIT.OK;
  const names = linked.map((s) => s.name).join(', ');
  const flag = values['update-servers'] ? true : values['no-update-servers'] ? false : undefined;
  // The key came on stdin, so the answer cannot: it is read from the terminal itself.
  const update = flag ?? (await confirmOnTerminal(io, `${linked.length} server(s) use this provider's key: ${names}. Update them now?`));
  if (update === undefined) {
    io.stderr.write(`note: no terminal to ask whether to update the servers that use ${id}'s key, so they were left as they are (--update-servers or --no-update-servers decides without asking).\n`);
  }
  if (!update) {
    io.stderr.write(`note: ${linked.length} server(s) still use the old key of ${id}: ${names}. Run "elftia-mcp providers apply-key ${id}" to update them.\n`);
    return EXIT.OK;
  }
  return reportApplied(io, id, await app.call('providers.apply_key', { id }));
};

const providerName = (id: LlmProviderId) => LLM_PROVIDERS.find((p) => p.id === id)?.name ?? id;

function reportApplied(io: Parameters<Command>[0]['io'], id: LlmProviderId, result: ApplyProviderKeyResult): number {
  for (const s of result.updated) io.stdout.write(`Updated ${s.name}: it uses your ${providerName(id)} key\n`);
  for (const s of result.skipped) io.stderr.write(`Skipped ${s.name}: ${s.reason}\n`);
  return result.skipped.length > 0 ? EXIT.FAILURE : EXIT.OK;
}

export const providersApplyKey: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('providers apply-key', args);
  const id = providerId('providers apply-key', rest);
  const result = await (await client()).call('providers.apply_key', { id });
  if (values.json) {
    writeJson(io, result);
    return result.skipped.length > 0 ? EXIT.FAILURE : EXIT.OK;
  }
  if (result.updated.length === 0 && result.skipped.length === 0) {
    io.stdout.write(`No server uses the key of ${id}\n`);
    return EXIT.OK;
  }
  return reportApplied(io, id, result);
};

export const providersRemove: Command = async ({ io, args, client }) => {
  const { positionals: rest } = parseFlags('providers remove', args);
  const id = providerId('providers remove', rest);
  await (await client()).call('providers.remove', { id });
  io.stdout.write(`Removed the settings and key of ${id}\n`);
  return EXIT.OK;
};
