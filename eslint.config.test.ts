/**
 * Folder = runtime is enforced by eslint.config.js; this proves each ban fires (and that the
 * allowed imports stay allowed) by linting probe sources as if they lived in each layer. The
 * probe paths need not exist: ESLint picks the rules by `filePath`.
 */
import { builtinModules } from 'node:module';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';

const RULE = 'no-restricted-imports';

/** The type-aware rules of eslint.config.js: they need a type program, so `eslint` turns them off for its made-up probe paths and `typedLint` proves them. */
const TYPE_AWARE_RULES = [
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
  '@typescript-eslint/await-thenable',
  '@typescript-eslint/no-unnecessary-type-assertion',
  '@typescript-eslint/switch-exhaustiveness-check',
  '@typescript-eslint/no-base-to-string',
  '@typescript-eslint/require-array-sort-compare',
];
const TYPED_PROBES = ['packages/desktop/app/main/services/probe.ts', 'packages/desktop/app/main/services/probe.test.ts'];

const cwd = path.resolve(import.meta.dirname);
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd,
    overrideConfig: {
      files: ['**/*.{ts,tsx}'],
      languageOptions: { parserOptions: { project: null, projectService: false } },
      rules: Object.fromEntries(TYPE_AWARE_RULES.map((rule) => [rule, 'off'])),
    },
  });
});

/**
 * The root tsconfig's compiler options without Node's types: a probe imports nothing, so its
 * program is the probe and TypeScript's libraries.
 */
