/**
 * Thousands of malformed payloads per provider route, as a careless or hostile client could send
 * them over IPC (structured clone: Maps, Dates, BigInts, typed arrays) or HTTP (JSON, including
 * own `__proto__` keys). Each must be answered VALIDATION_FAILED and leave every file as it was;
 * so must a well-formed apply_key naming servers that do not follow the provider, which are
 * skipped by name. The generator is seeded: a failure prints the seed and the payload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApplyProviderKeyResultSchema, LLM_PROVIDERS } from '../../../shared/contracts/providers';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { random, snapshot } from '@desktop-testing/fuzzTestkit';

const PER_ROUTE = 2500;
const SEED = Number(process.env.FUZZ_SEED ?? 0x9e3779b9);
const IDS: readonly string[] = LLM_PROVIDERS.map((p) => p.id);


function generator(seed: number) {
  const next = random(seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const text = (max = 24) => Array.from({ length: int(max) }, () => String.fromCodePoint(pick([int(0x80), 0x20 + int(0x5f), int(0x2ffff)]))).join('');
  const strangeStrings = ['', ' ', '\n', '\u0000', '__proto__', 'constructor', 'prototype', 'toString', 'x'.repeat(10_000), 'OpenAI', 'openai ', ' openai', 'OPENAI', 'open-ai'];

  const value = (depth = 0): unknown => {
    switch (int(depth > 2 ? 9 : 12)) {
      case 0: return null;
      case 1: return next() < 0.5;
      case 2: return pick([0, -0, 1, -1, 1e308, -1e308, Number.NaN, Infinity, -Infinity, int(1e9)]);
      case 3: return text();
      case 4: return pick(strangeStrings);
      case 5: return pick([undefined, BigInt(int(1e6)), new Date(int(2e12)), new Uint8Array(int(8))]);
      case 6: return new Map([[text(4), text(4)]]);
      case 7: return pick(IDS); // valid on its own: wrong where it lands
      case 8: return `https://${text(8)}`;
      case 9: return Array.from({ length: int(4) }, () => value(depth + 1));
      case 10: return object(depth + 1);
      default: return JSON.parse(`{"__proto__": {"polluted": ${JSON.stringify(text(6))}}, "id": ${JSON.stringify(pick(IDS))}}`) as unknown;
    }
  };
  const object = (depth: number): Record<string, unknown> =>
    Object.fromEntries(Array.from({ length: int(5) }, () => [pick([...strangeStrings, 'id', 'name', 'baseUrl', 'apiKey', text(6)]), value(depth)]));

  /** An id no provider has. */
  const badId = (): unknown => {
    const candidate = value();
    return typeof candidate === 'string' && IDS.includes(candidate) ? `${candidate}-x` : candidate;
  };
  const badField: Record<'name' | 'baseUrl' | 'apiKey', () => unknown> = {
    name: () => pick(['', '   ', 'n'.repeat(101), 7, null, [], {}, true]),
    baseUrl: () => pick(['', 'ftp://host/x', 'javascript:alert(1)', 'file:///etc/passwd', 'http://', 'not a url', `https://${'a'.repeat(2100)}`, 1, {}, []]),
    apiKey: () => pick(['', 'sk one', 'sk\nnext', 'sk\u0000', '\t', 'k'.repeat(8193), 0, null, ['sk'], { key: 'sk' }]),
  };

  /** A payload that is wrong by construction: not an object, a bad id, a bad field or an unknown key. */
  return (route: string): unknown => {
    if (route === 'providers.list') {
      // It takes nothing or {}; zod's object check also lets a key-less Map or Date through, which is harmless on a read.
      return pick([() => ({ ...object(1), [`k${int(1e6)}`]: value() }), () => [value()], () => `${text()}x`, () => int(100), () => next() < 0.5, () => null])();
    }
    const base = { id: pick(IDS) };
    const extraKey = `extra_${int(1e6)}`;
    const kinds = [
      () => value(), // anything at all (an id alone makes it an object without id)
      () => ({ ...object(1), id: badId() }),
      () => ({ ...base, [extraKey]: value() }),
      () => ({}),
    ];
    if (route === 'providers.set') {
      kinds.push(() => {
        const field = pick(['name', 'baseUrl', 'apiKey'] as const);
        return { ...base, ...(next() < 0.5 ? { name: 'ok' } : {}), [field]: badField[field]() };
      });
    }
    if (route === 'providers.apply_key') {
      // An empty list would mean "none" where absent means "all": the schema refuses it rather than guess.
      kinds.push(() => ({ ...base, serverIds: pick([[], [''], 'mcp_1', [1], [null], [['mcp_1']], {}, null, new Map([['0', 'mcp_1']])]) }));
    }
    const payload = pick(kinds)();
    // `value()` can draw a bare valid-looking object ({ id } from the __proto__ case): give it an unknown key.
    return payload && typeof payload === 'object' && !Array.isArray(payload) && !(payload instanceof Map) && !(payload instanceof Date) && !(payload instanceof Uint8Array)
      ? { ...(payload as object), [extraKey]: 1 }
      : payload;
  };
}

