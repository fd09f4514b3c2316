/**
 * The renderer's first-load budget, checked by every build (docs/architecture.md, "The first
 * screen"): the JavaScript the page fetches before the server list can be used is the entry chunk
 * and every chunk it imports statically (index.html preloads them all). Chunks imported with
 * `import()` load when their part is first opened and do not count, except one of `alsoLargestOf`
 * (the person's language, loaded before the first render): the largest. A build over the budget fails
 * and names the chunks, biggest first, so a heavy import into the first screen cannot slip in.
 * `npm run bench` (bench/firstScreen.bench.ts) measures the same figure in Chromium.
 */
import type { Plugin } from 'vite';

/** 1.5 MB: the target for the first load (5.2 MB unminified before the split). */
export const FIRST_LOAD_BUDGET = 1_500_000;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
  code: string;
}
type BundleLike = Record<string, ChunkLike | { type: 'asset' }>;

export interface FirstLoad {
  bytes: number;
  chunks: { fileName: string; bytes: number }[];
}

/**
 * The entry chunks and their static imports, transitively, and the largest chunk matching
 * `alsoLargestOf` with its static imports, with their size in bytes (UTF-8).
 */
export function firstLoad(bundle: BundleLike, alsoLargestOf?: RegExp): FirstLoad {
  const chunks = new Map<string, ChunkLike>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.get(fileName);
    if (!chunk || seen.has(fileName)) return;
    seen.add(fileName);
    chunk.imports.forEach(visit);
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
  const size = (fileName: string) => Buffer.byteLength(chunks.get(fileName)!.code);
  const largest = [...chunks.keys()].filter((fileName) => alsoLargestOf?.test(fileName)).sort((a, b) => size(b) - size(a))[0];
  if (largest) visit(largest);
  const list = [...seen]
    .map((fileName) => ({ fileName, bytes: size(fileName) }))
    .sort((a, b) => b.bytes - a.bytes);
  return { bytes: list.reduce((sum, c) => sum + c.bytes, 0), chunks: list };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

/** Fails the build when the first load is over `budget` bytes; prints the figure otherwise. */
export function firstLoadBudget({ budget = FIRST_LOAD_BUDGET, alsoLargestOf }: { budget?: number; alsoLargestOf?: RegExp } = {}): Plugin {
  return {
    name: 'elftia-first-load-budget',
    apply: 'build',
    // After every plugin's generateBundle: Vite writes the preload lists into the chunks there.
    writeBundle(_options, bundle) {
      const load = firstLoad(bundle as unknown as BundleLike, alsoLargestOf);
      if (load.bytes > budget) {
        const list = load.chunks.map((c) => `  ${kB(c.bytes).padStart(10)}  ${c.fileName}`).join('\n');
        this.error(
          `The renderer's first load is ${kB(load.bytes)} of JavaScript, over its budget of ${kB(budget)} (scripts/firstLoadBudget.ts).\n` +
            `Load what the server list does not need when it is first opened (lazyComponent). The chunks fetched first:\n${list}`,
        );
      }
      this.info(`first-load JavaScript: ${kB(load.bytes)} in ${load.chunks.length} chunks (budget ${kB(budget)})`);
    },
  };
}
