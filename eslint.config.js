import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';

/*
 * Folder = runtime. Three layers, each with its own import bans (eslint.config.test.ts proves
 * every ban fires):
 * - runtime-neutral: the renderer, `shared/`, and any `common/` folder under `main/services/`
 *   (pure code of a Node-side feature that the renderer and the CLI share). It runs in a browser,
 *   so no Node built-in, no Electron, and no package that needs Node (ws, cross-spawn).
 * - plain Node: `main/services/` and `host/` run under the CLI and browser mode too, where
 *   Electron does not exist; Electron capabilities reach them only as ports.
 * - Electron: `main/electron/`, `main/index.ts` and `preload/`, unrestricted.
 * Later blocks replace `no-restricted-imports` of earlier ones for the files they match, so the
 * neutral block comes last and repeats the Electron bans.
 */

const NEUTRAL = [
  'packages/renderer/**',
  'packages/desktop/app/shared/**',
  'packages/desktop/app/main/services/**/common/**',
];

const nodeBuiltins = builtinModules.flatMap((name) => (name.startsWith('node:') ? [name] : [name, `node:${name}`]));

/** `electron`, `electron/main`, `electron-store` and anything else in Electron's namespace. */
const electronPackages = {
  regex: '^electron([-/].*)?$',
  message: 'Only main/electron, main/index.ts and preload may import Electron; plain Node code gets it through a port.',
};
/** Relative imports of the Electron-only folders, `main/electron/` and `preload/`. */
const electronFolders = {
  regex: '^\\.\\.?/(.*/)?(electron|preload)(/.*)?$',
  caseSensitive: true,
  message: 'main/electron and preload are Electron-only; reach them through a port.',
};

/**
 * A relative import that climbs four or more folders crosses from one room of the tree into
 * another: it names the target through the path aliases instead (aliases.config.ts), so moving a
 * file does not break imports that have nothing to do with it.
 */
const deepRelative = {
  regex: '^(\\.\\./){4,}',
  message: 'Four or more ../ cross rooms: import through an alias (@shared, @services, @mcp-common, @renderer, @locales, @fixtures).',
};

/*
 * Electron's hardening lives in one factory, main/electron/secureWindow.ts (context isolation,
 * sandbox, no Node integration, web security, no <webview>, navigation and window-open guards),
 * and URLs reach the person's browser through one checked opener, main/electron/externalLinks.ts.
 * These selectors make any other way an error anywhere under packages/ (eslint.config.test.ts
 * proves each fires): a window or web contents made with `new`, an aliased import that would hide
 * one from the check, shell.openExternal, and a window-open handler that lets Electron make a
 * child window itself.
 */
const SECURE_WINDOW_FACTORY = 'packages/desktop/app/main/electron/secureWindow.ts';
const CHECKED_OPENER = 'packages/desktop/app/main/electron/externalLinks.ts';
const WINDOW_CLASSES = ['BrowserWindow', 'BrowserView', 'WebContentsView'];

function windowRestrictions({ factory = false, opener = false } = {}) {
  const made = factory ? WINDOW_CLASSES.filter((name) => name !== 'BrowserWindow') : WINDOW_CLASSES;
  const madePattern = `/^(${made.join('|')})$/`;
  const makeMessage = `Windows are made only by createSecureWindow (${SECURE_WINDOW_FACTORY}), which fixes their webPreferences and guards; extend it instead.`;
  return [
    'error',
    { selector: `NewExpression[callee.name=${madePattern}]`, message: makeMessage },
    { selector: `NewExpression[callee.property.name=${madePattern}]`, message: makeMessage },
    {
      selector: `:matches(${WINDOW_CLASSES.map((name) => `ImportDeclaration[importKind='value'] > ImportSpecifier[importKind='value'][imported.name='${name}'][local.name!='${name}']`).join(', ')})`,
      message: 'Import Electron window classes under their own names, so the window rule can see them.',
    },
    ...(opener
      ? []
      : [
          {
            selector: "CallExpression[callee.property.name='openExternal']",
            message: `Open URLs with openExternalChecked (${CHECKED_OPENER}): shell.openExternal opens files and other programs too.`,
          },
        ]),
    {
      selector: ":matches(Property[key.name='overrideBrowserWindowOptions'], Property[key.name='action'][value.value='allow'])",
      message: 'A window-open handler must deny: a child window Electron makes itself skips createSecureWindow.',
    },
  ];
}

/*
 * The renderer's styles live in one place, packages/renderer/src/styles.css, as named classes on
 * antd's tokens (--ant-* variables, so both themes follow them); layout a component offers as a
 * prop stays a prop. An object literal in a JSX `style` (or antd's semantic `styles`) is a fixed
 * style written inline, so it is refused; a value known only at run time goes through
 * dynamicStyle (renderer/src/theme/dynamicStyle.ts). eslint.config.test.ts proves it fires.
 */
const inlineStyleObject = {
  selector: 'JSXAttribute[name.name=/^styles?$/] > JSXExpressionContainer > ObjectExpression',
  message:
    'No inline style objects: use a component prop (Flex gap/align, Space size, Typography type) or a class in packages/renderer/src/styles.css on antd tokens (var(--ant-…)); a value computed at run time goes through dynamicStyle().',
};

/*
 * An @ant-design/icons icon names itself in English ("experiment", "check-circle") unless told
 * otherwise, and that name joins the name of the button it sits in ("experiment Test"). Every
 * icon says what it is: aria-hidden beside words (nearly always), aria-label when it alone
 * carries a meaning; an icon-only button names itself with its own aria-label.
 */
