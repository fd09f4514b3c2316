/**
 * Folder = runtime is enforced by eslint.config.js; this proves each ban fires (and that the
 * allowed imports stay allowed) by linting probe sources as if they lived in each layer. The
 * probe paths need not exist: ESLint picks the rules by `filePath`.
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const RULE = 'no-restricted-imports';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: path.resolve(import.meta.dirname) });
});

/** Lints one `import` per specifier from `filePath`; returns the specifiers the rule reported. */
async function reported(filePath: string, specifiers: readonly string[]): Promise<string[]> {
  const source = specifiers.map((s) => `import '${s}';`).join('\n');
  const [result] = await eslint.lintText(source, { filePath });
  const messages = result?.messages ?? [];
  // A parse error or a missing config would report nothing from our rule and pass vacuously.
  expect(messages.filter((m) => m.fatal || m.ruleId === null)).toEqual([]);
  const lines = new Set(messages.filter((m) => m.ruleId === RULE).map((m) => m.line));
  return [...lines].map((line) => specifiers[line - 1] ?? `line ${line}`);
}

async function expectBans(filePath: string, banned: readonly string[], allowed: readonly string[]): Promise<void> {
  expect(await reported(filePath, banned)).toEqual(banned);
  expect(await reported(filePath, allowed)).toEqual([]);
}

const nodeBuiltins = builtinModules.flatMap((name) => (name.startsWith('node:') ? [name] : [name, `node:${name}`]));
const nodeOnlyPackages = ['electron', 'electron/main', 'electron-store', 'ws', 'ws/lib/websocket.js', 'cross-spawn'];

describe('runtime-neutral layers: renderer, shared/ and common/ folders under main/services', () => {
  const neutralBanned = [...nodeBuiltins, 'node:test', ...nodeOnlyPackages];

  it('bans every Node built-in, with and without node:, and Node-only packages, in the renderer', async () => {
    expect(nodeBuiltins).toEqual(expect.arrayContaining(['fs', 'node:fs', 'child_process', 'path', 'node:path']));
    await expectBans('packages/renderer/src/features/probe.tsx', neutralBanned, [
      'react',
      'zod',
      '@shared/errors',
      './bridge/types',
      '../../desktop/app/main/services/capabilities/tools/mcp-users/common/redact',
      'wsx',
      'electronic',
    ]);
  });

  it('keeps the renderer away from main/, host/ and preload/ except common/ folders', async () => {
    await expectBans(
      'packages/renderer/src/probe.ts',
      ['../../desktop/app/main/services/createServices', '../../desktop/app/host/HostServer', '../../desktop/app/preload/index'],
      ['../../desktop/app/main/services/config/common/schema'],
    );
  });

  it('applies the same bans to shared/', async () => {
    await expectBans('packages/desktop/app/shared/contracts/probe.ts', [...neutralBanned, '../../main/services/createServices'], [
      'zod',
      '../errors',
    ]);
  });

  it('applies the same bans to any common/ folder under main/services, at any depth', async () => {
    for (const filePath of [
      'packages/desktop/app/main/services/common/probe.ts',
      'packages/desktop/app/main/services/capabilities/tools/mcp-users/common/redact/probe.ts',
    ]) {
      await expectBans(filePath, [...neutralBanned, '../../host/HostServer'], ['zod', '../../../../../shared/errors', './sibling']);
    }
  });
});

describe('plain Node layers: main/services and host/', () => {
  const electronBanned = ['electron', 'electron/main', 'electron-store', '../electron/ipc', '../../electron/window', '../../../preload/index'];
  const nodeAllowed = ['node:fs', 'fs', 'child_process', 'ws', 'cross-spawn', 'zod', '../../shared/errors'];

  it('bans Electron and host/ in main/services', async () => {
    await expectBans(
      'packages/desktop/app/main/services/config/probe.ts',
      [...electronBanned, '../../../host/HostServer', '../../../host/cli'],
      [...nodeAllowed, '../routers/McpRouter', './confBackend', '../hostile/x'],
    );
  });

  it('bans Electron in host/', async () => {
    await expectBans('packages/desktop/app/host/cli/probe.ts', electronBanned, [...nodeAllowed, '../HostServer']);
  });
});

describe('Electron layers', () => {
  it('let main/electron, main/index.ts and preload import Electron and Node', async () => {
    for (const filePath of [
      'packages/desktop/app/main/electron/probe.ts',
      'packages/desktop/app/main/index.ts',
      'packages/desktop/app/preload/index.ts',
    ]) {
      expect(await reported(filePath, ['electron', 'electron-store', 'node:path', '../shared/errors'])).toEqual([]);
    }
  });
});