const probeOptions = { ...ts.getParsedCommandLineOfConfigFile(path.join(cwd, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!.options, types: [] };
let lastProbeProgram: ts.Program | undefined;
/** Each probe's result, by path and text: a test asks about several rules of one probe. */
const typedResults = new Map<string, Promise<ESLint.LintResult | undefined>>();

/**
 * Lints `source` as `filePath` with the type-aware rules on a type program of the probe alone.
 * Opening the root tsconfig's project for the first probe (as typescript-eslint's project service
 * did) parsed and bound its ~3,600 files, about 20 s of CPU; the rules need only the probe's own
 * types. Each program reuses the last one's library files, which do not change.
 */
function typedLint(source: string, filePath: string): Promise<ESLint.LintResult | undefined> {
  const key = `${filePath}\n${source}`;
  let result = typedResults.get(key);
  if (!result) typedResults.set(key, (result = lintOnProbeProgram(source, filePath)));
  return result;
}

async function lintOnProbeProgram(source: string, filePath: string): Promise<ESLint.LintResult | undefined> {
  const fileName = path.join(cwd, filePath);
  const host = ts.createCompilerHost(probeOptions);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.readFile = (name) => (name === fileName ? source : readFile(name));
  host.getSourceFile = (name, language, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, language, true) : getSourceFile(name, language, ...rest);
  const program = ts.createProgram({ rootNames: [fileName], options: probeOptions, host, ...(lastProbeProgram && { oldProgram: lastProbeProgram }) });
  lastProbeProgram = program;
  const typed = new ESLint({ cwd, overrideConfig: { files: TYPED_PROBES, languageOptions: { parserOptions: { project: null, projectService: false, programs: [program] } } } });
  const [result] = await typed.lintText(source, { filePath });
  return result;
}

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
      await expectBans(filePath, [...neutralBanned, '../../host/HostServer', '@services/createServices'], ['zod', '@shared/errors', '@services/config/common/schema', './sibling']);
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

describe('no relative import climbs four folders: the aliases cross rooms', () => {
  it('bans ../../../../ in every layer and allows the aliases and shorter climbs', async () => {
    for (const filePath of [
      'packages/renderer/src/features/a/b/probe.tsx',
      'packages/desktop/app/shared/contracts/probe.ts',
      'packages/desktop/app/main/services/capabilities/tools/probe.ts',
      'packages/desktop/app/host/cli/commands/probe.ts',
      'packages/desktop/app/main/electron/probe.ts',
    ]) {
      await expectBans(filePath, ['../../../../shared/errors', '../../../../../e2e/fixtures/servers/paths'], ['@shared/errors', '../../../x']);
    }
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

/**
 * Electron's hardening lives in one factory (main/electron/secureWindow.ts: context isolation,
 * sandbox, no Node, web security, no <webview>, navigation and window-open guards). These prove
 * the rule that keeps every window going through it: any other way to make a window or a web
 * contents, or to open a URL outside the checked opener, is an error anywhere under packages/.
 */
describe('windows and external links only through the secure factory and the checked opener', () => {
  const WINDOW_RULE = 'no-restricted-syntax';

  /** The lines of `source` the rule reports when it is linted as `filePath`. */
  async function flagged(filePath: string, source: string): Promise<number[]> {
    const [result] = await eslint.lintText(source, { filePath });
    const messages = result?.messages ?? [];
    expect(messages.filter((m) => m.fatal || m.ruleId === null)).toEqual([]);
    return [...new Set(messages.filter((m) => m.ruleId === WINDOW_RULE).map((m) => m.line))];
  }

  const BAD = [
    `import { BrowserWindow, BrowserView, WebContentsView, shell } from 'electron';`,
    `new BrowserWindow({ webPreferences: { nodeIntegration: true, contextIsolation: false, sandbox: false } });`,
    `new BrowserWindow();`,
    `new BrowserView({ webPreferences: { nodeIntegration: true } });`,
    `new WebContentsView();`,
    `import * as electron from 'electron';`,
    `new electron.BrowserWindow({ webPreferences: { webSecurity: false } });`,
    `import { BrowserWindow as Window } from 'electron';`,
    `void shell.openExternal('file:///etc/passwd');`,
    `const options = { action: 'allow', overrideBrowserWindowOptions: { webPreferences: { nodeIntegration: true } } };`,
  ].join('\n');
  // Every line but the two plain imports is a violation.
  const BAD_LINES = [2, 3, 4, 5, 7, 8, 9, 10];

  it('fires on a window made without the factory, wherever it is (the Electron layer included)', async () => {
    for (const filePath of ['packages/desktop/app/main/electron/probe.ts', 'packages/desktop/app/main/index.ts', 'packages/renderer/src/probe.ts']) {
      expect(await flagged(filePath, BAD), filePath).toEqual(BAD_LINES);
    }
  });

  it('lets the factory make its window and the checked opener call shell.openExternal, and nothing else there', async () => {
    expect(await flagged('packages/desktop/app/main/electron/secureWindow.ts', `import { BrowserWindow } from 'electron';\nnew BrowserWindow({});\nnew BrowserView();`)).toEqual([3]);
    expect(await flagged('packages/desktop/app/main/electron/externalLinks.ts', `import { shell } from 'electron';\nvoid shell.openExternal(u);\nnew BrowserWindow();`)).toEqual([3]);
  });

  it('leaves using an existing window alone', async () => {
    const fine = [
      `import { BrowserWindow, type BrowserWindow as Win } from 'electron';`,
      `BrowserWindow.getAllWindows();`,
      `let w: BrowserWindow | undefined;`,
      `const open = { action: 'deny' };`,
    ].join('\n');
    expect(await flagged('packages/desktop/app/main/index.ts', fine)).toEqual([]);
  });
});

/**
 * The renderer's styles are classes in styles.css on antd's tokens; an object literal in a JSX
 * `style` or antd's `styles` is refused, so fixed inline styles do not grow back. A value computed
 * at run time passes through dynamicStyle(), and a class or a prop is fine.
 */
describe('no inline style objects in the renderer', () => {
  const STYLE_RULE = 'no-restricted-syntax';

  async function flagged(filePath: string, source: string): Promise<number[]> {
    const [result] = await eslint.lintText(source, { filePath });
    const messages = result?.messages ?? [];
    expect(messages.filter((m) => m.fatal || m.ruleId === null)).toEqual([]);
    return [...new Set(messages.filter((m) => m.ruleId === STYLE_RULE).map((m) => m.line))];
  }

  const SOURCE = [
    `export const a = <div style={{ marginTop: 8 }} />;`,
    `export const b = <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM, color: '#999' }}>x</Typography.Text>;`,
    `export const c = <Modal styles={{ body: { paddingTop: 0 } }} />;`,
    `export const d = <div className="list-row" />;`,
    `export const e = <Flex gap="small" align="center" vertical />;`,
    `export const f = <div style={dynamicStyle({ height: virtualizer.getTotalSize() })} />;`,
    `export const g = <Modal classNames={{ body: 'review-modal-body' }} />;`,
  ].join('\n');

  it('fires on an object literal in style or styles, anywhere in the renderer', async () => {
    for (const filePath of ['packages/renderer/src/probe.tsx', 'packages/renderer/src/features/settings/components/tabs/tools-tab/probe.tsx']) {
      expect(await flagged(filePath, SOURCE), filePath).toEqual([1, 2, 3]);
    }
  });

  it('leaves classes, layout props, dynamicStyle and classNames alone', async () => {
    expect(await flagged('packages/renderer/src/probe.tsx', SOURCE.split('\n').slice(3).join('\n'))).toEqual([]);
  });

  it('keeps the window rules in the renderer alongside it', async () => {
    expect(await flagged('packages/renderer/src/probe.tsx', `new BrowserWindow();\nexport const a = <div style={{ margin: 0 }} />;`)).toEqual([1, 2]);
  });
});

/**
 * An icon says whether it is decoration (aria-hidden) or meaning (aria-label): left alone, its
 * English icon name joins the name of its button ("experiment Test", issue 28).
 */
describe('every icon in the renderer says what it is for', () => {
  async function flagged(source: string): Promise<number[]> {
    const [result] = await eslint.lintText(source, { filePath: 'packages/renderer/src/probe.tsx' });
    return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.line);
  }

  it('fires on an icon with neither aria-hidden nor a label, alone or inside a button', async () => {
    const source = [
      `export const a = <Button icon={<ExperimentOutlined />}>Test</Button>;`,
      `export const b = <CheckCircleFilled className="text-success" />;`,
      `export const c = <Button icon={<ExperimentOutlined aria-hidden />}>Test</Button>;`,
      `export const d = <RobotOutlined aria-label={t('model.label')} />;`,
      `export const e = <Tag icon={<SyncOutlined spin aria-hidden />}>Running</Tag>;`,
    ].join('\n');
    expect(await flagged(source)).toEqual([1, 2]);
  });
});

/**
 * Test kits live beside each package's production folder (packages/desktop/testing,
 * packages/renderer/testing) and the fixture servers in e2e/fixtures: production code imports
 * none of them, so the build cannot bundle them. Tests and fixture scripts in the production
 * folders may.
 */
describe('test kits stay out of production code', () => {
  const KIT_RULE = '@typescript-eslint/no-restricted-imports';

  async function kitImports(filePath: string, specifiers: readonly string[]): Promise<string[]> {
    const source = specifiers.map((s) => `import '${s}';`).join('\n');
    const [result] = await eslint.lintText(source, { filePath });
    const messages = result?.messages ?? [];
    expect(messages.filter((m) => m.fatal || m.ruleId === null)).toEqual([]);
    const lines = new Set(messages.filter((m) => m.ruleId === KIT_RULE).map((m) => m.line));
    return [...lines].map((line) => specifiers[line - 1] ?? `line ${line}`);
  }

  const kits = [
    '@desktop-testing/hostProcessTestkit',
    '@renderer-testing/FakeHost',
    '@fixtures/servers/paths',
    '../../testing/tempServices',
    '../../../e2e/fixtures/servers/paths',
    './McpService.testkit',
    './corpus.testkit.ts',
    './galleryTestkit',
    './storeWriter.fixture',
    '../__fixtures__/mcp-tool-schemas.json',
    './McpRouter.test',
  ];
  const production = ['@shared/errors', '@services/createServices', './McpService', '../common/toolConversion', './testingTips', './fixtures'];

  it('bans every kit, fixture and test in every production folder, and nothing else', async () => {
    for (const filePath of [
      'packages/desktop/app/main/services/probe.ts',
      'packages/desktop/app/host/cli/probe.ts',
      'packages/desktop/app/shared/probe.ts',
      'packages/desktop/app/main/electron/probe.ts',
      'packages/renderer/src/features/a/probe.tsx',
    ]) {
      expect(await kitImports(filePath, kits), filePath).toEqual(kits);
      expect(await kitImports(filePath, production), filePath).toEqual([]);
    }
  });

  it('lets tests, fixture scripts and the kits themselves use them', async () => {
    for (const filePath of [
      'packages/desktop/app/main/services/probe.test.ts',
      'packages/desktop/app/host/cli/probe.process.test.ts',
      'packages/renderer/src/features/a/Probe.test.tsx',
      'packages/desktop/app/main/services/config/probe.fixture.ts',
      'packages/desktop/testing/probe.ts',
      'packages/renderer/testing/probe.tsx',
    ]) {
      expect(await kitImports(filePath, kits), filePath).toEqual([]);
    }
  });

  it('keeps the layer bans in force beside it (a separate rule, not a replacement)', async () => {
    expect(await reported('packages/renderer/src/features/a/probe.tsx', ['node:fs', '@fixtures/servers/paths'])).toEqual(['node:fs']);
    expect(await kitImports('packages/renderer/src/features/a/probe.tsx', ['node:fs', '@fixtures/servers/paths'])).toEqual(['@fixtures/servers/paths']);
  });
});

/** The lines of `source` that `rule` reports when it is linted as `filePath`. */
async function linesOf(rule: string, filePath: string, source: string): Promise<number[]> {
  const result = TYPE_AWARE_RULES.includes(rule) ? await typedLint(source, filePath) : (await eslint.lintText(source, { filePath }))[0];
  const messages = result?.messages ?? [];
  expect(messages.filter((m) => m.fatal || m.ruleId === null)).toEqual([]);
  return messages.filter((m) => m.ruleId === rule).map((m) => m.line);
}

describe('no name hides an outer one', () => {
  it('reports an inner declaration that shadows an outer one, in every layer', async () => {
    const source = [`const stored = 1;`, `export function f(list: number[]) {`, `  for (const stored of list) void stored;`, `  return stored;`, `}`].join('\n');
    for (const filePath of ['packages/renderer/src/probe.ts', 'packages/desktop/app/main/services/probe.ts', 'e2e/probe.ts']) {
      expect(await linesOf('@typescript-eslint/no-shadow', filePath, source), filePath).toEqual([3]);
    }
  });
});

describe('type-aware rules in production source', () => {
  const SOURCE = TYPED_PROBES[0]!;

  it('reports a floating promise, a promise handed where void is expected, and an await of a non-promise', async () => {
    const source = [
      `async function load(): Promise<number> { return 1; }`,
      `load();`,
      `export const handlers: { onClick: () => void } = { onClick: async () => { await load(); } };`,
      `export async function f() { return await 1; }`,
      `void load();`,
    ].join('\n');
    expect(await linesOf('@typescript-eslint/no-floating-promises', SOURCE, source)).toEqual([2]);
    expect(await linesOf('@typescript-eslint/no-misused-promises', SOURCE, source)).toEqual([3]);
    expect(await linesOf('@typescript-eslint/await-thenable', SOURCE, source)).toEqual([4]);
  });

  it('reports a cast that changes nothing, a switch that misses a member, an object in a string and a numeric sort', async () => {
    const source = [
      `export function f(kind: 'a' | 'b', text: string, o: { x: number }, n: number[]) {`,
      `  const same = text as string;`,
      `  switch (kind) { case 'a': return same; }`,
      `  return String(o) + [...n].sort().join();`,
      `}`,
    ].join('\n');
    expect(await linesOf('@typescript-eslint/no-unnecessary-type-assertion', SOURCE, source)).toEqual([2]);
    expect(await linesOf('@typescript-eslint/switch-exhaustiveness-check', SOURCE, source)).toEqual([3]);
    expect(await linesOf('@typescript-eslint/no-base-to-string', SOURCE, source)).toEqual([4]);
    expect(await linesOf('@typescript-eslint/require-array-sort-compare', SOURCE, source)).toEqual([4]);
  });

  it('stays off in tests, where tsc alone checks types', async () => {
    expect(await linesOf('@typescript-eslint/no-floating-promises', TYPED_PROBES[1]!, `async function f() {}\nf();`)).toEqual([]);
  });
});
