/**
 * Thousands of malformed payloads for every deps.* route: each is answered with a
 * VALIDATION_FAILED envelope, none throws, and nothing on disk changes. The payloads come from a
 * seeded generator, so a failure names a payload that reproduces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '../../../shared/contracts/ipc';
import { AppErrorShapeSchema } from '../../../shared/errors';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { pick, random, snapshot } from '@desktop-testing/fuzzTestkit';

const PER_ROUTE = 2_000;


const HOSTILE_STRINGS = ['', ' ', '-', '--help', '-rf /', ' node', 'node ', 'node\n', 'a\u0000b', 'x\ry', '\u001b[31m', '\t', 'uv\u007f', 'n'.repeat(256)];
const NON_STRINGS = [null, 0, -1, 1e308, Number.NaN, true, false, [], ['node'], {}, { command: 'node' }];


/** Any JSON-ish value, nested a little. */
function anyValue(next: () => number, depth = 0): unknown {
  const roll = next();
  if (roll < 0.3) return pick(next, NON_STRINGS);
  if (roll < 0.6) return pick(next, HOSTILE_STRINGS) + (next() < 0.5 ? '' : String.fromCharCode(Math.floor(next() * 0x250)));
  if (depth > 2) return null;
  if (roll < 0.8) return Array.from({ length: Math.floor(next() * 4) }, () => anyValue(next, depth + 1));
  return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, (_, i) => [`${pick(next, ['command', '__proto__', 'constructor', 'k'])}${i}`, anyValue(next, depth + 1)]));
}

/** A `{ command }` payload that is wrong by construction: a bad command, a wrong type, an extra key or not an object. */
function malformedCommandInput(next: () => number): unknown {
  switch (Math.floor(next() * 4)) {
    case 0:
      return { command: pick(next, HOSTILE_STRINGS) };
    case 1:
      return { command: pick(next, NON_STRINGS) };
    case 2:
      return { command: 'node', [pick(next, ['args', 'shell', 'cwd', 'env', 'x'])]: anyValue(next) };
    default: {
      const value = anyValue(next);
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, extra: 1 } : value;
    }
  }
}

/** Anything but nothing or an empty object. */
function malformedEmptyInput(next: () => number): unknown {
  const value = anyValue(next);
  return value === undefined || (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) ? { extra: value } : value;
}

/** A `{ path }` payload that is wrong by construction: not a string, empty or too long, an extra key, or not an object. */
function malformedPathInput(next: () => number): unknown {
  switch (Math.floor(next() * 4)) {
    case 0:
      return { path: pick(next, NON_STRINGS) };
    case 1:
      return { path: pick(next, ['', '/'.repeat(4097)]) };
    case 2:
      return { path: '/home/a/.npm/_npx/0123456789abcdef', [pick(next, ['recursive', 'force', 'x'])]: anyValue(next) };
    default: {
      const value = anyValue(next);
      return value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, extra: 1 } : value;
    }
  }
}

const GENERATORS: Record<Extract<RouteName, `deps.${string}`>, (next: () => number) => unknown> = {
  'deps.check': malformedCommandInput,
  'deps.install': malformedCommandInput,
  'deps.refresh_path': malformedEmptyInput,
  'deps.remove_npx_cache': malformedPathInput,
};


describe('deps.* routes under malformed payloads', () => {
  let services: TempServices;
  beforeAll(async () => {
    services = createTempServices();
    await services.router.dispatch('mcp.add', { name: 'keep-me', type: 'stdio', config: { command: 'node' }, isActive: false });
  });
  afterAll(() => services.cleanup());

  it('covers every deps route in the contract', () => {
    expect(Object.keys(GENERATORS).sort()).toEqual(Object.keys(routes).filter((r) => r.startsWith('deps.')).sort());
  });

  for (const [route, generate] of Object.entries(GENERATORS)) {
    it(`${route} answers ${PER_ROUTE} malformed payloads with VALIDATION_FAILED and changes nothing on disk`, async () => {
      const next = random(route.length * 7919);
      const before = snapshot(services.configDir);
      const progress: unknown[] = [];
      const off = services.onEvent((e) => e.event === 'deps.install_progress' && progress.push(e.payload));
      for (let i = 0; i < PER_ROUTE; i++) {
        const input = generate(next);
        // Each payload really is malformed: the generator is checked against the schema itself.
        expect(routes[route as RouteName].input.safeParse(input).success, JSON.stringify(input)).toBe(false);
        const result = await services.router.dispatch(route, input);
        expect(result.ok, JSON.stringify(input)).toBe(false);
        if (result.ok) return;
        expect(AppErrorShapeSchema.parse(result.error).code).toBe('VALIDATION_FAILED');
      }
      off();
      expect(progress).toEqual([]);
      expect(snapshot(services.configDir)).toEqual(before);
    });
  }
});
