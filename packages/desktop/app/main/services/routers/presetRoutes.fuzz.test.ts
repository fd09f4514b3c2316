/**
 * Thousands of hostile payloads for presets.list and presets.install. A payload the schema refuses
 * is answered VALIDATION_FAILED; one the schema takes but the installer must refuse (a preset
 * that does not exist, one installed already, a provider that is not linked or has no key, a key
 * that is needed and missing) is answered with that refusal's own code. Every answer is a
 * well-formed envelope and no file in the config folder changes. Seeded: a failure names a
 * payload that reproduces.
 *
 * No payload may be one that really installs (it would run npx): every schema-valid install
 * payload is built together with the refusal it must get.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../shared/contracts/ipc';
import { PresetListItemSchema } from '../../../shared/contracts/presets';
import { LLM_PROVIDERS, type LlmProviderId } from '../../../shared/contracts/providers';
import { AppErrorShapeSchema, type ErrorCode } from '../../../shared/errors';
import { OFFICIAL_MCP_PRESETS, PRESET_CATEGORIES } from '../../../shared/mcp-presets';
import { linkedProviders } from '../capabilities/tools/mcp-users/presets/presetKey';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { pick, random, snapshot, type Next } from '@desktop-testing/fuzzTestkit';

const PER_ROUTE = 2_000;
const SEED = Number(process.env.FUZZ_SEED ?? 0x51ed);

/** The one provider with a key saved; no official preset links it, so none can take its key. */
const KEYED_PROVIDER: LlmProviderId = 'openai';
/** The preset seeded as installed: any install of it is PRESET_ALREADY_INSTALLED. */
const INSTALLED = OFFICIAL_MCP_PRESETS.find((p) => p.id === 'exa')!;
const PROVIDER_IDS: readonly LlmProviderId[] = LLM_PROVIDERS.map((p) => p.id);
const PRESET_IDS = OFFICIAL_MCP_PRESETS.map((p) => p.id);

const int = (next: Next, n: number) => Math.floor(next() * n);

const HOSTILE_STRINGS = ['', ' ', '\n', 'a\u0000b', '__proto__', 'constructor', 'toString', '\u001b[31m', '../memory', 'n'.repeat(300)];
// The object is one key too many: a bare { presetId } of a real preset would install it.
const NON_STRINGS = [null, 0, -1, 1e308, Number.NaN, true, false, [], ['x'], {}, { presetId: 'memory', isActive: true }];

function anyValue(next: Next, depth = 0): unknown {
  const roll = next();
  if (roll < 0.3) return pick(next, NON_STRINGS);
  if (roll < 0.6) return pick(next, HOSTILE_STRINGS) + (next() < 0.5 ? '' : String.fromCharCode(int(next, 0x250)));
  if (roll < 0.65) return pick(next, [undefined, BigInt(int(next, 1e6)), new Date(int(next, 2e12)), new Map([['presetId', 'memory']]), new Uint8Array(3)]);
  if (depth > 2) return null;
  if (roll < 0.8) return Array.from({ length: int(next, 4) }, () => anyValue(next, depth + 1));
  return Object.fromEntries(Array.from({ length: int(next, 4) }, (_, i) => [`${pick(next, ['presetId', 'apiKey', 'category', '__proto__', 'k'])}${i}`, anyValue(next, depth + 1)]));
}

/** An own `__proto__` key, as JSON over HTTP can carry it. */
const protoPayload = (next: Next, fields: Record<string, unknown>) =>
  JSON.parse(`{"__proto__": {"polluted": ${JSON.stringify(pick(next, HOSTILE_STRINGS))}}, ${JSON.stringify(fields).slice(1)}`) as unknown;

/* ---------- presets.list ---------- */

/** Malformed (expect VALIDATION_FAILED) or a real listing request (expect a listing). */
function listPayload(next: Next): { input: unknown; valid: boolean } {
  switch (int(next, 7)) {
    case 0:
      return { input: { category: pick(next, [...HOSTILE_STRINGS, ...NON_STRINGS, 'SEARCH', 'search ', 'games', 'code_repo']) }, valid: false };
    case 1:
      return { input: { category: pick(next, PRESET_CATEGORIES), [pick(next, ['installed', 'presetId', 'x'])]: anyValue(next) }, valid: false };
    case 2:
      return { input: protoPayload(next, { category: pick(next, PRESET_CATEGORIES) }), valid: false };
    case 3: {
      const value = anyValue(next);
      if (value === undefined || (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0)) return { input: value, valid: true };
      return { input: value, valid: routes['presets.list'].input.safeParse(value).success };
    }
    case 4:
      return { input: pick(next, ['search', 'all', 1, true, ['search']]), valid: false };
    default:
      return { input: pick(next, [undefined, {}, { category: pick(next, PRESET_CATEGORIES) }]), valid: true };
  }
}

