/**
 * Sign-in state per remote server, and the sign-ins in progress. The pool asks here for a
 * server's (passive) auth provider; the person's "Sign in" starts an interactive sign-in whose
 * success makes the service connect again.
 */
import type { McpAuthStatus, McpServerRecord } from '@shared/contracts/mcp-types';
import { AppError, type AppErrorShape } from '@shared/errors';
import { requireExternalUrl } from '@shared/externalUrl';
import { TRANSPORTS } from '@shared/transports';
import { Emitter, type Unsubscribe } from '@shared/lifecycle/Emitter';
import { auth as authorize } from '@modelcontextprotocol/sdk/client/auth.js';
import { toSignInError } from './authErrors';
import { ClientCredentialsAuthProvider, machineClientOf } from './clientCredentials';
import { ElftiaOAuthProvider, scopeWatchingFetch, type PreRegisteredClient } from './ElftiaOAuthProvider';
import type { OAuthSessionStore } from './oauthSessionStore';
import { refreshingFetch, startSignIn, type SignInHandle } from './signIn';

export interface OAuthOptions {
  store: OAuthSessionStore;
  /** The browser opener (Electron's shell.openExternal, $BROWSER / xdg-open elsewhere). A failure to open is not fatal: the URL is in the state. */
  openUrl?: ((url: string) => void | Promise<void>) | undefined;
  /** How long a sign-in waits for the browser; default 5 minutes. */
  timeoutMs?: number;
  /** An HTTPS client ID metadata document for servers that support them. */
  clientMetadataUrl?: string | undefined;
}

interface Hooks {
  fetch: typeof fetch;
  onChange(serverId: string, auth: McpAuthStatus | undefined): void;
}

export interface ServerAuth {
  provider: ElftiaOAuthProvider | ClientCredentialsAuthProvider;
  fetch: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 5 * 60_000;

/** OAuth is defined for the HTTP transports only; WebSocket (and stdio) have no standard auth. */
export const supportsSignIn = (server: McpServerRecord) => TRANSPORTS.get(server.type).signIn === true && Boolean(server.config.url?.trim());

const preRegisteredOf = (server: McpServerRecord): PreRegisteredClient | undefined => {
  const clientId = server.config.oauth?.clientId?.trim();
  return clientId ? { clientId, clientSecret: server.config.oauth?.clientSecret || undefined } : undefined;
};

export class ServerSignIns {
  private readonly states = new Map<string, McpAuthStatus>();
  private readonly inProgress = new Map<string, SignInHandle>();
  private readonly timeoutMs: number;
  private readonly signedIn = new Emitter<{ signedIn: string }>();

