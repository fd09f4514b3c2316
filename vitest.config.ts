import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@shared': path.resolve('packages/desktop/app/shared') } },
  test: {
    include: ['packages/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    // Node services by default; renderer component tests opt into jsdom with a file comment.
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