/* ---------- presets.install ---------- */

type InstallCase = { input: unknown; code: ErrorCode };

const validKey = (next: Next) => pick(next, ['sk-fuzz-0123456789', ' sk-padded-key ', 'k'.repeat(8192), '🔑-key']);

/** A field value the install schema refuses. */
const badField: Record<'presetId' | 'apiKey' | 'keyFrom' | 'directories', (next: Next) => unknown> = {
  presetId: (next) => pick(next, ['', 'p'.repeat(101), 0, null, ['memory'], { id: 'memory' }, true]),
  apiKey: (next) => pick(next, ['', '   ', 'sk one', 'sk\nnext', 'sk\u0000x', '\t', 'k'.repeat(8193), 0, null, ['sk'], { key: 'sk' }]),
  keyFrom: (next) => pick(next, ['', 'OpenAI', 'open-ai', 'zai ', 'z.ai', '__proto__', 1, null, ['zai']]),
  directories: (next) => pick(next, ['/tmp', [''], ['   '], [1], [null], ['d'.repeat(4097)], Array.from({ length: 51 }, (_, i) => `/d${i}`), {}]),
};

/** A schema-valid preset id that is not a preset. */
function unknownPresetId(next: Next): string {
  const candidate = pick(next, [...HOSTILE_STRINGS.filter((s) => s.length > 0 && s.length <= 100), 'MEMORY', ' memory', 'memory ', 'exa-x', 'zai_vision', `${pick(next, PRESET_IDS)}.`]);
  return PRESET_IDS.includes(candidate) ? `${candidate}-x` : candidate;
}

/** Optional extras that keep the payload schema-valid and do not change which refusal comes first. */
const validExtras = (next: Next) => ({
  ...(next() < 0.3 ? { apiKey: validKey(next) } : {}),
  ...(next() < 0.2 ? { directories: ['/tmp/fuzz-dir'] } : {}),
});

const KEY_REQUIRED = OFFICIAL_MCP_PRESETS.filter((p) => p.requiresApiKey && p.id !== INSTALLED.id && !linkedProviders(p).includes(KEYED_PROVIDER));
const LINKED_TO_KEYLESS = OFFICIAL_MCP_PRESETS.filter((p) => p.id !== INSTALLED.id && linkedProviders(p).some((id) => id !== KEYED_PROVIDER));
const NOT_INSTALLED = OFFICIAL_MCP_PRESETS.filter((p) => p.id !== INSTALLED.id);

function installCase(next: Next): InstallCase {
  const preset = pick(next, NOT_INSTALLED);
  switch (int(next, 9)) {
    case 0:
      return { input: anyValue(next), code: 'VALIDATION_FAILED' };
    case 1: {
      const field = pick(next, ['presetId', 'apiKey', 'keyFrom', 'directories'] as const);
      return { input: { presetId: preset.id, [field]: badField[field](next) }, code: 'VALIDATION_FAILED' };
    }
    case 2:
      // Fields a record has but an install does not take: a client cannot set them this way.
      return {
        input: { presetId: preset.id, [pick(next, ['isActive', 'isTrusted', 'installSource', 'keyLink', 'config', 'name', 'extra'])]: anyValue(next) },
        code: 'VALIDATION_FAILED',
      };
    case 3:
      return { input: protoPayload(next, { presetId: preset.id }), code: 'VALIDATION_FAILED' };
    case 4:
      return { input: { presetId: unknownPresetId(next), ...validExtras(next) }, code: 'PRESET_NOT_FOUND' };
    case 5:
      return { input: { presetId: INSTALLED.id, ...validExtras(next), ...(next() < 0.3 ? { keyFrom: pick(next, PROVIDER_IDS) } : {}) }, code: 'PRESET_ALREADY_INSTALLED' };
    case 6: {
      const notLinked = PROVIDER_IDS.filter((id) => !linkedProviders(preset).includes(id));
      return { input: { presetId: preset.id, keyFrom: pick(next, notLinked), ...validExtras(next) }, code: 'PRESET_PROVIDER_NOT_LINKED' };
    }
    case 7: {
      const linked = pick(next, LINKED_TO_KEYLESS);
      const keyless = linkedProviders(linked).filter((id) => id !== KEYED_PROVIDER);
      return { input: { presetId: linked.id, keyFrom: pick(next, keyless) }, code: 'PRESET_PROVIDER_NO_KEY' };
    }
    default:
      return { input: { presetId: pick(next, KEY_REQUIRED).id }, code: 'PRESET_KEY_REQUIRED' };
  }
}

