/**
 * One interactive sign-in: open a loopback redirect, learn what the server's 401 says (where its
 * metadata is, which scope it wants), let the SDK's `auth()` discover, register and build the
 * authorization URL, hand that URL to the browser, then exchange the code the browser brings back.
 */
import { auth, discoverOAuthServerInfo, extractWWWAuthenticateParams, type OAuthClientProvider, type OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import { ElftiaOAuthProvider, scopeWatchingFetch, type PreRegisteredClient } from './ElftiaOAuthProvider';
import { openLoopbackRedirect } from './loopbackRedirect';
import type { OAuthSessionStore } from './oauthSessionStore';
import { scopeToRequest } from './scopes';

export interface SignInOptions {
  serverUrl: string;
  store: OAuthSessionStore;
  fetch: typeof fetch;
  /** Called once with the authorization URL: the browser opener, and whoever shows the URL. */
  openAuthorizationUrl(url: string): void | Promise<void>;
  /** How long the loopback redirect waits for the browser. */
  timeoutMs: number;
  preRegistered?: PreRegisteredClient | undefined;
  clientMetadataUrl?: string | undefined;
}

export interface SignInHandle {
  /** Settles when the person is signed in (tokens stored) or the sign-in failed. */
  done: Promise<void>;
  cancel(): void;
}

/**
 * The server's own 401, read before anything else: its `resource_metadata` may be the only place
 * its metadata is published, and its `scope` is what to ask for. Nothing is sent but a bare GET.
 */
async function readChallenge(serverUrl: string, fetchFn: typeof fetch) {
  try {
    const response = await fetchFn(serverUrl, { method: 'GET', headers: { accept: 'text/event-stream, application/json' }, signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel().catch(() => undefined);
    return response.status === 401 ? extractWWWAuthenticateParams(response) : {};
  } catch {
    // Unreachable now: discovery will say so with a better error.
    return {};
  }
}

/**
 * The server's metadata, as `auth()` would discover and cache it: found here first because the
 * scope to ask for depends on it (offline_access only where the authorization server lists it),
 * and `auth()` then reads it from the provider instead of discovering twice.
 */
async function discoveryFor(provider: ElftiaOAuthProvider, serverUrl: string, resourceMetadataUrl: URL | undefined, fetchFn: typeof fetch): Promise<OAuthDiscoveryState> {
  const cached = provider.discoveryState();
  if (cached) return cached;
  const info = await discoverOAuthServerInfo(serverUrl, { ...(resourceMetadataUrl && { resourceMetadataUrl }), fetchFn });
  const discovery: OAuthDiscoveryState = {
    authorizationServerUrl: info.authorizationServerUrl,
    ...(resourceMetadataUrl && { resourceMetadataUrl: resourceMetadataUrl.href }),
    ...(info.resourceMetadata && { resourceMetadata: info.resourceMetadata }),
    ...(info.authorizationServerMetadata && { authorizationServerMetadata: info.authorizationServerMetadata }),
  };
  provider.saveDiscoveryState(discovery);
  return discovery;
}

export async function startSignIn(options: SignInOptions): Promise<SignInHandle> {
  const { serverUrl, store } = options;
  const redirect = await openLoopbackRedirect(options.timeoutMs);
  const provider = new ElftiaOAuthProvider({
    serverUrl,
    store,
    preRegistered: options.preRegistered,
    clientMetadataUrl: options.clientMetadataUrl,
    interactive: { redirectUrl: redirect.redirectUrl, state: redirect.state, openAuthorizationUrl: (url) => options.openAuthorizationUrl(url.href) },
  });
  const fetchFn = scopeWatchingFetch(options.fetch, provider);
  const done = (async () => {
    try {
      // "Sign in" asks the person again even if a refresh token would do: that is what they chose.
      provider.invalidateCredentials('tokens');
      const challenge = await readChallenge(serverUrl, fetchFn);
      const discovery = await discoveryFor(provider, serverUrl, challenge.resourceMetadataUrl, fetchFn);
      // A step-up's union, else what a 401 named (the connect's POST, or the probe above), else every scope the resource lists.
      const scope = scopeToRequest(provider.scopeAskedFor(), discovery.resourceMetadata, discovery.authorizationServerMetadata);
      const flow = {
        serverUrl,
        fetchFn,
        ...(challenge.resourceMetadataUrl && { resourceMetadataUrl: challenge.resourceMetadataUrl }),
        ...(scope !== undefined && { scope }),
      };
      if ((await auth(provider, flow)) === 'AUTHORIZED') return;
      const authorizationCode = await redirect.code;
      await auth(provider, { ...flow, authorizationCode });
    } finally {
      redirect.cancel();
    }
  })();
  done.catch(() => undefined);
  return { done, cancel: () => redirect.cancel() };
}

/** A provider whose stored token may be renewed without the person (a refresh, or a machine client's grant). */
type RenewableProvider = OAuthClientProvider & { needsRefresh(): boolean };

/** Renews an access token that is about to run out (passive: never asks the person). */
async function refreshIfDue(provider: RenewableProvider, serverUrl: string, fetchFn: typeof fetch): Promise<void> {
  if (provider.needsRefresh()) await auth(provider, { serverUrl, fetchFn });
}

/**
 * A connection's fetch that renews the access token before a request would carry a dying one —
 * the connect's first request and every one after, however long the connection stays open — and
 * sends the new token instead. Silent: a refresh that fails leaves the request as it was, and
 * the server's 401 then takes the usual path (refresh, else ask the person to sign in).
 */
export function refreshingFetch(fetchFn: typeof fetch, provider: RenewableProvider, serverUrl: string): typeof fetch {
  // Requests sent together share one refresh: a refresh token may be good for one use only.
  let renewing: Promise<void> | undefined;
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (!/^Bearer /i.test(headers.get('authorization') ?? '') || !provider.needsRefresh()) return fetchFn(input, init);
    renewing ??= refreshIfDue(provider, serverUrl, fetchFn)
      .catch(() => undefined)
      .finally(() => (renewing = undefined));
    await renewing;
    const token = (await provider.tokens())?.access_token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return fetchFn(input, { ...init, headers });
  };
}
