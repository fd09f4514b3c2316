/**
 * One-click install through the router against a real stdio server: the key is linked from a
 * provider, reaches the server's environment, and never the plain config file.
 */
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_SERVERS } from '@fixtures/servers/paths';
import type { EventEnvelope } from '@shared/contracts/ipc';
import type { PresetInstallResult } from '@shared/contracts/presets';
import { OfficialMcpPresetSchema, presetDescriptionKey } from '@shared/mcp-presets';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { textOf } from '@desktop-testing/McpService.testkit';
import { fixtureEnvPresetFields } from '@desktop-testing/presetFixtures.testkit';

const KEY = 'sk-fixture-linked-key-4711';

const envPreset = OfficialMcpPresetSchema.parse(fixtureEnvPresetFields(presetDescriptionKey));

const missingCommandPreset = OfficialMcpPresetSchema.parse({
  ...envPreset,
  id: 'fixture-missing',
  name: 'Fixture Missing',
  description: presetDescriptionKey('fixture-missing'),
  command: 'elftia-no-such-command-here',
});

/** Takes no key, and its server exits before initialize: the connect step fails. */
const brokenNoKeyPreset = OfficialMcpPresetSchema.parse({
  ...envPreset,
  id: 'fixture-broken',
  name: 'Fixture Broken',
  description: presetDescriptionKey('fixture-broken'),
  args: [FIXTURE_SERVERS.exitAtStart],
  requiresApiKey: false,
  apiKeyEnvVar: undefined,
  linkedProviderIds: undefined,
});

