export function manifestName(entry?: 'cli' | 'host'): string;
export const MANIFEST: string;
export function cliManifest(outDir: string, files: Iterable<string>, startedAt: number): string | undefined;
export function isCliBuildFresh(outDir: string, entry?: 'cli' | 'host'): boolean;
export function cliManifestPlugin(options: { entries: Array<'cli' | 'host'>; extraFiles: string[] }): import('vite').Plugin;
