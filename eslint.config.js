import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Folder = runtime (DESIGN.md §2): these folders must never import Electron or Node built-ins. */
const noElectron = { name: 'electron', message: 'Only main/electron, main/index.ts and preload may import electron.' };

export default tseslint.config(
  { ignores: ['node_modules/**', 'out/**', 'dist/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['packages/desktop/app/main/services/**', 'packages/desktop/app/host/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [noElectron] }] },
  },
  {
    files: ['packages/desktop/app/shared/**', 'packages/renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron],
          patterns: [
            { group: ['node:*'], message: 'shared/ and the renderer run in the browser: no Node built-ins.' },
            { group: ['**/main/**', '**/host/**', '**/preload/**'], message: 'The renderer and shared/ import only shared/.' },
          ],
        },
      ],
    },
  },
  {
    // Pure logic of a Node-side feature that the renderer will share (DESIGN.md §2, `common/`).
    files: ['packages/desktop/app/main/services/capabilities/tools/mcp-users/redaction.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [noElectron], patterns: [{ group: ['node:*', 'fs', 'path', 'os', 'child_process', 'buffer', 'url', 'crypto'], message: 'redaction.ts is pure: no Node APIs.' }] },
      ],
      'no-restricted-globals': ['error', 'Buffer', 'process', 'require'],
    },
  },
);
