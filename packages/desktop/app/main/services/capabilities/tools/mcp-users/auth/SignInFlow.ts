/**
 * Sign-ins as the service runs them, by server id: start, cancel and sign out (ServerSignIns
 * keeps the states and the tokens), the connect a finished sign-in makes, and whether a call
 * refused for want of a sign-in may go again once the person signed in.
 */
import type { McpAuthStatus, McpServerRecord } from '@shared/contracts/mcp-types';
import { errorData } from '@shared/errorData';
import { AppError } from '@shared/errors';
import type { Unsubscribe } from '@shared/lifecycle/Emitter';
import type { ConnectionPool } from '../pool/ConnectionPool';
import type { ServerSignIns } from './ServerSignIns';

export interface SignInFlowParts {
  pool: ConnectionPool;
  /** The saved record (NOT_FOUND otherwise). */
  record(serverId: string): McpServerRecord;
  /** The record, or undefined when it was removed meanwhile. */
  findRecord(serverId: string): McpServerRecord | undefined;
}

export type SignInKind = 'sign_in' | 'step_up';

/** A step-up asks for a wider grant (403 insufficient_scope); anything else is a sign-in. */
export const signInKind = (needed: { reason?: string | undefined } | undefined): SignInKind => (needed?.reason === 'insufficient_scope' ? 'step_up' : 'sign_in');

export class SignInFlow {
  private readonly afterSignIn = new Map<string, Promise<void>>();

  constructor(
    private readonly signIns: ServerSignIns | undefined,
    private readonly parts: SignInFlowParts,
  ) {}

  /** From now on a finished sign-in replaces the server's connection; returns the unsubscribe function. */
  connectAfterSignIns(): Unsubscribe {
    return this.signIns?.onSignedIn((serverId) => void this.connectAfterSignIn(serverId)) ?? (() => undefined);
  }

  /** Starts signing in to a remote server; answers once the browser was sent (see ServerSignIns.start). */
  start(serverId: string): Promise<McpAuthStatus> {
    return this.required().start(this.parts.record(serverId));
  }

  /** Resolves once the sign-in in progress for the server ended and, when it succeeded, the connect it started did. */
  async settled(serverId: string): Promise<void> {
    await this.required().settled(serverId);
    await this.afterSignIn.get(serverId);
  }

  cancel(serverId: string): void {
    this.required().cancel(serverId);
  }

  async signOut(serverId: string): Promise<void> {
    const server = this.parts.record(serverId);
    await this.parts.pool.disconnect(serverId);
    this.required().signOut(server);
  }

  /**
   * Whether a call refused for want of a sign-in may go again: the person signed in (again, with
   * the scope asked for). Each kind once per call — a first sign-in, a step-up — so a server that
   * keeps asking for more gets its refusal returned, never a loop of sign-ins. `asked` is the call's.
   */
  async signedInAgainForCall(serverId: string, err: unknown, asked: Set<SignInKind>, signal: AbortSignal | undefined): Promise<boolean> {
    const needed = err instanceof AppError ? errorData(err, 'AUTH_REQUIRED') : undefined;
    const kind = signInKind(needed);
    if (!needed || signal?.aborted || asked.has(kind)) return false;
    asked.add(kind);
    await this.start(serverId);
    await this.settled(serverId);
    return this.signIns?.statusOf(serverId)?.state === 'signed_in';
  }

  private required(): ServerSignIns {
    if (!this.signIns) throw new AppError('AUTH_NOT_SUPPORTED', 'Sign-in is not available in this process', { serverName: '', transport: '' });
    return this.signIns;
  }

  /** New tokens: the old connection (refused, or narrower in scope) is replaced; an inactive server stays off. */
  private connectAfterSignIn(serverId: string): Promise<void> {
    const run = (async () => {
      await this.parts.pool.disconnect(serverId);
      const server = this.parts.findRecord(serverId);
      if (server?.isActive) await this.parts.pool.acquire(server, { by: 'person' }).catch(() => undefined);
    })();
    this.afterSignIn.set(serverId, run);
    return run;
  }
}
