#!/usr/bin/env node
// elftia-mcp: runs the built CLI (out/main/cli.js) when there is one, else the TypeScript source
// through tsx, so the command works straight after `npm install`, before any build.
// ELFTIA_CLI_FROM_SOURCE=1 forces the source (tests do, so a stale build never answers for it).
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const desktop = new URL('../', import.meta.url);
const built = fileURLToPath(new URL('../../out/main/cli.js', desktop));
const source = fileURLToPath(new URL('app/host/cli/index.ts', desktop));

if (existsSync(built) && process.env.ELFTIA_CLI_FROM_SOURCE !== '1') {
  await import(pathToFileURL(built).href);
} else {
  let tsImport;
  try {
    ({ tsImport } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write('elftia-mcp: neither a build (run "npm run build") nor tsx (a dev dependency) is available\n');
    process.exit(1);
  }
  await tsImport(pathToFileURL(source).href, import.meta.url);
}
