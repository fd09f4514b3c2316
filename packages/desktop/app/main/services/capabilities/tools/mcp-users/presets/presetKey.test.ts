import { describe, expect, it } from 'vitest';
import { LLM_PROVIDERS, type LlmProviderId } from '@shared/contracts/providers';
import { AppError } from '@shared/errors';
import { OfficialMcpPresetSchema, presetDescriptionKey, presetToServerInput } from '@shared/mcp-presets';
import { resolvePresetKey } from './presetKey';

const preset = (fields: { requiresApiKey: boolean; linkedProviderIds?: string[] }) =>
  OfficialMcpPresetSchema.parse({
    id: 'keyed',
    name: 'Keyed',
    provider: 'fixture',
    category: 'general',
    description: presetDescriptionKey('keyed'),
    tools: ['env'],
    command: 'node',
    args: ['server.mjs'],
    apiKeyEnvVar: 'FIXTURE_KEY',
    icon: 'fixture',
    ...fields,
  });

/** Saved keys by provider, as ProviderStore answers for them. */
function providers(keys: Partial<Record<LlmProviderId, string>>) {
  return {
    list: () => LLM_PROVIDERS.map(({ id, name }) => ({ id, name, hasKey: keys[id] !== undefined })),
    revealKey: (id: LlmProviderId) => {
      const key = keys[id];
      if (key === undefined) throw new AppError('NOT_FOUND', `no key for ${id}`);
      return key;
    },
  };
}

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? err.code : String(err);
  }
  return 'no error';
};

describe('resolvePresetKey', () => {
  const linked = preset({ requiresApiKey: true, linkedProviderIds: ['zai', 'zhipu', 'openai'] });

  it('uses a key typed in over every saved one', () => {
    expect(resolvePresetKey(linked, { apiKey: 'sk-typed' }, providers({ zai: 'sk-zai' }))).toEqual({ apiKey: 'sk-typed', source: 'input' });
  });

  it('takes the key of the provider named with keyFrom, even when an earlier linked one has a key', () => {
    expect(resolvePresetKey(linked, { keyFrom: 'openai' }, providers({ zai: 'sk-zai', openai: 'sk-openai' }))).toEqual({
      apiKey: 'sk-openai',
      source: 'provider',
      providerId: 'openai',
    });
  });

  it('otherwise takes the first linked provider, in the preset order, that has a key', () => {
    expect(resolvePresetKey(linked, {}, providers({ openai: 'sk-openai', zhipu: 'sk-zhipu', anthropic: 'sk-unlinked' }))).toEqual({
      apiKey: 'sk-zhipu',
      source: 'provider',
      providerId: 'zhipu',
    });
  });

  it('fails with PRESET_KEY_REQUIRED, listing the linked providers, when no linked provider has a key', () => {
    const err = (() => {
      try {
        return resolvePresetKey(linked, {}, providers({ anthropic: 'sk-unlinked' }));
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).toShape()).toMatchObject({ code: 'PRESET_KEY_REQUIRED', data: { presetName: 'Keyed', linkedProviders: 'zai, zhipu, openai' } });
  });

  it('refuses keyFrom naming a provider that is not linked, even one with a key', () => {
    expect(codeOf(() => resolvePresetKey(linked, { keyFrom: 'anthropic' }, providers({ anthropic: 'sk-unlinked' })))).toBe('PRESET_PROVIDER_NOT_LINKED');
  });

  it('refuses keyFrom naming a linked provider without a key instead of falling back to another', () => {
    expect(codeOf(() => resolvePresetKey(linked, { keyFrom: 'zhipu' }, providers({ zai: 'sk-zai' })))).toBe('PRESET_PROVIDER_NO_KEY');
  });

  it('goes without a key when the preset only may take one and none is saved', () => {
    expect(resolvePresetKey(preset({ requiresApiKey: false, linkedProviderIds: ['openai'] }), {}, providers({}))).toEqual({ source: 'none' });
  });

  it('gives presetToServerInput a key that ends up in the env variable the preset names', () => {
    const key = resolvePresetKey(linked, {}, providers({ zai: 'sk-zai' }));
    const input = presetToServerInput(linked, { apiKey: key.apiKey, providerId: key.providerId });
    expect(input).toMatchObject({ installSource: 'builtin', config: { command: 'node', env: { FIXTURE_KEY: 'sk-zai' } } });
  });
});
