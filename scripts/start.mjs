/**
 * `npm start`: builds when the sources are newer than the build, then launches the Electron app
 * or, where Electron cannot run, serves the same UI in browser mode. `--web` forces browser mode.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfNeeded } from './buildIfNeeded.mjs';
import { ensureElectron } from './electronBinary.mjs';
import { launchChild } from './launchChild.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const forceWeb = process.argv.includes('--web');
const passThrough = process.argv.slice(2).filter((a) => a !== '--web');

function run(command, args) {
  launchChild(command, args, { cwd: root });
}

buildIfNeeded();
const electron = forceWeb ? undefined : ensureElectron();
if (electron?.ok) {
  run(electron.binary, ['.', ...passThrough]);
} else {
  if (electron) console.log(`${electron.reason[0].toUpperCase()}${electron.reason.slice(1)}. Serving Elftia MCP in browser mode instead.`);
  run(process.execPath, [path.join(root, 'out/main/host.js'), ...passThrough]);
}
