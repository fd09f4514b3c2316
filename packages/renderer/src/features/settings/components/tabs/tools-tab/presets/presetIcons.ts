/**
 * The preset icons (resources/presets/<icon>.svg) as data URLs. They are a few hundred bytes
 * each, so inlining them costs nothing and works under the renderer's CSP (img-src data:) in
 * Electron's file:// page and the browser host alike. resources/ is outside the renderer's root;
 * the glob goes through the @shared alias because it is the nearest one.
 */
const SVGS = import.meta.glob<string>('@shared/../../../../resources/presets/*.svg', { query: '?raw', import: 'default', eager: true });

/** Keyed by file name without `.svg`: the glob's keys differ between the build and the tests. */
const BY_NAME = new Map(
  Object.entries(SVGS).map(([file, svg]) => [file.replace(/^.*\//, '').replace(/\.svg$/, ''), `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`]),
);

/** The icon's data URL, or undefined for an icon no file provides (the card shows an initial instead). */
export const presetIconUrl = (icon: string): string | undefined => BY_NAME.get(icon);
