/**
 * `npm run typecheck`, and `npm test`'s check of the renderer's and shared code's programs: each
 * named program (all three when none is named) checked by TypeScript 7, the native compiler, which
 * checks a program on every core and took 23 CPU s for the renderer's and shared code's programs
 * against TypeScript 5.9's 46 (one after the other on this 2-core machine, 12 s against 31 s of
 * wall time). TypeScript 5.9 stays the `typescript` package: typescript-eslint's type-aware rules
 * need its JavaScript API, so the root program's check in `npm test` is 5.9's on the program ESLint
 * reads (scripts/typecheckAndLint.mjs), and each compiler checks every file at least once.
 *
 * Both packages name their command `tsc`, and which one `node_modules/.bin/tsc` ends up as depends
 * on how the tree was installed, so the native one is run from its own package, never by name.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const PROGRAMS = {
  root: 'tsconfig.json',
  renderer: 'packages/renderer/tsconfig.json',
  shared: 'packages/desktop/app/shared/tsconfig.json',
};

const named = process.argv.slice(2);
const unknown = named.filter((name) => !(name in PROGRAMS));
if (unknown.length > 0) {
  console.error(`typecheck: no program named ${unknown.join(', ')} (there are ${Object.keys(PROGRAMS).join(', ')})`);
  process.exit(2);
}

const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin', 'tsc');
let failed = false;
for (const name of named.length > 0 ? named : Object.keys(PROGRAMS)) {
  const started = performance.now();
  const { status, signal } = spawnSync(process.execPath, [tsc, '-p', PROGRAMS[name], '--noEmit'], { stdio: 'inherit' });
  const ok = status === 0;
  failed ||= !ok;
  console.log(`tsc -p ${PROGRAMS[name]}: ${ok ? 'no errors' : `failed (${signal ?? `exit ${status}`})`} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(failed ? 1 : 0);