describe('presets.install', () => {
  let services: TempServices;
  let progress: EventEnvelope[];
  beforeEach(() => {
    services = createTempServices(undefined, { presets: [envPreset, missingCommandPreset] });
    progress = [];
    services.onEvent((e) => {
      if (e.event === 'presets.install_progress') progress.push(e);
    });
  });
  afterEach(() => services.cleanup());

  const dispatch = (route: string, input: unknown) => services.router.dispatch(route, input);

  it('fails before adding anything when no linked provider has a key', async () => {
    const result = await dispatch('presets.install', { presetId: 'fixture-env' });
    expect(result).toMatchObject({ ok: false, error: { code: 'PRESET_KEY_REQUIRED', data: { linkedProviders: 'openai' } } });
    expect(progress.map((e) => e.payload)).toEqual([{ presetId: 'fixture-env', step: expect.objectContaining({ step: 'key', status: 'failed' }) }]);
    expect(await services.mcpService.list()).toEqual([]);
  });

  it('stops at a missing command with its install action, before adding', async () => {
    await dispatch('providers.set', { id: 'openai', apiKey: KEY });
    const result = await dispatch('presets.install', { presetId: 'fixture-missing' });
    expect(result).toMatchObject({ ok: false, error: { code: 'DEPS_MISSING', data: { command: 'elftia-no-such-command-here' } } });
    expect(await services.mcpService.list()).toEqual([]);
  });

  it('links the provider key, connects, lists the tools, keeps the key out of the config, and refuses a second install', async () => {
    expect(await dispatch('providers.set', { id: 'openai', apiKey: KEY })).toMatchObject({ ok: true });
    expect(await dispatch('presets.list', {})).toMatchObject({
      ok: true,
      data: [{ preset: { id: 'fixture-env' }, installed: false, keyAvailableFrom: 'openai' }, { installed: false }],
    });

    const result = await dispatch('presets.install', { presetId: 'fixture-env' });
    expect(result.ok).toBe(true);
    const installed = (result as { data: PresetInstallResult }).data;
    expect(installed).toMatchObject({ ok: true, tools: ['env'], keySource: 'provider', keyProviderId: 'openai' });
    expect(installed.steps.map((s) => [s.step, s.status])).toEqual([
      ['key', 'done'],
      ['dependency', 'done'],
      ['add', 'done'],
      ['connect', 'done'],
      ['tools', 'done'],
    ]);
    expect(installed.steps[0]!.message).toContain('openai');
    // Each step says how long it took, timed where it ran.
    expect(installed.steps.every((s) => Number.isInteger(s.durationMs) && s.durationMs! >= 0)).toBe(true);
    // Each step was announced as it ended, in order.
    expect(progress.map((e) => (e.event === 'presets.install_progress' ? e.payload.step : undefined))).toEqual(installed.steps);
    // What leaves the router is masked.
    expect(JSON.stringify(installed)).not.toContain(KEY);
    expect(installed.server.installSource).toBe('builtin');

    const env = JSON.parse(textOf((await services.mcpService.callTool(installed.server.id, 'env')).content)) as Record<string, string>;
    expect(env.FIXTURE_KEY).toBe(KEY);
    expect(fs.readFileSync(services.configPath, 'utf8')).not.toContain(KEY);

    expect(await dispatch('presets.list', {})).toMatchObject({ data: [{ installed: true, serverId: installed.server.id }, { installed: false }] });
    expect(await dispatch('presets.install', { presetId: 'fixture-env' })).toMatchObject({
      ok: false,
      error: { code: 'PRESET_ALREADY_INSTALLED', data: { serverId: installed.server.id, serverName: 'Fixture Env' } },
    });
    expect(await services.mcpService.list()).toHaveLength(1);
  });

  it('follows the provider: a new key reaches the linked server after providers.apply_key, and never the config file', async () => {
    await dispatch('providers.set', { id: 'openai', apiKey: KEY });
    const installed = ((await dispatch('presets.install', { presetId: 'fixture-env' })) as { data: PresetInstallResult }).data;
    expect(installed.server.keyLink).toEqual({ providerId: 'openai', presetId: 'fixture-env' });
    const readEnv = async () => JSON.parse(textOf((await services.mcpService.callTool(installed.server.id, 'env')).content)) as Record<string, string>;
    expect((await readEnv()).FIXTURE_KEY).toBe(KEY);

    const NEW_KEY = 'sk-fixture-rotated-key-0815';
    expect(await dispatch('providers.set', { id: 'openai', apiKey: NEW_KEY })).toMatchObject({ ok: true });
    expect(await dispatch('providers.linked_servers', { id: 'openai' })).toEqual({ ok: true, data: [{ id: installed.server.id, name: 'Fixture Env' }] });
    expect(await dispatch('providers.linked_servers', { id: 'zai' })).toEqual({ ok: true, data: [] });
    // Until the person agrees, the server keeps the old key.
    expect((await readEnv()).FIXTURE_KEY).toBe(KEY);

    expect(await dispatch('providers.apply_key', { id: 'openai', serverIds: [installed.server.id, 'not-linked'] })).toEqual({
      ok: true,
      data: { updated: [{ id: installed.server.id, name: 'Fixture Env' }], skipped: [{ id: 'not-linked', name: 'not-linked', reason: expect.stringContaining('openai') }] },
    });
    expect((await readEnv()).FIXTURE_KEY).toBe(NEW_KEY);
    const stored = await services.mcpService.get(installed.server.id);
    expect(stored.keyLink).toEqual({ providerId: 'openai', presetId: 'fixture-env' });
    expect(stored.config.args).toEqual([FIXTURE_SERVERS.stdioEnv]);
    const config = fs.readFileSync(services.configPath, 'utf8');
    expect(config).not.toContain(NEW_KEY);
    expect(config).not.toContain(KEY);
  });

  it('does not link a key typed in', async () => {
    const result = (await dispatch('presets.install', { presetId: 'fixture-env', apiKey: KEY })) as { data: PresetInstallResult };
    expect(result.data.server.keyLink).toBeUndefined();
    expect(await dispatch('providers.linked_servers', { id: 'openai' })).toEqual({ ok: true, data: [] });
  });

  it('leaves the server added, in its error state with a fix, when it cannot connect', async () => {
    const crashing = OfficialMcpPresetSchema.parse({ ...envPreset, args: [FIXTURE_SERVERS.exitAtStart] });
    await services.cleanup();
    services = createTempServices(undefined, { presets: [crashing, brokenNoKeyPreset] });
    services.onEvent((e) => {
      if (e.event === 'presets.install_progress') progress.push(e);
    });
    const result = await dispatch('presets.install', { presetId: 'fixture-env', apiKey: KEY });
    expect(result.ok).toBe(true);
    const installed = (result as { data: PresetInstallResult }).data;
    expect(installed).toMatchObject({ ok: false, keySource: 'input', tools: [] });
    expect(installed.steps.map((s) => [s.step, s.status])).toEqual([
      ['key', 'done'],
      ['dependency', 'done'],
      ['add', 'done'],
      ['connect', 'failed'],
      ['tools', 'skipped'],
    ]);
    expect(installed.steps[3]).toMatchObject({ code: expect.stringMatching(/^MCP_/), fix: expect.stringMatching(/reconnect/) });
    // The failed step carries the list's diagnosis (stage, hint, exit code, the program's own words), not only a code.
    expect(installed.steps[3]!.data).toMatchObject({ stage: 'initialize', hint: 'exited', exitCode: 3, stderrTail: expect.arrayContaining([expect.stringContaining('FIXTURE_API_KEY is not set')]) });
    expect(progress.map((e) => (e.payload as { step: { step: string; data?: unknown } }).step).find((s) => s.step === 'connect')?.data).toEqual(installed.steps[3]!.data);
    // The add step names the new server, so a dialog can follow its connect while the install runs.
    expect(installed.steps[2]).toMatchObject({ serverId: installed.server.id });
    expect(JSON.stringify(installed.steps)).not.toContain(KEY);
    expect((await services.mcpService.list()).map((s) => s.id)).toEqual([installed.server.id]);
    expect(services.mcpService.statusOf(installed.server.id).state).toBe('error');
    expect(installed.steps[3]!.fix).toBe('Check the network connection and the API key in the server settings, then reconnect.');

    // The same failure for a preset installed without a key: its fix does not send anyone to check one.
    const noKey = (await dispatch('presets.install', { presetId: 'fixture-broken' })) as { ok: true; data: PresetInstallResult };
    expect(noKey.data.steps.map((s) => [s.step, s.status])).toEqual([
      ['key', 'skipped'],
      ['dependency', 'done'],
      ['add', 'done'],
      ['connect', 'failed'],
      ['tools', 'skipped'],
    ]);
    expect(noKey.data.steps[3]).toMatchObject({ code: 'MCP_CONNECT_FAILED', fix: 'Check the network connection and the server settings, then reconnect.' });
  });
});
