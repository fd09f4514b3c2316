// Is out/main/cli.js the build of the CLI's sources as they are now? The build (a plugin in
// electron.vite.config.ts) writes out/main/cli.sources.json beside it: every file the CLI bundle
// was made from (project sources through the import graph, plus the lockfile, since dependencies
// are bundled, and the build config), each with its size and mtime. The bin stats exactly those
// files, ~100 stats or about a millisecond, and runs the build only when all of them match.
// A new file cannot change the bundle without an edit to a file that imports it, which is listed;
// a deleted one fails its stat. So the check is cheap and never takes a stale build for fresh.
// The browser-mode host gets the same (host.sources.json): the process tests run its build
// while it is current (packages/desktop/testing/hostProcessTestkit.ts).
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The manifest of an entry's bundle, beside it in out/main. */
export const manifestName = (entry = 'cli') => `${entry}.sources.json`;
export const MANIFEST = manifestName('cli');
const VERSION = 1;

/** @param {string} file */
function fingerprint(file) {
  const { size, mtimeMs } = statSync(file);
  return [size, mtimeMs];
}

/**
 * The manifest for `files` (absolute paths) as it will sit in `outDir`; undefined when a file
 * changed after `startedAt`, since the bundle may then hold its older content.
 * @param {string} outDir @param {Iterable<string>} files @param {number} startedAt
 */
export function cliManifest(outDir, files, startedAt) {
  /** @type {Record<string, number[]>} */
  const entries = {};
  for (const file of [...new Set(files)].sort()) {
    const print = fingerprint(file);
    if ((print[1] ?? 0) > startedAt) return undefined;
    entries[path.relative(outDir, file)] = print;
  }
  return JSON.stringify({ version: VERSION, files: entries });
}

/** @param {string} outDir the folder of cli.js and its manifest @param {string} [entry] `cli` or `host` */
export function isCliBuildFresh(outDir, entry = 'cli') {
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(outDir, manifestName(entry)), 'utf8'));
  } catch {
    return false;
  }
  if (manifest?.version !== VERSION || typeof manifest.files !== 'object' || manifest.files === null) return false;
  const entries = Object.entries(manifest.files);
  if (entries.length === 0) return false;
  try {
    return entries.every(([file, [size, mtimeMs]]) => {
      const [nowSize, nowMtime] = fingerprint(path.resolve(outDir, file));
      return nowSize === size && nowMtime === mtimeMs;
    });
  } catch {
    return false;
  }
}

/**
 * Rollup/Rolldown plugin for the main build: writes the manifest of each entry's bundle.
 * @param {{ entries: string[], extraFiles: string[] }} options
 */
export function cliManifestPlugin({ entries, extraFiles }) {
  let startedAt = 0;
  return {
    name: 'elftia-cli-manifest',
    apply: /** @type {const} */ ('build'),
    buildStart() {
      startedAt = Date.now();
    },
    /** @param {{ dir?: string }} options @param {Record<string, any>} bundle */
    generateBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      for (const entry of entries) {
        const start = chunks.find((c) => c.isEntry && c.name === entry);
        if (!start || !options.dir) continue;
        const files = new Set(extraFiles);
        const seen = new Set();
        const visit = (chunk) => {
          if (!chunk || seen.has(chunk)) return;
          seen.add(chunk);
          // Dependencies are covered by the lockfile: an install that changes them rewrites it.
          for (const id of chunk.moduleIds) if (path.isAbsolute(id) && !id.split(path.sep).includes('node_modules')) files.add(id);
          for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(byName.get(next));
        };
        visit(start);
        const fileName = manifestName(entry);
        const source = cliManifest(options.dir, files, startedAt);
        // A source edited during the build: no manifest, so the build is not taken for current.
        if (source) this.emitFile({ type: 'asset', fileName, source });
        else this.warn(`${fileName} not written: a source of ${entry} changed during the build`);
      }
    },
  };
}
