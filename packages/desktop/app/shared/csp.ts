/**
 * The renderer's Content Security Policy, applied by the Electron window and the browser-mode
 * host alike. antd's CSS-in-JS needs inline styles; scripts come only from our own bundle.
 */
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
export const RENDERER_CSP = RENDERER_CSP_DIRECTIVES.join('; ');

/**
 * `electron-vite dev` only: the React refresh preamble is an inline script and hot reload talks
 * over a WebSocket to the dev server. Never used for a built app.
 */
export function rendererDevCsp(devServerUrl: string): string {
  const { host } = new URL(devServerUrl);
  return RENDERER_CSP_DIRECTIVES.map((directive) => {
    if (directive.startsWith('script-src')) return `${directive} 'unsafe-inline'`;
    if (directive.startsWith('connect-src')) return `${directive} ws://${host}`;
    return directive;
  }).join('; ');
}
