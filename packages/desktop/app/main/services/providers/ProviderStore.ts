/**
 * The person's LLM provider settings: `providers.json` (0600, beside `mcp-config.json`) holds
 * names, base URLs and a reference per key; the keys are in the SecretStore. Lists show
 * whether a key is set, never the key.
 *
 * Lock order: providers.json's lock, then the secret store's (it is taken inside). Nothing takes
 * them the other way round, so two processes cannot deadlock.
 */
import { z } from 'zod';
import {
  LLM_PROVIDERS,
  LlmProviderIdSchema,
  PROVIDER_KEY_MASK,
  type LlmProvider,
  type LlmProviderId,
  type LlmProviderSetInput,
} from '../../../shared/contracts/providers';
import { AppError } from '../../../shared/errors';
import type { FileLockOptions } from '../config/fileLock';
import { openPrivateJsonFile } from '../config/privateJsonFile';
import type { SecretStore } from '../secrets/SecretStore';

export const PROVIDERS_FILE_NAME = 'providers.json';

const StoredProviderSchema = z.object({
  id: LlmProviderIdSchema,
  name: z.string().optional(),
  baseUrl: z.string().optional(),
  keyRef: z.string().optional(),
});
type StoredProvider = z.infer<typeof StoredProviderSchema>;
const ProvidersFileSchema = z.looseObject({ version: z.literal(1), providers: z.array(StoredProviderSchema) });
type ProvidersFile = z.infer<typeof ProvidersFileSchema>;

export interface ProviderStore {
  list(): LlmProvider[];
  set(input: LlmProviderSetInput): LlmProvider;
  remove(id: LlmProviderId): LlmProvider;
  /** The key in clear; NOT_FOUND when none is set (or this process cannot decrypt it). */
  revealKey(id: LlmProviderId): string;
}

const keyRefOf = (id: LlmProviderId) => `provider:${id}`;

function shown(id: LlmProviderId, stored: StoredProvider | undefined): LlmProvider {
  const known = LLM_PROVIDERS.find((p) => p.id === id)!;
  const baseUrl = stored?.baseUrl ?? known.defaultBaseUrl;
  return {
    id,
    name: stored?.name ?? known.name,
    ...(baseUrl !== undefined ? { baseUrl } : {}),
    ...(known.defaultBaseUrl !== undefined ? { defaultBaseUrl: known.defaultBaseUrl } : {}),
    hasKey: stored?.keyRef !== undefined,
    ...(stored?.keyRef !== undefined ? { keyMask: PROVIDER_KEY_MASK } : {}),
  };
}

export function openProviderStore(filePath: string, secrets: SecretStore, lock?: FileLockOptions): ProviderStore {
  const file = openPrivateJsonFile(filePath, lock);

  const load = (): ProvidersFile => {
    const json = file.read();
    if (json === undefined) return { version: 1, providers: [] };
    const parsed = ProvidersFileSchema.safeParse(json);
    if (!parsed.success) {
      throw new AppError('CONFIG_STORE_FAILED', `${filePath} is not a provider settings file this build can read; fix or move it away`, { path: filePath });
    }
    return parsed.data;
  };
  const find = (id: LlmProviderId) => load().providers.find((p) => p.id === id);

  /** Replaces one provider's record (undefined removes it) under the lock; returns the record it replaced. */
  const replace = (id: LlmProviderId, edit: (current: StoredProvider | undefined) => StoredProvider | undefined) =>
    file.locked(() => {
      const current = load();
      const before = current.providers.find((p) => p.id === id);
      const after = edit(before);
      const others = current.providers.filter((p) => p.id !== id);
      file.write({ ...current, providers: after ? [...others, after] : others });
      return { before, after };
    });

  return {
    list: () => {
      const stored = load().providers;
      return LLM_PROVIDERS.map(({ id }) => shown(id, stored.find((p) => p.id === id)));
    },
    set({ id, name, baseUrl, apiKey }) {
      const { after } = replace(id, (current) => {
        const next: StoredProvider = { ...current, id };
        if (name !== undefined) next.name = name;
        if (baseUrl === null) delete next.baseUrl;
        else if (baseUrl !== undefined) next.baseUrl = baseUrl;
        // The key is stored before the record points at it.
        if (apiKey !== undefined) next.keyRef = secrets.put(current?.keyRef ?? keyRefOf(id), apiKey);
        return next;
      });
      return shown(id, after);
    },
    remove(id) {
      if (!find(id)) return shown(id, undefined);
      const { before } = replace(id, () => undefined);
      // After the record stopped pointing at it.
      if (before?.keyRef !== undefined) secrets.delete(before.keyRef);
      return shown(id, undefined);
    },
    revealKey(id) {
      const ref = find(id)?.keyRef;
      const key = ref === undefined ? undefined : secrets.get(ref);
      if (key === undefined) throw new AppError('NOT_FOUND', `No API key is set for the provider ${id}`, { id });
      return key;
    },
  };
}