  constructor(
    private readonly opts: OAuthOptions,
    private readonly hooks: Hooks,
  ) {
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** The pool's provider for a connection: uses and refreshes stored tokens, never opens a browser. */
  authFor(server: McpServerRecord): ServerAuth | undefined {
    if (!supportsSignIn(server)) return undefined;
    const serverUrl = server.config.url!.trim();
    const machine = machineClientOf(server.config.oauth);
    // A machine client's token is fetched again before it runs out, as a person's is refreshed.
    if (machine) {
      const provider = new ClientCredentialsAuthProvider(serverUrl, this.opts.store, machine);
      return { provider, fetch: refreshingFetch(this.hooks.fetch, provider, serverUrl) };
    }
    const provider = new ElftiaOAuthProvider({
      serverUrl,
      store: this.opts.store,
      preRegistered: preRegisteredOf(server),
      clientMetadataUrl: this.opts.clientMetadataUrl,
    });
    return { provider, fetch: refreshingFetch(scopeWatchingFetch(this.hooks.fetch, provider), provider, serverUrl) };
  }

  /** Tokens are stored for the server (a sign-in succeeded): it should connect with them. */
  onSignedIn(listener: (serverId: string) => void): Unsubscribe {
    return this.signedIn.on('signedIn', listener);
  }

  statusOf(serverId: string): McpAuthStatus | undefined {
    return this.states.get(serverId);
  }

  /** What a connection or a request learnt: a 401 or 403 that needs the person, or a connect that worked. */
  noteOutcome(server: McpServerRecord, outcome: { connected: true } | { failure: AppErrorShape }): void {
    if (this.inProgress.has(server.id)) return;
    if ('failure' in outcome) {
      if (outcome.failure.code === 'AUTH_REQUIRED' || outcome.failure.code === 'AUTH_RESOURCE_MISMATCH') {
        this.set(server.id, { state: outcome.failure.code === 'AUTH_REQUIRED' ? 'needs_sign_in' : 'failed', failure: outcome.failure });
      }
      return;
    }
    if (supportsSignIn(server) && this.opts.store.load(server.config.url!.trim()).tokens) this.set(server.id, { state: 'signed_in' });
  }

  /** Starts a sign-in; answers once the browser was sent (waiting_for_browser), or with the early failure. */
  async start(server: McpServerRecord): Promise<McpAuthStatus> {
    if (!supportsSignIn(server)) {
      throw new AppError('AUTH_NOT_SUPPORTED', `"${server.name}" (${server.type}) has no standard sign-in`, { serverName: server.name, transport: server.type });
    }
    this.inProgress.get(server.id)?.cancel();
    if (machineClientOf(server.config.oauth)) return this.fetchMachineToken(server);
    let announce!: (url: string) => void;
    const opened = new Promise<string>((resolve) => (announce = resolve));
    const handle = await startSignIn({
      serverUrl: server.config.url!.trim(),
      store: this.opts.store,
      fetch: this.hooks.fetch,
      timeoutMs: this.timeoutMs,
      preRegistered: preRegisteredOf(server),
      clientMetadataUrl: this.opts.clientMetadataUrl,
      openAuthorizationUrl: async (url) => {
        // The server's metadata chose this URL. One that no browser should get (a file, another
        // program, a disguised host) ends the sign-in with EXTERNAL_URL_REFUSED before it is shown
        // as a link, printed as the address to open, or handed to the opener.
        const href = requireExternalUrl(url);
        this.set(server.id, { state: 'waiting_for_browser', authorizationUrl: href });
        announce(href);
        // The URL is in the state (the UI shows it, the CLI prints it): a browser that would not open is not a failure.
        await Promise.resolve(this.opts.openUrl?.(href)).catch(() => undefined);
      },
    });
    this.inProgress.set(server.id, handle);
    const finished = handle.done.then(
      () => {
        if (this.inProgress.get(server.id) !== handle) return;
        this.inProgress.delete(server.id);
        this.set(server.id, { state: 'signed_in' });
        this.signedIn.emit('signedIn', server.id);
      },
      (err: unknown) => {
        if (this.inProgress.get(server.id) !== handle) return;
        this.inProgress.delete(server.id);
        const error = toSignInError(err, server.name, this.timeoutMs);
        this.set(server.id, error.code === 'AUTH_CANCELLED' ? { state: 'needs_sign_in' } : { state: 'failed', failure: error.toShape() });
        throw error;
      },
    );
    // Either the browser is on its way, or the sign-in ended before it (a failure, or a refresh that did it).
    const first = await Promise.race([opened.then(() => 'opened' as const), finished.then(() => 'finished' as const)]);
    if (first === 'opened') finished.catch(() => undefined);
    return this.states.get(server.id) ?? { state: 'needs_sign_in' };
  }

  /**
   * "Sign in" for a client-credentials server: a fresh token from the token endpoint, no browser.
   * Its connection is replaced like a sign-in's, so a wrong secret fixed in the config is tried at once.
   */
  private async fetchMachineToken(server: McpServerRecord): Promise<McpAuthStatus> {
    const serverUrl = server.config.url!.trim();
    try {
      const { provider, fetch } = this.authFor(server)!;
      provider.invalidateCredentials('tokens');
      await authorize(provider, { serverUrl, fetchFn: fetch });
    } catch (err) {
      const error = toSignInError(err, server.name, this.timeoutMs);
      this.set(server.id, { state: 'failed', failure: error.toShape() });
      throw error;
    }
    this.set(server.id, { state: 'signed_in' });
    this.signedIn.emit('signedIn', server.id);
    return { state: 'signed_in' };
  }

  /** Resolves when the sign-in in progress for the server ends (at once when there is none). */
  async settled(serverId: string): Promise<void> {
    await this.inProgress.get(serverId)?.done.catch(() => undefined);
    // Let the outcome handlers above run first.
    await new Promise((resolve) => setImmediate(resolve));
  }

  cancel(serverId: string): void {
    this.inProgress.get(serverId)?.cancel();
  }

  /** Forgets tokens and registration for the server's URL. */
  signOut(server: McpServerRecord): void {
    this.cancel(server.id);
    if (supportsSignIn(server)) this.opts.store.forget(server.config.url!.trim());
    this.set(server.id, { state: 'needs_sign_in' });
  }

  /** The server is gone (its secrets stay with its URL, which another entry may share). */
  forget(serverId: string): void {
    this.cancel(serverId);
    this.states.delete(serverId);
  }

  dispose(): void {
    for (const handle of this.inProgress.values()) handle.cancel();
    this.inProgress.clear();
    this.signedIn.dispose();
  }

  private set(serverId: string, auth: McpAuthStatus): void {
    this.states.set(serverId, auth);
    this.hooks.onChange(serverId, auth);
  }
}
