/**
 * Thousands of malformed payloads for each install-link, review, activate and export route: each
 * is answered VALIDATION_FAILED, none throws, and no file changes. Install links are fuzzed past
 * the schema too (a well-formed `{ url }` whose link is broken), because a link arrives from any
 * web page. The generator is seeded, so a failure names a payload that reproduces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '../../../shared/contracts/ipc';
import { AppErrorShapeSchema } from '../../../shared/errors';
import { INSTALL_LINK_MAX_BYTES, INSTALL_LINK_MAX_SERVERS, parseInstallLink } from '../capabilities/tools/mcp-users/common/deepLink';
import { createTempServices, type TempServices } from '@desktop-testing/tempServices';
import { pick, random, snapshot, type Next } from '@desktop-testing/fuzzTestkit';

const PER_ROUTE = 2_000;


const int = (next: Next, n: number) => Math.floor(next() * n);

const HOSTILE_STRINGS = ['', ' ', '\n', 'a\u0000b', '__proto__', 'constructor', '\u001b[31m', 'n'.repeat(300)];
const NON_STRINGS = [null, 0, -1, 1e308, Number.NaN, true, false, [], ['x'], {}, { id: 'x' }];

function anyValue(next: Next, depth = 0): unknown {
  const roll = next();
  if (roll < 0.35) return pick(next, NON_STRINGS);
  if (roll < 0.65) return pick(next, HOSTILE_STRINGS) + (next() < 0.5 ? '' : String.fromCharCode(int(next, 0x250)));
  if (depth > 2) return null;
  if (roll < 0.8) return Array.from({ length: int(next, 4) }, () => anyValue(next, depth + 1));
  return Object.fromEntries(Array.from({ length: int(next, 4) }, (_, i) => [`${pick(next, ['url', 'id', '__proto__', 'k'])}${i}`, anyValue(next, depth + 1)]));
}

const base64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const encodeJson = (value: unknown) => base64url(Buffer.from(JSON.stringify(value)));
const randomBytes = (next: Next, n: number) => Uint8Array.from({ length: n }, () => int(next, 256));

/** A link that fails the parser: each case breaks one thing a page could get wrong. */
function brokenLink(next: Next): string {
  const good = encodeJson({ mcpServers: { s: { command: 'x' } } });
  switch (int(next, 10)) {
    case 0:
      return `${pick(next, ['https', 'file', 'elftia2', 'javascript'])}://mcp/install?servers=${good}`;
    case 1:
      return `elftia://${pick(next, ['', 'MCPX', 'mcp.evil', 'user@other'])}/install?servers=${good}`;
    case 2:
      return `elftia://mcp/${pick(next, ['', 'install/x', 'INSTALL', 'uninstall', '..'])}?servers=${good}`;
    case 3:
      return `elftia://mcp/install?${pick(next, ['', 'server=', 'servers', 'servers=', `x=${good}`])}`;
    case 4:
      return `elftia://mcp/install?servers=${good.slice(0, 1 + int(next, good.length - 1))}${pick(next, ['$', '!', '%00', '.', '*'])}`;
    case 5: {
      // Random bytes are not UTF-8 JSON (a leading 0xff makes sure of it).
      return `elftia://mcp/install?servers=${base64url(Uint8Array.from([0xff, ...randomBytes(next, int(next, 200))]))}`;
    }
    case 6:
      return `elftia://mcp/install?servers=${encodeJson(pick(next, [null, 1, 'x', [], {}, { mcpServers: {} }, [{ command: 'x' }]]))}`;
    case 7: {
      const servers = Object.fromEntries(Array.from({ length: INSTALL_LINK_MAX_SERVERS + 1 + int(next, 5) }, (_, i) => [`s${i}`, { command: 'x' }]));
      return `elftia://mcp/install?servers=${encodeJson(servers)}`;
    }
    case 8:
      return `elftia://mcp/install?servers=${encodeJson({ s: { command: 'x', args: ['a'.repeat(INSTALL_LINK_MAX_BYTES + int(next, 100))] } })}`;
    default:
      return pick(next, HOSTILE_STRINGS) + String.fromCharCode(int(next, 0x250));
  }
}

