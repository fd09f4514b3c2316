import path from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { cspForMeta, RENDERER_CSP } from './packages/desktop/app/shared/csp';
import { cliManifestPlugin } from './packages/desktop/bin/cliBuild.mjs';
import { importAliases } from './aliases.config';
import { firstLoadBudget } from './scripts/firstLoadBudget';

const app = path.resolve('packages/desktop/app');
const aliases = importAliases(path.resolve('.'));
/** Main and preload reach the runtime-neutral layers; only the renderer has `@renderer` and the form library. */
const alias = { '@shared': aliases['@shared']!, '@mcp-common': aliases['@mcp-common']!, '@services': aliases['@services']! };
const rendererAlias = aliases;

/**
 * The built page carries the CSP as a <meta> too: Electron loads it from file://, where no
 * response header exists. (frame-ancestors is ignored in a meta tag; the host sends it as a header.)
 */
function cspMetaTag(): Plugin {
  const content = cspForMeta(RENDERER_CSP);
  return {
    name: 'elftia-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content }, injectTo: 'head-prepend' }],
  };
}

/**
 * The renderer's vendor chunks (docs/architecture.md, "The first screen"): React, and the data and
 * i18n libraries the first screen needs, apart from our code, so a build that changes only our code
 * leaves them as they were. Everything else is left to the bundler: screens and panes other than
 * the server list are imported lazily (lazyComponent), and the libraries and antd components only
 * they use go with them (the schema form library with the playground, markdown with the tool call
 * display). A group naming a lazy library would also take in its dependencies that the first
 * screen shares, and the first screen would fetch that whole chunk.
 */
const rendererChunks = {
  groups: [
    { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
    { name: 'vendor', test: /node_modules[\\/](i18next|react-i18next|@tanstack|zod)[\\/]/ },
    // Each language but English (in the first screen) is one chunk, fetched when it is the person's.
    { name: (id: string) => `locale-${/locales[\\/]([a-z]+)[\\/]/.exec(id)?.[1]}`, test: /[\\/]locales[\\/](?!en[\\/])[a-z]+[\\/].*\.json$/ },
  ],
};

/** Before the first render the page also fetches the person's language (i18n/resources.ts): the largest counts. */
const LANGUAGE_CHUNK = /^assets\/locale-/;

export default defineConfig({
  main: {
    resolve: { alias },
    // out/main/{cli,host}.sources.json: bin/elftia-mcp.mjs and the process tests run this build
    // only while it is current.
    plugins: [cliManifestPlugin({ entries: ['cli', 'host'], extraFiles: [path.resolve('package-lock.json'), path.resolve('electron.vite.config.ts')] })],
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        // The Electron entry, the browser-mode host and the CLI share one build of the services.
        input: {
          index: path.join(app, 'main/index.ts'),
          host: path.join(app, 'host/index.ts'),
          cli: path.join(app, 'host/cli/index.ts'),
        },
        output: { chunkFileNames: 'chunks/services-[hash].js' },
      },
    },
  },
  preload: {
    resolve: { alias },
    build: {
      outDir: 'out/preload',
      rolldownOptions: {
        input: { index: path.join(app, 'preload/index.ts') },
        // A sandboxed preload must be CommonJS.
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'packages/renderer',
    resolve: { alias: rendererAlias },
    plugins: [react(), cspMetaTag(), firstLoadBudget({ alsoLargestOf: LANGUAGE_CHUNK })],
    build: {
      outDir: path.resolve('out/renderer'),
      // electron-vite leaves the renderer unminified by default; minified it is less than half the size.
      minify: true,
      rolldownOptions: {
        input: path.resolve('packages/renderer/index.html'),
        output: { codeSplitting: rendererChunks },
      },
    },
  },
});
