import { describe, expect, it } from 'vitest';
import { cspForMeta, RENDERER_CSP, rendererCsp, rendererDevCsp } from './csp';

describe('renderer CSP', () => {
  it('allows scripts only from our own bundle in a built app', () => {
    const directives = RENDERER_CSP.split('; ');
    expect(directives).toContain("script-src 'self'");
    expect(directives).toContain("connect-src 'self'");
    expect(directives).toContain("object-src 'none'");
  });

  it('relaxes exactly what electron-vite dev needs: the refresh preamble and the HMR socket', () => {
    const dev = rendererDevCsp('http://localhost:5173/');
    expect(dev).toContain("script-src 'self' 'unsafe-inline'");
    expect(dev).toContain("connect-src 'self' ws://localhost:5173");
    // Everything else is the built app's policy.
    const rest = (csp: string) => csp.split('; ').filter((d) => !d.startsWith('script-src') && !d.startsWith('connect-src'));
    expect(rest(dev)).toEqual(rest(RENDERER_CSP));
  });
});

describe('frames (MCP Apps sandbox, issue 32)', () => {
  it('lets the page frame only the sandbox origin it is given, and Electron’s scheme in the built app', () => {
    const frames = (csp: string) => csp.split('; ').filter((d) => d.startsWith('frame-src'));
    expect(frames(rendererCsp('http://localhost:4321'))).toEqual(['frame-src http://localhost:4321']);
    expect(frames(RENDERER_CSP)).toEqual(['frame-src elftia-app-sandbox://app']);
  });

  it('drops frame-ancestors from the <meta> copy only', () => {
    expect(cspForMeta(RENDERER_CSP)).not.toContain('frame-ancestors');
    expect(cspForMeta(RENDERER_CSP).split('; ')).toHaveLength(RENDERER_CSP.split('; ').length - 1);
  });
});
