/**
 * `presets list` and `presets install ID`: the official presets from a terminal. A key is read
 * from stdin (`--key-stdin`) or taken from a saved provider (`--key-from`), never from the
 * command line, where shell history and the process list would keep it.
 */
import { LlmProviderIdSchema } from '../../../shared/contracts/providers';
import type { PresetInstallStep, PresetListItem } from '../../../shared/contracts/presets';
import { OfficialMcpPresetCategorySchema, presetTransport } from '../../../shared/mcp-presets';
import { EXIT, nameFlags, positionals, readTextInput, UsageError, writeJson, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';
import { table } from '../format';
import { presetDescription } from '../presetTexts';

const FLAG_OF_FIELD = { presetId: 'ID', apiKey: 'the key on stdin', keyFrom: '--key-from', directories: '--dir', category: '--category' } as const;

/** needed: a key is required and none is saved; linked: a saved provider key would be used; none: works without. */
function keyColumn({ preset, keyAvailableFrom }: PresetListItem): string {
  if (keyAvailableFrom) return `linked (${keyAvailableFrom})`;
  return preset.requiresApiKey ? 'needed' : 'none';
}

export const presetsList: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('presets list', args);
  positionals('presets list', rest, []);
  const category = values.category === undefined ? undefined : OfficialMcpPresetCategorySchema.safeParse(values.category);
  if (category && !category.success) {
    throw new UsageError(`Unknown category "${values.category}"; one of: ${OfficialMcpPresetCategorySchema.options.join(', ')}`, 'presets list');
  }
  const items = await (await client()).call('presets.list', category ? { category: category.data } : {});
  if (values.json) {
    // The description as the app shows it in English, not its i18n key.
    writeJson(io, items.map((item) => ({ ...item, preset: { ...item.preset, description: presetDescription(item.preset.id) } })));
    return EXIT.OK;
  }
  const rows = items.map((item) => [
    item.preset.id,
    item.preset.name + (item.installed ? ' (installed)' : ''),
    item.preset.category,
    presetTransport(item.preset),
    keyColumn(item),
  ]);
  io.stdout.write(`${table(['ID', 'NAME', 'CATEGORY', 'TRANSPORT', 'KEY'], rows)}\n`);
  return EXIT.OK;
};

const MARK: Record<PresetInstallStep['status'], string> = { done: 'ok', skipped: '--', failed: 'FAILED' };

const stepLine = (s: PresetInstallStep) => `${s.step}: ${MARK[s.status]} ${s.message}${s.fix ? `\n  fix: ${s.fix}` : ''}\n`;

export const presetsInstall: Command = async ({ io, args, client }) => {
  const { values, positionals: rest } = parseFlags('presets install', args);
  const [presetId] = positionals('presets install', rest, ['ID']) as [string];
  if (values['key-stdin'] && values['key-from'] !== undefined) throw new UsageError('Give --key-stdin or --key-from, not both', 'presets install');
  const keyFrom = values['key-from'] === undefined ? undefined : LlmProviderIdSchema.safeParse(values['key-from']);
  if (keyFrom && !keyFrom.success) {
    throw new UsageError(`Unknown provider "${values['key-from']}"; one of: ${LlmProviderIdSchema.options.join(', ')}`, 'presets install');
  }
  let apiKey: string | undefined;
  if (values['key-stdin']) {
    // The newline `echo` or a terminal adds is not part of the key.
    apiKey = (await readTextInput(io, '-')).text.trim();
    if (!apiKey) throw new UsageError('--key-stdin read no key from stdin', 'presets install');
  }
  const app = await client();
  // Steps go to stderr as they end, so stdout stays the result alone (JSON with --json).
  const stop = app.on('presets.install_progress', (p) => {
    if (p.presetId === presetId) io.stderr.write(stepLine(p.step));
  });
  const result = await app
    .call('presets.install', {
      presetId,
      ...(apiKey !== undefined && { apiKey }),
      ...(keyFrom && { keyFrom: keyFrom.data }),
      ...(values.dir && { directories: values.dir }),
    })
    .catch(nameFlags(FLAG_OF_FIELD))
    .finally(stop);
  if (values.json) writeJson(io, result);
  else if (result.ok) io.stdout.write(`Installed ${result.server.name} with ${result.tools.length} tool(s)\n`);
  else io.stdout.write(`Added ${result.server.name}, but it is not working yet: see the failed step above\n`);
  return result.ok ? EXIT.OK : EXIT.FAILURE;
};
