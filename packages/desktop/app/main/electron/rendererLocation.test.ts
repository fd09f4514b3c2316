import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isOwnRendererUrl } from './rendererLocation';

const built = { indexHtml: '/opt/Elftia MCP/resources/app/out/renderer/index.html' };
const dev = { devUrl: 'http://localhost:5173/', indexHtml: built.indexHtml };

describe('isOwnRendererUrl (navigation guard and IPC sender check)', () => {
  it('accepts the built index.html, hash and query included', () => {
    const page = pathToFileURL(built.indexHtml).href;
    expect(isOwnRendererUrl(page, built)).toBe(true);
    expect(isOwnRendererUrl(`${page}#/settings?tab=tools`, built)).toBe(true);
  });

  it('refuses any other file, a path that escapes, and every web page', () => {
    expect(isOwnRendererUrl(pathToFileURL('/etc/passwd').href, built)).toBe(false);
    expect(isOwnRendererUrl(pathToFileURL('/opt/Elftia MCP/resources/app/out/renderer/other.html').href, built)).toBe(false);
    expect(isOwnRendererUrl('file:///opt/Elftia%20MCP/resources/app/out/renderer/../../../../../../etc/passwd', built)).toBe(false);
    expect(isOwnRendererUrl('https://evil.example/index.html', built)).toBe(false);
    expect(isOwnRendererUrl('not a url', built)).toBe(false);
  });

  it('in dev, accepts the dev server origin only', () => {
    expect(isOwnRendererUrl('http://localhost:5173/src/main.tsx', dev)).toBe(true);
    expect(isOwnRendererUrl('http://localhost:5174/', dev)).toBe(false);
    expect(isOwnRendererUrl('http://127.0.0.1:5173/', dev)).toBe(false);
    expect(isOwnRendererUrl(pathToFileURL(built.indexHtml).href, dev)).toBe(false);
  });
});
