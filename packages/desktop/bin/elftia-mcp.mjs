#!/usr/bin/env node
// elftia-mcp. In a checkout it runs the TypeScript source through tsx (a dev dependency), so it
// works straight after `npm install` and a build left over from older sources can never answer
// for the current ones. Where there is no source or no tsx (a packaged app), it runs the build,
// out/main/cli.js.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const desktop = new URL('../', import.meta.url);
const built = fileURLToPath(new URL('../../out/main/cli.js', desktop));
const source = fileURLToPath(new URL('app/host/cli/index.ts', desktop));

async function loadTsx() {
  try {
    return (await import('tsx/esm/api')).tsImport;
  } catch {
    return undefined;
  }
}

const tsImport = existsSync(source) ? await loadTsx() : undefined;
if (tsImport) {
  await tsImport(pathToFileURL(source).href, import.meta.url);
} else if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  process.stderr.write('elftia-mcp: neither the source with tsx nor a build (npm run build) is available\n');
  process.exit(1);
}
