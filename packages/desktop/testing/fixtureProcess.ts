/**
 * Process-test helper: how to start a `*.fixture.ts` child process, from the bundle
 * fixtureBundles.globalSetup.ts made for this run of the `process` project.
 */
import path from 'node:path';
import { inject } from 'vitest';
import { REPO_ROOT } from './hostProcessTestkit';

export const FIXTURE_BUNDLES_KEY = 'fixtureBundles';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of this run's fixture bundles, laid out like the repo. */
    [FIXTURE_BUNDLES_KEY]: string;
  }
}

/** The bundle to run with `node` for `fixture`, an absolute path to a `*.fixture.ts`. */
export function fixtureBundle(fixture: string): string {
  const bundles = inject(FIXTURE_BUNDLES_KEY);
  if (!bundles) throw new Error(`No fixture bundles for ${fixture}: it runs under the process project, whose globalSetup makes them.`);
  return path.join(bundles, path.relative(REPO_ROOT, fixture).replace(/\.ts$/, '.js'));
}
