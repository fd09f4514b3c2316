import { describe, expect, it } from 'vitest';
import {
  allowAttribute,
  appPermissionsOf,
  appResourceMetaOf,
  buildAppCsp,
  cspSources,
  declaredCspFromQuery,
  grantedFromQuery,
  isCallableByApp,
  isVisibleToModel,
  mergeAppResourceMeta,
  toolAppOf,
} from './mcpApps';

describe('toolAppOf: a tool’s app link', () => {
  it('reads the nested _meta.ui.resourceUri with the default visibility', () => {
    expect(toolAppOf({ ui: { resourceUri: 'ui://get-time/mcp-app.html' } })).toEqual({ resourceUri: 'ui://get-time/mcp-app.html', visibility: ['model', 'app'] });
  });

  it('reads the deprecated flat _meta["ui/resourceUri"], and the nested one wins when both differ', () => {
    expect(toolAppOf({ 'ui/resourceUri': 'ui://flat/a.html' })?.resourceUri).toBe('ui://flat/a.html');
    expect(toolAppOf({ ui: { resourceUri: 'ui://nested/a.html' }, 'ui/resourceUri': 'ui://flat/a.html' })?.resourceUri).toBe('ui://nested/a.html');
  });

  it('falls back to the flat link when the nested one is not a ui:// URI', () => {
    expect(toolAppOf({ ui: { resourceUri: 'https://evil.example/a.html' }, 'ui/resourceUri': 'ui://flat/a.html' })?.resourceUri).toBe('ui://flat/a.html');
    expect(toolAppOf({ ui: { resourceUri: 'javascript:alert(1)' } })).toBeUndefined();
  });

  it('keeps an app-only visibility without a resource (a tool only its app calls)', () => {
    expect(toolAppOf({ ui: { visibility: ['app'] } })).toEqual({ visibility: ['app'] });
  });

  it('keeps known visibility values only; an empty list hides the tool from both', () => {
    expect(toolAppOf({ ui: { visibility: ['app', 'root', 7] } })?.visibility).toEqual(['app']);
    const hidden = toolAppOf({ ui: { visibility: [] } });
    expect(hidden).toEqual({ visibility: [] });
    expect(isVisibleToModel({ app: hidden })).toBe(false);
    expect(isCallableByApp({ app: hidden })).toBe(false);
  });

  it('says nothing for tools without app metadata, or metadata of the wrong shape', () => {
    expect(toolAppOf(undefined)).toBeUndefined();
    expect(toolAppOf({ other: 1 })).toBeUndefined();
    expect(toolAppOf({ ui: 'ui://x' })).toBeUndefined();
    expect(toolAppOf([])).toBeUndefined();
  });
});

describe('visibility', () => {
  it('offers a tool to a model unless its visibility lacks "model"', () => {
    expect(isVisibleToModel({})).toBe(true);
    expect(isVisibleToModel({ app: { visibility: ['model'] } })).toBe(true);
    expect(isVisibleToModel({ app: { visibility: ['app'] } })).toBe(false);
  });

  it('lets an app call a tool only if its visibility names "app"', () => {
    expect(isCallableByApp({})).toBe(true);
    expect(isCallableByApp({ app: { visibility: ['app'] } })).toBe(true);
    expect(isCallableByApp({ app: { visibility: ['model'] } })).toBe(false);
  });
});

describe('a UI resource’s _meta.ui', () => {
  it('keeps the spec fields of the right shape only', () => {
    expect(
      appResourceMetaOf({
        ui: {
          csp: { connectDomains: ['https://api.example.com', 7], resourceDomains: 'https://cdn.example.com', extra: ['x'] },
          permissions: { camera: {}, microphone: true, usb: {} },
          prefersBorder: true,
          domain: 'a.example',
          script: 'alert(1)',
        },
      }),
    ).toEqual({ csp: { connectDomains: ['https://api.example.com'] }, permissions: ['camera'], prefersBorder: true, domain: 'a.example' });
    expect(appResourceMetaOf(undefined)).toEqual({});
    expect(appResourceMetaOf({ ui: null })).toEqual({});
  });

  it('lets the read result win over the list entry, field by field', () => {
    const listed = appResourceMetaOf({ ui: { prefersBorder: false, csp: { connectDomains: ['https://list.example'] }, domain: 'l.example' } });
    const read = appResourceMetaOf({ ui: { prefersBorder: true, csp: { connectDomains: ['https://read.example'] } } });
    expect(mergeAppResourceMeta(listed, read)).toEqual({ prefersBorder: true, csp: { connectDomains: ['https://read.example'] }, domain: 'l.example' });
    expect(mergeAppResourceMeta(listed, {})).toEqual(listed);
  });
});

