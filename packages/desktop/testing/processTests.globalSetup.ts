/**
 * Vitest `process` project: says once, up front, when the subprocess tests will start the CLI and
 * the host from their TypeScript sources (through tsx, ~2 s of CPU per start) because the build
 * in out/ is missing or older than the sources. They pass either way; `npm test` builds first.
 */
import path from 'node:path';
import { isCliBuildFresh } from '../bin/cliBuild.mjs';
import { REPO_ROOT } from './hostProcessTestkit';

export default function warnWhenBuildIsStale(): void {
  const stale = (['cli', 'host'] as const).filter((entry) => !isCliBuildFresh(path.join(REPO_ROOT, 'out/main'), entry));
  if (stale.length > 0) {
    const files = stale.map((entry) => `out/main/${entry}.js`).join(' and ');
    console.warn(`[process tests] ${files}: missing or older than the sources, so those subprocesses run the TypeScript through tsx, several times slower. Run "npm run build" first for a faster run.`);
  }
}
