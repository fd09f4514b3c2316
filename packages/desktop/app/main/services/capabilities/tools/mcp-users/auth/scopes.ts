/**
 * Scope strings (RFC 6749 §3.3: space-separated, order free) and which one a sign-in asks for:
 * exactly what a 401 named (SEP-835), the union of the grant and what a 403 insufficient_scope
 * named (step-up, so the wider grant does not lose what the narrow one allowed), plus
 * `offline_access` where the authorization server lists it, so the grant comes with a refresh token.
 */
import type { AuthorizationServerMetadata, OAuthProtectedResourceMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';

/** The OIDC scope that asks for a refresh token; servers that do not list it may reject it as unknown. */
export const OFFLINE_ACCESS = 'offline_access';

const words = (scope: string | undefined) => (scope ?? '').split(' ').filter(Boolean);

/** Every scope of `required` is in `granted` (nothing required is always covered). */
export const covers = (granted: string | undefined, required: string | undefined) => {
  const have = new Set(words(granted));
  return words(required).every((scope) => have.has(scope));
};

/** The scopes of all arguments, each once, in first-seen order; undefined when there are none. */
export const unionOf = (...scopes: (string | undefined)[]) => [...new Set(scopes.flatMap(words))].join(' ') || undefined;

/**
 * The scope to request: `asked` (a 401's or a step-up's), else every scope the resource lists —
 * the SDK's own fallback order — plus offline_access when the authorization server supports it.
 * Undefined leaves the choice to the SDK (no scope parameter at all).
 */
export function scopeToRequest(
  asked: string | undefined,
  resource: Pick<OAuthProtectedResourceMetadata, 'scopes_supported'> | undefined,
  server: Pick<AuthorizationServerMetadata, 'scopes_supported'> | undefined,
): string | undefined {
  const base = asked ?? unionOf(...(resource?.scopes_supported ?? []));
  const offline = server?.scopes_supported?.includes(OFFLINE_ACCESS) ? OFFLINE_ACCESS : undefined;
  // offline_access alone would replace the server's default scope with a request for nothing but a refresh token.
  return base && unionOf(base, offline);
}
