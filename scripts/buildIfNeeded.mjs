/**
 * Builds the app (electron-vite) when a source is newer than the build: `npm start` and
 * `npm run screenshots` both run the build they find only while it is current.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

export function buildIfNeeded() {
  const outputs = ['out/main/index.js', 'out/main/host.js', 'out/preload/index.cjs', 'out/renderer/index.html'].map((f) => path.join(root, f));
  const builtAt = Math.min(...outputs.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  const sourcesAt = Math.max(
    ...['packages', 'locales', 'resources'].map((d) => newestMtime(path.join(root, d))),
    fs.statSync(path.join(root, 'electron.vite.config.ts')).mtimeMs,
  );
  if (builtAt > sourcesAt) return;
  console.log('Building Elftia MCP…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('The build failed; see the messages above.');
    process.exit(result.status ?? 1);
  }
}
