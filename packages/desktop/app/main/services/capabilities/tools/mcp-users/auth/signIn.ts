/**
 * One interactive sign-in: open a loopback redirect, learn what the server's 401 says (where its
 * metadata is, which scope it wants), let the SDK's `auth()` discover, register and build the
 * authorization URL, hand that URL to the browser, then exchange the code the browser brings back.
 */
import { auth, extractWWWAuthenticateParams, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { ElftiaOAuthProvider, scopeWatchingFetch, type PreRegisteredClient } from './ElftiaOAuthProvider';
import { openLoopbackRedirect } from './loopbackRedirect';
import type { OAuthSessionStore } from './oauthSessionStore';

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
      const scope = provider.requiredScope() ?? challenge.scope;
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

/** Renews an access token that is about to run out, before a connect sends it (passive: never asks the person). */
export async function refreshIfDue(provider: OAuthClientProvider & { needsRefresh(): boolean }, serverUrl: string, fetchFn: typeof fetch): Promise<void> {
  if (provider.needsRefresh()) await auth(provider, { serverUrl, fetchFn });
}
