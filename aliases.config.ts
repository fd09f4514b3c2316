/**
 * The import aliases, declared once for every Vite that loads our code: the electron-vite build,
 * Vitest and the render bench (tsconfig.json's `paths` mirror the first three).
 */
import path from 'node:path';

export function importAliases(root: string): Record<string, string> {
  const app = path.join(root, 'packages/desktop/app');
  return {
    '@shared': path.join(app, 'shared'),
    '@mcp-common': path.join(app, 'main/services/capabilities/tools/mcp-users/common'),
    '@services': path.join(app, 'main/services'),
    '@renderer': path.join(root, 'packages/renderer/src'),
    '@locales': path.join(root, 'locales'),
    // Test kits only: the fixture servers and stand-in model the tests start, and each package's
    // test support (harnesses, sandboxes, fakes) beside its production folder, never in it. Lint
    // keeps production code off all three (eslint.config.js, "test kits").
    '@fixtures': path.join(root, 'e2e/fixtures'),
    '@desktop-testing': path.join(root, 'packages/desktop/testing'),
    '@renderer-testing': path.join(root, 'packages/renderer/testing'),
    // @rjsf/core imports the ajv validator, which cannot run under the renderer's CSP and is not
    // installed; ours stands in (see the file).
    '@rjsf/validator-ajv8': path.join(root, 'packages/renderer/src/features/playground/model/ajv8Alias.ts'),
  };
}
