export const MANIFEST: string;
export function cliManifest(outDir: string, files: Iterable<string>, startedAt: number): string | undefined;
export function isCliBuildFresh(outDir: string): boolean;
export function cliManifestPlugin(options: { entry: string; extraFiles: string[] }): import('vite').Plugin;
