/**
 * The renderer's Content Security Policy, applied by the Electron window and the browser-mode
 * host alike. antd's CSS-in-JS needs inline styles; scripts come only from our own bundle.
 * Frames: only the MCP Apps sandbox origin (appSandbox.ts). Without that limit a hostile app
 * could navigate its proxy frame to a page of its own and leave its CSP behind.
 */
import { ELECTRON_SANDBOX_ORIGIN } from './appSandbox';

const RENDERER_CSP_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
];

/** The policy with `frame-src` for the one sandbox origin the page may frame. */
export function rendererCsp(sandboxOrigin: string): string {
  return [...RENDERER_CSP_DIRECTIVES, `frame-src ${sandboxOrigin}`].join('; ');
}

/** Electron's: its sandbox is the app's own scheme. Browser mode's host builds its own with its sandbox port. */
export const RENDERER_CSP = rendererCsp(ELECTRON_SANDBOX_ORIGIN);

/** The policy as a <meta> may carry it: frame-ancestors is ignored there (hosts send it as a header). */
export const cspForMeta = (csp: string): string =>
  csp
    .split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .join('; ');

/**
 * `electron-vite dev` only: the React refresh preamble is an inline script and hot reload talks
 * over a WebSocket to the dev server. Never used for a built app.
 */
export function rendererDevCsp(devServerUrl: string): string {
  const { host } = new URL(devServerUrl);
  return RENDERER_CSP.split('; ')
    .map((directive) => {
      if (directive.startsWith('script-src')) return `${directive} 'unsafe-inline'`;
      if (directive.startsWith('connect-src')) return `${directive} ws://${host}`;
      return directive;
    })
    .join('; ');
}
