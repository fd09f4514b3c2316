/**
 * Where our renderer lives, and whether a URL is one of its pages. Kept free of `electron`
 * imports so the navigation and IPC-sender rules that depend on it are unit-tested.
 */
import path from 'node:path';

export interface RendererLocation {
  /** The dev server during `electron-vite dev`, else the built index.html. */
  devUrl?: string | undefined;
  indexHtml: string;
}

/** True for pages of our renderer only: the dev server's origin, or the built index.html. */
export function isOwnRendererUrl(url: string, renderer: RendererLocation): boolean {
  try {
    const parsed = new URL(url);
    if (renderer.devUrl) return parsed.origin === new URL(renderer.devUrl).origin;
    return parsed.protocol === 'file:' && path.resolve(decodeURIComponent(parsed.pathname)) === path.resolve(renderer.indexHtml);
  } catch {
    return false;
  }
}
