import { describe, expect, it } from 'vitest';
import { RENDERER_CSP, rendererDevCsp } from './csp';

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