describe('buildAppCsp', () => {
  const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `));

  it('allows no network at all when nothing is declared', () => {
    const csp = buildAppCsp(undefined, 'http://127.0.0.1:4000');
    expect(directive(csp, 'default-src')).toBe("default-src 'none'");
    expect(directive(csp, 'connect-src')).toBe("connect-src 'none'");
    expect(directive(csp, 'frame-src')).toBe("frame-src 'none'");
    expect(directive(csp, 'form-action')).toBe("form-action 'none'");
    expect(directive(csp, 'base-uri')).toBe("base-uri 'none'");
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'unsafe-inline'");
    expect(directive(csp, 'frame-ancestors')).toBe('frame-ancestors http://127.0.0.1:4000');
  });

  it('names exactly the declared domains, each in its directive', () => {
    const csp = buildAppCsp(
      { connectDomains: ['https://api.example.com', 'wss://live.example.com'], resourceDomains: ['https://*.cdn.example'], frameDomains: ['https://www.youtube.com'] },
      'http://127.0.0.1:4000',
    );
    expect(directive(csp, 'connect-src')).toBe('connect-src https://api.example.com wss://live.example.com');
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: blob: https://*.cdn.example");
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'unsafe-inline' https://*.cdn.example");
    expect(directive(csp, 'frame-src')).toBe('frame-src https://www.youtube.com');
  });

  it('drops a declared domain that would write policy of its own', () => {
    const hostile = ["'unsafe-eval'", 'https://a.example; script-src *', '*', 'https://a.example/path', 'data:', 'javascript:x', 'https://a.example b.example', 'ftp://a.example', 'https://'];
    const { kept, dropped } = cspSources({ connectDomains: hostile });
    expect(kept.connectDomains).toEqual([]);
    expect(dropped).toEqual(hostile);
    const csp = buildAppCsp({ connectDomains: hostile, resourceDomains: hostile }, 'http://127.0.0.1:1');
    expect(directive(csp, 'connect-src')).toBe("connect-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp.split('; ').filter((d) => d.startsWith('script-src'))).toHaveLength(1);
  });

  it('reads the declared CSP from the sandbox page’s query, and nothing from a broken one', () => {
    expect(declaredCspFromQuery(JSON.stringify({ connectDomains: ['https://a.example'] }))).toEqual({ connectDomains: ['https://a.example'] });
    expect(declaredCspFromQuery('{not json')).toBeUndefined();
    expect(declaredCspFromQuery(null)).toBeUndefined();
  });
});

describe('app permissions (issue 32): declared AND allowed by the person, nothing else', () => {
  it('grants only what the resource declared and the person allowed; asks only what was never answered', () => {
    expect(appPermissionsOf(['camera', 'clipboardWrite', 'microphone'], { camera: 'allow', clipboardWrite: 'deny', geolocation: 'allow' })).toEqual({ granted: ['camera'], undecided: ['microphone'] });
    expect(appPermissionsOf(undefined, { camera: 'allow' })).toEqual({ granted: [], undecided: [] });
    expect(appPermissionsOf(['geolocation'], undefined)).toEqual({ granted: [], undecided: ['geolocation'] });
  });

  it('writes only granted features into an iframe allow attribute, and reads only known names back from the sandbox query', () => {
    expect(allowAttribute([])).toBe('');
    expect(allowAttribute(['clipboardWrite', 'camera'])).toBe('camera; clipboard-write');
    expect(allowAttribute(['microphone'], '*')).toBe('microphone *');
    expect(grantedFromQuery('camera,clipboardWrite')).toEqual(['camera', 'clipboardWrite']);
    expect(grantedFromQuery('usb,Camera,camera ;geolocation')).toEqual([]);
    expect(grantedFromQuery(null)).toEqual([]);
  });
});