describe('provider routes under malformed payloads', () => {
  let services: TempServices;

  beforeAll(async () => {
    services = createTempServices();
    const set = await services.router.dispatch('providers.set', { id: 'openai', apiKey: 'sk-fuzz-0123456789', name: 'Mine' });
    const add = await services.router.dispatch('mcp.add', { name: 'kept', type: 'stdio', config: { command: 'node', env: { TOKEN: 'tok-fuzz-value' } }, isActive: false });
    expect([set.ok, add.ok]).toEqual([true, true]);
    // The snapshot covers the whole folder; these are the files a bad payload could touch.
    expect(Object.keys(snapshot(services.configDir))).toEqual(expect.arrayContaining(['mcp-config.json', 'secrets.json', 'providers.json']));
  });
  afterAll(() => services.cleanup());

  for (const route of ['providers.list', 'providers.set', 'providers.remove', 'providers.reveal_key', 'providers.linked_servers', 'providers.apply_key']) {
    it(`${route}: ${PER_ROUTE} payloads, each VALIDATION_FAILED, nothing on disk changed`, async () => {
      const before = snapshot(services.configDir);
      const make = generator(SEED ^ route.length);
      const seen = new Set<string>();
      for (let i = 0; i < PER_ROUTE; i++) {
        const payload = make(route);
        seen.add(String(JSON.stringify(payload, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))));
        const result = await services.router.dispatch(route, payload);
        if (result.ok || result.error.code !== 'VALIDATION_FAILED') {
          expect.fail(`seed ${SEED}, case ${i}: ${route} answered ${JSON.stringify(result)} to ${String(JSON.stringify(payload))}`);
        }
      }
      expect(seen.size).toBeGreaterThan(PER_ROUTE / 4); // the generator really varies its cases
      expect(snapshot(services.configDir)).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  }

  it(`providers.apply_key: ${PER_ROUTE} well-formed requests naming servers that do not follow the provider are skipped, nothing on disk changed`, async () => {
    const before = snapshot(services.configDir);
    const [kept] = await services.mcpService.list();
    const next = random(SEED ^ 0x5eed);
    const int = (n: number) => Math.floor(next() * n);
    const ids = () => Array.from({ length: 1 + int(4) }, () => [kept!.id, `mcp_${int(1e6)}`, '__proto__', 'constructor', ' ', '\u0000', kept!.id.toUpperCase()][int(7)]!);
    for (let i = 0; i < PER_ROUTE; i++) {
      const input = { id: IDS[int(IDS.length)], ...(next() < 0.8 ? { serverIds: ids() } : {}) };
      const result = await services.router.dispatch('providers.apply_key', input);
      if (!result.ok) expect.fail(`seed ${SEED}, case ${i}: apply_key refused ${JSON.stringify(input)}: ${JSON.stringify(result.error)}`);
      const { updated, skipped } = ApplyProviderKeyResultSchema.parse(result.data);
      expect(updated).toEqual([]);
      expect(skipped.map((s) => s.id)).toEqual(input.serverIds ?? []);
    }
    expect(snapshot(services.configDir)).toEqual(before);
  });
});
