/**
 * bin/elftia-mcp.mjs runs the build only while it is current for the sources. The real bin and
 * cliBuild.mjs are copied into a throwaway checkout whose "source" and "build" say which one
 * answered; node_modules is linked so tsx resolves as in the repo.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cliManifest, isCliBuildFresh, MANIFEST } from '../../../bin/cliBuild.mjs';

const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const BIN_DIR = path.join(ROOT, 'packages/desktop/bin');

let checkout: string;
let outMain: string;
let source: string;
let helper: string;

beforeEach(() => {
  checkout = mkdtempSync(path.join(tmpdir(), 'elftia-bin-'));
  const bin = path.join(checkout, 'packages/desktop/bin');
  mkdirSync(bin, { recursive: true });
  for (const file of ['elftia-mcp.mjs', 'cliBuild.mjs']) copyFileSync(path.join(BIN_DIR, file), path.join(bin, file));
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(checkout, 'node_modules'));
  source = path.join(checkout, 'packages/desktop/app/host/cli/index.ts');
  helper = path.join(checkout, 'packages/desktop/app/host/cli/helper.ts');
  mkdirSync(path.dirname(source), { recursive: true });
  writeFileSync(helper, "export const from: string = 'source';\n");
  writeFileSync(source, "import { from } from './helper';\nconsole.log(`from ${from}`);\n");
  outMain = path.join(checkout, 'out/main');
  mkdirSync(outMain, { recursive: true });
});
afterEach(() => rmSync(checkout, { recursive: true, force: true }));

/** A "build" of the two sources, with the manifest the build plugin would write. */
function build(): void {
  writeFileSync(path.join(outMain, 'cli.js'), "console.log('from build');\n");
  const manifest = cliManifest(outMain, [source, helper], Date.now() + 1000);
  writeFileSync(path.join(outMain, MANIFEST), manifest!);
}

const answer = () => {
  const result = spawnSync(process.execPath, [path.join(checkout, 'packages/desktop/bin/elftia-mcp.mjs')], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return result.stdout.trim();
};

/** Moves a file's mtime one minute on, as an editor's save would. */
const touch = (file: string) => {
  const later = new Date(Date.now() + 60_000);
  utimesSync(file, later, later);
};

describe('the bin picks the build only while it is current', () => {
  it('runs the build when every source it was made from is unchanged', () => {
    build();
    expect(isCliBuildFresh(outMain)).toBe(true);
    expect(answer()).toBe('from build');
  });

  it('runs the source when a file the build was made from was edited, even to the same size', () => {
    build();
    touch(helper);
    expect(isCliBuildFresh(outMain)).toBe(false);
    expect(answer()).toBe('from source');
  });

  it('runs the source when a file changed size, is gone, or there is no build or manifest', () => {
    expect(answer()).toBe('from source');
    build();
    writeFileSync(helper, "export const from: string = 'source';\n// longer now\n");
    expect(isCliBuildFresh(outMain)).toBe(false);
    build();
    rmSync(path.join(outMain, MANIFEST));
    expect(answer()).toBe('from source');
    build();
    writeFileSync(path.join(outMain, MANIFEST), '{"version":1,"files":{}}');
    expect(isCliBuildFresh(outMain)).toBe(false);
    build();
    rmSync(helper);
    expect(isCliBuildFresh(outMain)).toBe(false);
  });

  it('writes no manifest when a source changed while the build ran', () => {
    touch(helper);
    expect(cliManifest(outMain, [source, helper], Date.now())).toBeUndefined();
  });
});
