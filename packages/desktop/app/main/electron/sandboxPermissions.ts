/**
 * Which browser permission requests the Electron window grants (issue 32): none, except one from
 * the MCP Apps sandbox page for permissions granted to its app, i.e. declared by the app's
 * resource AND allowed by the person for its server (appPermissionsOf), which the renderer names
 * in the page's `allow` query. Everything else is denied: the UI itself, any other frame, any
 * other permission (notifications, HID, USB, clipboard reading…). Pure, so it is unit-tested
 * without Electron; window.ts binds it to the session's request and check handlers.
 *
 * The app's own srcdoc frame is an opaque origin that Chromium reports as about:srcdoc: it is not
 * the sandbox page, so it is denied here too (the page's Permissions-Policy names the grants).
 */
import { isElectronSandboxPage } from '../../shared/appSandbox';
import { grantedFromQuery, SANDBOX_ALLOW_QUERY, type McpAppPermission } from '../../shared/mcpApps';

/** The app permissions an Electron permission request stands for; empty: none an app can be granted. */
function appPermissionsFor(permission: string, mediaTypes: readonly string[]): McpAppPermission[] {
  switch (permission) {
    case 'media':
      // A request for an unknown media type is not one the person was asked about.
      if (mediaTypes.length === 0 || mediaTypes.some((type) => type !== 'video' && type !== 'audio')) return [];
      return mediaTypes.map((type) => (type === 'video' ? 'camera' : 'microphone'));
    case 'geolocation':
      return ['geolocation'];
    case 'clipboard-sanitized-write':
      return ['clipboardWrite'];
    default:
      return [];
  }
}

export function sandboxPermissionAllowed(permission: string, requestingUrl: string, mediaTypes: readonly string[] = []): boolean {
  let url: URL;
  try {
    url = new URL(requestingUrl);
  } catch {
    return false;
  }
  if (!isElectronSandboxPage(url)) return false;
  const wanted = appPermissionsFor(permission, mediaTypes);
  const granted = grantedFromQuery(url.searchParams.get(SANDBOX_ALLOW_QUERY));
  return wanted.length > 0 && wanted.every((p) => granted.includes(p));
}
