#!/usr/bin/env node
// elftia-mcp. Runs the build, out/main/cli.js, whenever it is current for the sources (a stat of
// each file the build was made from, see cliBuild.mjs): that starts several times faster than
// compiling the TypeScript on the fly. In a checkout whose build is missing or older than the
// sources, it runs the source through tsx (a dev dependency), so a stale build never answers.
// Where there is no source (a packaged app), it runs the build as shipped.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isCliBuildFresh } from './cliBuild.mjs';

const desktop = new URL('../', import.meta.url);
const outMain = fileURLToPath(new URL('../../out/main/', desktop));
const built = fileURLToPath(new URL('../../out/main/cli.js', desktop));
const source = fileURLToPath(new URL('app/host/cli/index.ts', desktop));

async function loadTsx() {
  try {
    return (await import('tsx/esm/api')).tsImport;
  } catch {
    return undefined;
  }
}

const checkout = existsSync(source);
if (existsSync(built) && (!checkout || isCliBuildFresh(outMain))) {
  await import(pathToFileURL(built).href);
} else {
  const tsImport = checkout ? await loadTsx() : undefined;
  if (tsImport) {
    await tsImport(pathToFileURL(source).href, import.meta.url);
  } else {
    const why = checkout ? 'the build is missing or older than the sources, and tsx is not installed' : 'there is no build';
    process.stderr.write(`elftia-mcp: cannot start: ${why} (run npm install, then npm run build)\n`);
    process.exit(1);
  }
}