function malformedInstallLink(next: Next): unknown {
  if (next() < 0.7) return { url: brokenLink(next) };
  switch (int(next, 3)) {
    case 0:
      return { url: pick(next, NON_STRINGS) };
    case 1:
      return { url: brokenLink(next), [pick(next, ['isActive', 'isTrusted', 'installSource', 'x'])]: anyValue(next) };
    default:
      return pick(next, [undefined, ...NON_STRINGS, 'elftia://mcp/install']);
  }
}

function malformedId(next: Next): unknown {
  return next() < 0.5 ? { id: pick(next, [...NON_STRINGS, '', ' ', '\n']) } : pick(next, [undefined, ...NON_STRINGS.filter((v) => !(typeof v === 'object' && v && 'id' in v)), 'x']);
}

function malformedActivate(next: Next): unknown {
  switch (int(next, 3)) {
    case 0:
      return { id: 'x', reviewToken: pick(next, [...NON_STRINGS, '', 'A'.repeat(64), 'f'.repeat(63), 'f'.repeat(65), 'g'.repeat(64)]) };
    case 1:
      return { id: 'x', [pick(next, ['isTrusted', 'isActive', 'token', 'updates'])]: anyValue(next) };
    default:
      return malformedId(next);
  }
}

function malformedExport(next: Next): unknown {
  switch (int(next, 3)) {
    case 0:
      return { includeSecrets: pick(next, [...NON_STRINGS.filter((v) => typeof v !== 'boolean'), 'true', 'yes', 1]) };
    case 1:
      return { includeSecrets: next() < 0.5, [pick(next, ['path', 'format', 'x'])]: anyValue(next) };
    default:
      return pick(next, [undefined, null, 0, 'all', [], true]);
  }
}

type LinkRoute = 'mcp.install_link' | 'mcp.activation_review' | 'mcp.activate' | 'mcp.export';
const GENERATORS: Record<LinkRoute, (next: Next) => unknown> = {
  'mcp.install_link': malformedInstallLink,
  'mcp.activation_review': malformedId,
  'mcp.activate': malformedActivate,
  'mcp.export': malformedExport,
};


/** Malformed by construction: the schema refuses it, or (a well-formed install link input) the parser does. */
function isMalformed(route: LinkRoute, input: unknown): boolean {
  const parsed = routes[route].input.safeParse(input);
  if (!parsed.success) return true;
  return route === 'mcp.install_link' && !parseInstallLink((parsed.data as { url: string }).url).ok;
}

describe('install-link, review, activate and export routes under malformed payloads', () => {
  let services: TempServices;
  beforeAll(async () => {
    services = createTempServices();
    await services.router.dispatch('mcp.add', { name: 'keep-me', type: 'stdio', config: { command: 'node', env: { TOKEN: 'tok-123456' } }, isActive: false });
  });
  afterAll(() => services.cleanup());

  for (const [route, generate] of Object.entries(GENERATORS) as [LinkRoute, (next: Next) => unknown][]) {
    it(`${route} answers ${PER_ROUTE} malformed payloads with VALIDATION_FAILED and changes nothing on disk`, async () => {
      const next = random(route.length * 7919);
      const before = snapshot(services.configDir);
      const announced: unknown[] = [];
      const off = services.onEvent((e) => e.event !== 'mcp.server_log' && announced.push(e));
      for (let i = 0; i < PER_ROUTE; i++) {
        const input = generate(next);
        expect(isMalformed(route, input), String(JSON.stringify(input)).slice(0, 300)).toBe(true);
        const result = await services.router.dispatch(route as RouteName, input);
        expect(result.ok, String(JSON.stringify(input)).slice(0, 300)).toBe(false);
        if (result.ok) return;
        expect(AppErrorShapeSchema.parse(result.error).code).toBe('VALIDATION_FAILED');
      }
      off();
      expect(announced).toEqual([]);
      expect(snapshot(services.configDir)).toEqual(before);
    });
  }
});
