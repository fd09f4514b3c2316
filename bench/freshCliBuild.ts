/**
 * The benches that run `elftia-mcp` measure the CLI as it ships: the bin runs the build only while
 * it is current (bin/cliBuild.mjs), so a missing or stale build (a fresh clone has none) is built
 * first. Returns whether the bin now runs the build.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { isCliBuildFresh } from '../packages/desktop/bin/cliBuild.mjs';

export const CLI_BIN = path.resolve('packages/desktop/bin/elftia-mcp.mjs');

export function ensureFreshCliBuild(): boolean {
  const out = path.resolve('out/main');
  if (!isCliBuildFresh(out)) {
    console.log('The build is missing or older than the sources: npm run build, so the bin runs what ships…');
    spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  }
  return isCliBuildFresh(out);
}
