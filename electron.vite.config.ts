import path from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';

const app = path.resolve('packages/desktop/app');
const alias = { '@shared': path.join(app, 'shared') };

export default defineConfig({
  main: {
    resolve: { alias },
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        // The Electron entry and the browser-mode host share one build of the services.
        input: {
          index: path.join(app, 'main/index.ts'),
          host: path.join(app, 'host/index.ts'),
        },
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
    resolve: { alias },
    plugins: [react()],
    build: {
      outDir: path.resolve('out/renderer'),
      rolldownOptions: { input: path.resolve('packages/renderer/index.html') },
    },
  },
});
