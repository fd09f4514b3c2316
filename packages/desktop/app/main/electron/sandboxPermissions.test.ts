import { describe, expect, it } from 'vitest';
import { sandboxPermissionAllowed } from './sandboxPermissions';

const page = (allow?: string) => `elftia-app-sandbox://app/app-sandbox?csp=%7B%7D${allow === undefined ? '' : `&allow=${encodeURIComponent(allow)}`}`;

describe('Electron: which permission requests the window grants (MCP Apps sandbox)', () => {
  it('grants the sandbox page only what its app was granted (declared and allowed), each media type on its own', () => {
    expect(sandboxPermissionAllowed('media', page('camera'), ['video'])).toBe(true);
    expect(sandboxPermissionAllowed('media', page('camera'), ['audio'])).toBe(false);
    expect(sandboxPermissionAllowed('media', page('camera'), ['video', 'audio'])).toBe(false);
    expect(sandboxPermissionAllowed('media', page('camera,microphone'), ['video', 'audio'])).toBe(true);
    expect(sandboxPermissionAllowed('geolocation', page('geolocation'))).toBe(true);
    expect(sandboxPermissionAllowed('clipboard-sanitized-write', page('clipboardWrite'))).toBe(true);
  });

  it('denies a permission that was not granted, one no app can be granted, and a media request of no known type', () => {
    expect(sandboxPermissionAllowed('geolocation', page('camera'))).toBe(false);
    expect(sandboxPermissionAllowed('clipboard-sanitized-write', page())).toBe(false);
    expect(sandboxPermissionAllowed('clipboard-read', page('clipboardWrite'))).toBe(false);
    expect(sandboxPermissionAllowed('notifications', page('camera,microphone,geolocation,clipboardWrite'))).toBe(false);
    expect(sandboxPermissionAllowed('media', page('camera'), [])).toBe(false);
    expect(sandboxPermissionAllowed('media', page('camera'), ['unknown'])).toBe(false);
    // A name the host never writes is not read as a grant.
    expect(sandboxPermissionAllowed('media', page('Camera, video'), ['video'])).toBe(false);
  });

  it('denies everything to every other frame: the UI, the app’s srcdoc, another page of the scheme, another origin', () => {
    for (const url of ['file:///app/index.html', 'about:srcdoc', 'elftia-app-sandbox://app/other?allow=camera', 'elftia-app-sandbox://evil/app-sandbox?allow=camera', 'http://localhost:1/app-sandbox?allow=camera', 'not a url']) {
      expect(sandboxPermissionAllowed('media', url, ['video']), url).toBe(false);
    }
  });
});
