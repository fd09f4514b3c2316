/**
 * Malformed payloads for the import routes are answered VALIDATION_FAILED and change nothing;
 * well-formed payloads whose text is garbage (broken JSON, JSON of any shape, hostile entries)
 * are answered with an import error code or a preview, never INTERNAL, and a preview writes
 * nothing. Seeded, so a failure names a payload that reproduces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '../../../shared/contracts/ipc';
import { AppErrorShapeSchema } from '../../../shared/errors';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { pick, random, snapshot, type Next } from '@desktop-testing/fuzzTestkit';

const PER_ROUTE = 1_000;
const int = (next: Next, n: number) => Math.floor(next() * n);
const HOSTILE = ['', ' ', '\n', 'a\u0000b', '__proto__', 'constructor', '\u001b[31m', 'n'.repeat(300), '{', '"', '//', '/*'];
const NON_STRINGS = [null, 0, -1, Number.NaN, true, [], ['x'], {}, { json: 1 }];

function anyValue(next: Next, depth = 0): unknown {
  const roll = next();
  if (roll < 0.3) return pick(next, NON_STRINGS);
  if (roll < 0.6) return pick(next, HOSTILE) + String.fromCharCode(int(next, 0x250));
  if (depth > 2) return null;
  if (roll < 0.75) return Array.from({ length: int(next, 4) }, () => anyValue(next, depth + 1));
  const keys = ['command', 'url', 'type', 'args', 'env', 'headers', 'disabled', '__proto__', 'mcpServers', 'servers', 'k'];
  return Object.fromEntries(Array.from({ length: int(next, 5) }, () => [pick(next, keys), anyValue(next, depth + 1)]));
}

/** Text an import may be handed: JSON of any shape, cut short, or with a byte changed. */
function garbageText(next: Next): string {
  const json = JSON.stringify({ mcpServers: { a: anyValue(next), b: { command: 'x', disabled: true } } }) ?? '';
  switch (int(next, 4)) {
    case 0:
      return json.slice(0, 1 + int(next, json.length - 1));
    case 1: {
      const at = int(next, json.length);
      return json.slice(0, at) + pick(next, ['{', '}', '"', ',', ':', '\\', '\n', '/*']) + json.slice(at + 1);
    }
    case 2:
      return JSON.stringify(anyValue(next)) ?? 'null';
    default:
      return json;
  }
}

function malformedSource(next: Next): Record<string, unknown> | unknown {
  switch (int(next, 4)) {
    case 0:
      return {};
    case 1:
      return { json: pick(next, [...NON_STRINGS, '']) };
    case 2:
      return { source: pick(next, [...NON_STRINGS, '', 'claude', '../etc/passwd', '/home/x/.cursor/mcp.json']) };
    default:
      return { json: '{}', source: 'cursor' };
  }
}

const GENERATORS: Record<'mcp.import_preview' | 'mcp.import' | 'mcp.find_local_configs' | 'mcp.dismiss_local_configs', (next: Next) => unknown> = {
  'mcp.import_preview': (next) => (next() < 0.8 ? malformedSource(next) : { json: '{}', [pick(next, ['path', 'file', 'x'])]: anyValue(next) }),
  'mcp.import': (next) => {
    switch (int(next, 4)) {
      case 0:
        return malformedSource(next);
      case 1:
        return { json: '{}', decisions: pick(next, [...NON_STRINGS.filter((v) => !Array.isArray(v) || v.length), [{ key: 'a' }], [{ key: 'a', action: 'merge' }], [{ key: 1, action: 'skip' }]]) };
      case 2:
        return { json: '{}', decisions: [{ key: 'a', action: 'rename', name: pick(next, ['', ' ', '\n', 'n'.repeat(201)]) }] };
      default:
        return { json: '{}', onDuplicate: pick(next, [...NON_STRINGS, 'Skip', 'overwrite', '']) };
    }
  },
  'mcp.find_local_configs': (next) => pick(next, [null, 0, 'x', [], { path: '/' }, { home: '/tmp' }]),
  'mcp.dismiss_local_configs': (next) => pick(next, [null, 0, 'x', [], { dismissed: false }]),
};

describe('import routes under malformed and garbage payloads', () => {
  let services: TempServices;
  beforeAll(async () => {
    services = createTempServices();
    await services.router.dispatch('mcp.add', { name: 'a', type: 'stdio', config: { command: 'node' }, isActive: false });
  });
  afterAll(() => services.cleanup());

  for (const [route, generate] of Object.entries(GENERATORS) as [RouteName, (next: Next) => unknown][]) {
    it(`${route} answers ${PER_ROUTE} malformed payloads with VALIDATION_FAILED and changes nothing on disk`, async () => {
      const next = random(route.length * 104729);
      const before = snapshot(services.configDir);
      for (let i = 0; i < PER_ROUTE; i++) {
        const input = generate(next);
        const shown = String(JSON.stringify(input)).slice(0, 300);
        expect(routes[route].input.safeParse(input).success, shown).toBe(false);
        const result = await services.router.dispatch(route, input);
        expect(result.ok, shown).toBe(false);
        if (!result.ok) expect(AppErrorShapeSchema.parse(result.error).code, shown).toBe('VALIDATION_FAILED');
      }
      expect(snapshot(services.configDir)).toEqual(before);
    });
  }

  it(`mcp.import_preview reads ${PER_ROUTE} garbage texts without writing, never answering INTERNAL`, async () => {
    const next = random(7);
    const before = snapshot(services.configDir);
    for (let i = 0; i < PER_ROUTE; i++) {
      const json = garbageText(next);
      if (!json) continue;
      const result = await services.router.dispatch('mcp.import_preview', { json });
      if (!result.ok) expect(['IMPORT_INVALID_JSON', 'IMPORT_NO_SERVERS'], json.slice(0, 300)).toContain(result.error.code);
    }
    expect(snapshot(services.configDir)).toEqual(before);
  });

  it(`mcp.import takes ${PER_ROUTE / 4} garbage texts with random decisions, never answering INTERNAL`, async () => {
    const next = random(11);
    for (let i = 0; i < PER_ROUTE / 4; i++) {
      const json = garbageText(next);
      if (!json) continue;
      const decisions = [{ key: pick(next, ['a', 'b']), action: pick(next, ['skip', 'replace', 'rename'] as const) }];
      const result = await services.router.dispatch('mcp.import', { json, decisions });
      if (!result.ok) expect(['IMPORT_INVALID_JSON', 'IMPORT_NO_SERVERS', 'IMPORT_RENAME_TAKEN'], json.slice(0, 300)).toContain(result.error.code);
    }
    const listed = await services.router.dispatch('mcp.list', {});
    expect(listed.ok && (listed.data as unknown[]).length).toBeGreaterThan(0);
  });
});
