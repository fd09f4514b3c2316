import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LLM_PROVIDERS } from '../../../shared/contracts/providers';
import type { Result } from '../../../shared/errors';
import { SECRETS_FILE_NAME } from '../secrets/fileSecretStore';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { PROVIDERS_FILE_NAME } from './ProviderStore';

const KEY = 'sk-ant-api03-0123456789abcdef';

let services: TempServices;
beforeEach(() => {
  services = createTempServices();
});
afterEach(() => services.cleanup());

const call = async (route: string, input: unknown) => services.router.dispatch(route, input);
const data = (result: Result<unknown>) => {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.data;
};
const fileText = (name: string) => fs.readFileSync(path.join(services.configDir, name), 'utf8');

describe('provider settings through the router', () => {
  it('lists every known provider with its defaults before anything is set', async () => {
    const listed = data(await call('providers.list', {})) as Array<{ id: string; hasKey: boolean }>;
    expect(listed.map((p) => p.id)).toEqual(LLM_PROVIDERS.map((p) => p.id));
    expect(listed.every((p) => !p.hasKey)).toBe(true);
    expect(listed.find((p) => p.id === 'openai-compatible')).toEqual({ id: 'openai-compatible', name: 'OpenAI-compatible', hasKey: false });
    expect(fs.existsSync(path.join(services.configDir, PROVIDERS_FILE_NAME))).toBe(false);
  });

  it('keeps the key in the secret store, masks it in every answer and reveals it on request', async () => {
    const saved = data(await call('providers.set', { id: 'anthropic', apiKey: KEY, baseUrl: 'https://proxy.example/anthropic' }));
    expect(saved).toEqual({
      id: 'anthropic',
      name: 'Anthropic',
      baseUrl: 'https://proxy.example/anthropic',
      defaultBaseUrl: 'https://api.anthropic.com',
      hasKey: true,
      keyMask: '***',
    });
    expect(JSON.stringify(data(await call('providers.list', {})))).not.toContain(KEY);
    expect(fileText(PROVIDERS_FILE_NAME)).not.toContain(KEY);
    expect(fileText(SECRETS_FILE_NAME)).toContain(KEY);
    if (process.platform !== 'win32') expect(fs.statSync(path.join(services.configDir, PROVIDERS_FILE_NAME)).mode & 0o777).toBe(0o600);
    expect(data(await call('providers.reveal_key', { id: 'anthropic' }))).toEqual({ id: 'anthropic', apiKey: KEY });

    // Changing the name keeps the key; null goes back to the default URL.
    data(await call('providers.set', { id: 'anthropic', name: 'Work account', baseUrl: null }));
    expect(data(await call('providers.reveal_key', { id: 'anthropic' }))).toEqual({ id: 'anthropic', apiKey: KEY });
    expect(data(await call('providers.list', {}))).toContainEqual(expect.objectContaining({ id: 'anthropic', name: 'Work account', baseUrl: 'https://api.anthropic.com' }));
  });

  it('remove forgets the settings and deletes the key', async () => {
    data(await call('providers.set', { id: 'deepseek', apiKey: KEY, name: 'DS' }));
    expect(data(await call('providers.remove', { id: 'deepseek' }))).toMatchObject({ id: 'deepseek', name: 'DeepSeek', hasKey: false });
    expect(fileText(SECRETS_FILE_NAME)).not.toContain(KEY);
    expect(await call('providers.reveal_key', { id: 'deepseek' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    // Removing what is not set changes nothing and is not an error.
    const before = fileText(PROVIDERS_FILE_NAME);
    expect(await call('providers.remove', { id: 'zai' })).toMatchObject({ ok: true, data: { id: 'zai', hasKey: false } });
    expect(fileText(PROVIDERS_FILE_NAME)).toBe(before);
  });

  it('never puts a provider key in an event', async () => {
    const seen: string[] = [];
    services.onEvent((e) => seen.push(JSON.stringify(e)));
    data(await call('providers.set', { id: 'openai', apiKey: KEY }));
    data(await call('providers.reveal_key', { id: 'openai' }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(seen.filter((e) => e.includes(KEY))).toEqual([]);
    expect(seen.some((e) => e.includes('SECRETS_PLAINTEXT_FILE'))).toBe(true);
  });
});