const iconWithoutRole = {
  selector: 'JSXOpeningElement[name.name=/^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/]:not(:has(JSXAttribute[name.name=/^aria-(hidden|label|labelledby)$/]))',
  message: 'An icon needs aria-hidden (decoration beside words) or aria-label (it alone says something); otherwise its English icon name leaks into the control\'s accessible name.',
};

/*
 * Test kits stay out of production. Harnesses, sandboxes and fakes live beside each package's
 * production folder (packages/desktop/testing, packages/renderer/testing; aliases
 * @desktop-testing and @renderer-testing) and the fixture servers in e2e/fixtures (@fixtures);
 * no production file may import them, nor a test, a `*.testkit`/`*.fixture` file or __fixtures__
 * data, so a build never bundles test code (eslint.config.test.ts proves it). This is
 * @typescript-eslint's copy of no-restricted-imports, so it adds to each layer's bans instead of
 * replacing them.
 */
const PRODUCTION = ['packages/desktop/app/**', 'packages/renderer/src/**'];
const TEST_CODE = ['**/*.test.{ts,tsx}', '**/*.fixture.{ts,mts,mjs}'];
const testKits = [
  {
    regex: '^@(desktop-testing|renderer-testing|fixtures)(/|$)|(^|/)(testing|e2e|__fixtures__)(/|$)',
    message: 'Production code must not import test support (packages/*/testing, e2e/, __fixtures__): a test imports the production code, never the reverse.',
  },
  {
    regex: '(\\.testkit|Testkit|\\.fixture|\\.test)(\\.[cm]?[jt]sx?)?$',
    message: 'Production code must not import a test, a test kit or a fixture.',
  },
];

/**
 * The files the type-aware rules below read, through the root tsconfig's program. Exported for
 * scripts/typecheckAndLint.mjs, which hands ESLint that program after tsc has checked it.
 */
export const TYPE_AWARE_FILES = {
  files: ['packages/**/*.{ts,tsx}'],
  ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.testkit.ts', '**/*Testkit.ts', 'packages/*/testing/**'],
};

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A name that hides an outer one makes a reader (and a later edit) pick the wrong value.
      'no-shadow': 'off',
      '@typescript-eslint/no-shadow': 'error',
    },
  },
  {
    /*
     * Type-aware rules: bugs only the types show. Production source only: tests, e2e and bench
     * would make the type program (and lint time) much larger for little; tsc still checks them.
     * - floating / misused promises: a rejection nobody handles (a promise handed to a prop that
     *   expects void, as antd's Popconfirm onConfirm) is lost or crashes the process.
     * - await-thenable, no-unnecessary-type-assertion: an await or a cast that does nothing hides
     *   what the code really relies on.
     * - switch-exhaustiveness-check: a new union member (a transport, an event) must be handled.
     * - no-base-to-string: '[object Object]' in a message a person reads.
     * - require-array-sort-compare: sort() without a comparator orders numbers as strings.
     * One type program, the root tsconfig's (it includes every package): projectService would build
     * one per nearest tsconfig (root, renderer, shared), with shared in all three (58.7 → 49.6 s).
     * Test kits in each package's testing/ folder are test code, as are *.test and *testkit files.
     */
    ...TYPE_AWARE_FILES,
    languageOptions: { parserOptions: { project: ['./tsconfig.json'], tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/require-array-sort-compare': ['error', { ignoreStringArrays: true }],
    },
  },
  {
    files: ['packages/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  { files: ['packages/**/*.{ts,tsx,js,mjs,cjs}'], rules: { 'no-restricted-syntax': windowRestrictions() } },
  { files: ['packages/renderer/**/*.tsx'], rules: { 'no-restricted-syntax': [...windowRestrictions(), inlineStyleObject, iconWithoutRole] } },
  { files: ['packages/**/*.{ts,tsx,mts}'], rules: { 'no-restricted-imports': ['error', { patterns: [deepRelative] }] } },
  { files: [SECURE_WINDOW_FACTORY], rules: { 'no-restricted-syntax': windowRestrictions({ factory: true }) } },
  { files: [CHECKED_OPENER], rules: { 'no-restricted-syntax': windowRestrictions({ opener: true }) } },
  {
    files: ['packages/desktop/app/host/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [deepRelative, electronPackages, electronFolders] }] },
  },
  {
    files: ['packages/desktop/app/main/services/**'],
    ignores: NEUTRAL,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            deepRelative,
            electronPackages,
            electronFolders,
            {
              regex: '^\\.\\.?/(.*/)?host(/.*)?$',
              caseSensitive: true,
              message: 'Services must not import host/: browser mode and the CLI are built on the services, not the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    files: NEUTRAL,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins.map((name) => ({
            name,
            message: 'The renderer, shared/ and common/ run in the browser: no Node built-ins.',
          })),
          patterns: [
            {
              // Prefix-only built-ins (node:test, node:sqlite…) are missing from builtinModules on older Node.
              regex: '^node:',
              message: 'The renderer, shared/ and common/ run in the browser: no Node built-ins.',
            },
            electronPackages,
            deepRelative,
            {
              regex: '^(ws|cross-spawn)(/.*)?$',
              message: 'The renderer, shared/ and common/ run in the browser: no packages that need Node.',
            },
            {
              // A `common/` folder under main/services is runtime-neutral, so it stays importable,
              // by a relative path or through the @services alias.
              regex: '(^|/)(host|preload)(/|$)|(^|/)main/(?!services/(.*/)?common/)|^@services/(?!(.*/)?common/)',
              caseSensitive: true,
              message: 'The renderer, shared/ and common/ import only shared/ and common/ folders.',
            },
          ],
        },
      ],
    },
  },
  {
    files: PRODUCTION,
    ignores: TEST_CODE,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: testKits }] },
  },
);