describe('preset routes under hostile payloads', () => {
  let services: TempServices;
  beforeAll(async () => {
    services = createTempServices();
    const seeded = await Promise.all([
      services.router.dispatch('providers.set', { id: KEYED_PROVIDER, apiKey: 'sk-fuzz-saved-0123456789' }),
      services.router.dispatch('mcp.add', { name: INSTALLED.name, type: 'http', config: { url: INSTALLED.url }, installSource: 'builtin', isActive: false }),
      services.router.dispatch('mcp.add', { name: 'keep-me', type: 'stdio', config: { command: 'node', env: { TOKEN: 'tok-123456' } }, isActive: false }),
    ]);
    expect(seeded.map((r) => r.ok)).toEqual([true, true, true]);
    expect(Object.keys(snapshot(services.configDir))).toEqual(expect.arrayContaining(['mcp-config.json', 'secrets.json', 'providers.json']));
  });
  afterAll(() => services.cleanup());

  it('the install cases cover every refusal and each one really is refused for that reason', () => {
    expect(KEY_REQUIRED.length).toBeGreaterThan(0);
    expect(LINKED_TO_KEYLESS.length).toBeGreaterThan(0);
    const next = random(SEED);
    const codes = new Set(Array.from({ length: 500 }, () => installCase(next).code));
    expect([...codes].sort()).toEqual(
      ['PRESET_ALREADY_INSTALLED', 'PRESET_KEY_REQUIRED', 'PRESET_NOT_FOUND', 'PRESET_PROVIDER_NOT_LINKED', 'PRESET_PROVIDER_NO_KEY', 'VALIDATION_FAILED'].sort(),
    );
  });

  it(`presets.list: ${PER_ROUTE} payloads, malformed ones VALIDATION_FAILED, the rest a listing; nothing on disk changed`, async () => {
    const next = random(SEED ^ 0x11);
    const before = snapshot(services.configDir);
    let listings = 0;
    for (let i = 0; i < PER_ROUTE; i++) {
      const { input, valid } = listPayload(next);
      const shown = String(JSON.stringify(input, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).slice(0, 300);
      expect(routes['presets.list'].input.safeParse(input).success, shown).toBe(valid);
      const result = await services.router.dispatch('presets.list', input);
      if (!valid) {
        if (result.ok) expect.fail(`seed ${SEED}, case ${i}: presets.list took ${shown}`);
        expect(AppErrorShapeSchema.parse(result.error).code, shown).toBe('VALIDATION_FAILED');
        continue;
      }
      if (!result.ok) expect.fail(`seed ${SEED}, case ${i}: presets.list refused ${shown}: ${JSON.stringify(result.error)}`);
      const items = PresetListItemSchema.array().parse(result.data);
      const category = (input as { category?: string } | undefined)?.category;
      expect(items.length).toBe(OFFICIAL_MCP_PRESETS.filter((p) => category === undefined || p.category === category).length);
      const installed = items.find((item) => item.preset.id === INSTALLED.id);
      if (installed) expect(installed).toMatchObject({ installed: true, serverId: expect.any(String) });
      listings++;
    }
    expect(listings).toBeGreaterThan(PER_ROUTE / 10);
    expect(snapshot(services.configDir)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it(`presets.install: ${PER_ROUTE} payloads, each refused with its own code, nothing added, nothing on disk changed`, async () => {
    const next = random(SEED ^ 0x22);
    const before = snapshot(services.configDir);
    const serversBefore = await services.mcpService.list();
    const seen = new Map<ErrorCode, number>();
    const installProgress: unknown[] = [];
    const off = services.onEvent((e) => {
      if (e.event === 'presets.install_progress' && e.payload.step.status !== 'failed') installProgress.push(e.payload);
    });
    for (let i = 0; i < PER_ROUTE; i++) {
      const { input, code } = installCase(next);
      const shown = String(JSON.stringify(input, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).slice(0, 300);
      expect(routes['presets.install'].input.safeParse(input).success, shown).toBe(code !== 'VALIDATION_FAILED');
      const result = await services.router.dispatch('presets.install', input);
      if (result.ok) expect.fail(`seed ${SEED}, case ${i}: presets.install installed ${shown}`);
      expect(AppErrorShapeSchema.parse(result.error).code, shown).toBe(code);
      seen.set(code, (seen.get(code) ?? 0) + 1);
    }
    off();
    expect(seen.size).toBe(6);
    // A refusal is announced only as a failed step: nothing got as far as a step that succeeds.
    expect(installProgress).toEqual([]);
    expect(await services.mcpService.list()).toEqual(serversBefore);
    expect(snapshot(services.configDir)).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
