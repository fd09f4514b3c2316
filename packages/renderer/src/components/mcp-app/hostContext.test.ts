import { describe, expect, it } from 'vitest';
import { theme } from 'antd';
import { APP_MAX_HEIGHT, APP_MIN_HEIGHT, hostContextOf, sandboxPageUrl, styleVariables } from './hostContext';
import { clampHeight, modelContextText, toAppResult } from './appSession';

/** Just what sandboxPageUrl reads of a page. */
const pageWith = (meta: string | undefined, origin = 'http://127.0.0.1:4000') =>
  ({ querySelector: () => (meta === undefined ? null : { getAttribute: () => meta }), location: { origin } }) as unknown as Document;

describe('the app’s host context', () => {
  const token = theme.getDesignToken({ algorithm: theme.darkAlgorithm });

  it('carries theme, locale, time zone, inline display, the container and the platform', () => {
    const context = hostContextOf({ theme: 'dark', locale: 'ja', token, width: 480, platform: 'web' });
    expect(context).toMatchObject({
      theme: 'dark',
      locale: 'ja',
      displayMode: 'inline',
      availableDisplayModes: ['inline', 'fullscreen', 'pip'],
      platform: 'web',
      containerDimensions: { width: 480, maxHeight: APP_MAX_HEIGHT },
    });
    expect(typeof context.timeZone).toBe('string');
  });

  it('outside inline, names the mode and the fixed size of its overlay or floating window', () => {
    const context = hostContextOf({ theme: 'light', locale: 'en', token, width: 1200, height: 700, platform: 'web', displayMode: 'fullscreen' });
    expect(context).toMatchObject({ displayMode: 'fullscreen', containerDimensions: { width: 1200, height: 700 } });
    expect(context.containerDimensions).not.toHaveProperty('maxHeight');
  });

  it('gives the spec’s style variables from the antd theme, so dark reads dark', () => {
    const dark = styleVariables(token);
    const light = styleVariables(theme.getDesignToken());
    expect(dark['--color-background-primary']).toBe(token.colorBgContainer);
    expect(dark['--color-text-primary']).not.toBe(light['--color-text-primary']);
    expect(Object.keys(dark).every((key) => key.startsWith('--'))).toBe(true);
  });
});

describe('sandboxPageUrl', () => {
  it('uses the page the host names, with only the domains the policy will name and our origin', () => {
    const url = new URL(sandboxPageUrl({ connectDomains: ['https://api.example.com', "'unsafe-eval'"] }, pageWith('http://localhost:5000/app-sandbox')));
    expect(url.origin + url.pathname).toBe('http://localhost:5000/app-sandbox');
    expect(JSON.parse(url.searchParams.get('csp')!)).toEqual({ connectDomains: ['https://api.example.com'], resourceDomains: [], frameDomains: [], baseUriDomains: [] });
    expect(url.searchParams.get('embedder')).toBe('http://127.0.0.1:4000');
  });

  it('falls back to Electron’s sandbox scheme when no host names one', () => {
    expect(sandboxPageUrl(undefined, pageWith(undefined, 'null'))).toMatch(/^elftia-app-sandbox:\/\/app\/app-sandbox\?/);
    // Granted permissions travel to the sandbox page; none granted, no `allow` at all.
    expect(new URL(sandboxPageUrl(undefined, pageWith('http://localhost:5000/app-sandbox'), ['camera', 'clipboardWrite'])).searchParams.get('allow')).toBe('camera,clipboardWrite');
    expect(new URL(sandboxPageUrl(undefined, pageWith('http://localhost:5000/app-sandbox'))).searchParams.has('allow')).toBe(false);
  });
});

describe('the app frame', () => {
  it('grows with what the app asks, between a floor and the maximum', () => {
    expect(clampHeight(10)).toBe(APP_MIN_HEIGHT);
    expect(clampHeight(300.2)).toBe(301);
    expect(clampHeight(100_000)).toBe(APP_MAX_HEIGHT);
  });

  it('passes a result to the app without the host’s own fields', () => {
    const app = toAppResult({ callId: 'c', durationMs: 3, isError: false, content: [{ type: 'text', text: 'hi' }], structuredContent: { a: 1 } });
    expect(app).toEqual({ content: [{ type: 'text', text: 'hi' }], structuredContent: { a: 1 } });
    expect(toAppResult({ callId: 'c', durationMs: 3, isError: true, content: [] })).toEqual({ content: [], isError: true });
  });

  it('gives the model an app’s context as its text blocks, then its structured content as JSON', () => {
    expect(modelContextText({ content: [{ type: 'text', text: 'Selected: 3 rows' }, { type: 'image' }], structuredContent: { rows: [1, 2, 3] } })).toBe('Selected: 3 rows\n{"rows":[1,2,3]}');
    expect(modelContextText({})).toBe('');
  });
});
