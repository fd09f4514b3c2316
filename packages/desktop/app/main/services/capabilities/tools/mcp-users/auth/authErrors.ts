/**
 * What a sign-in's failure means, as an error code the UI translates. The SDK reports most of
 * these as plain Errors, so a few are recognised by their message; the rest are AUTH_FAILED with
 * the message as the cause (OAuth error responses carry descriptions, never tokens).
 */
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { AppError } from '@shared/errors';
import { SignInRequired } from './ElftiaOAuthProvider';
import { AuthorizationDenied, SignInCancelled, SignInTimedOut } from './loopbackRedirect';

const RESOURCE_MISMATCH = /Protected resource (\S+) does not match expected (\S+)/;

/**
 * The auth meaning of `err`, or undefined when it is not about signing in. `serverId` goes in the
 * data so a caller (the CLI) can start the sign-in for the server that asked.
 */
export function authErrorOf(err: unknown, serverName: string, timeoutMs?: number, serverId?: string): AppError | undefined {
  const data = { serverName, ...(serverId && { serverId }) };
  if (err instanceof AppError) return err.code.startsWith('AUTH_') ? err : undefined;
  if (err instanceof SignInRequired || err instanceof UnauthorizedError) {
    // Only a step-up carries a scope (ElftiaOAuthProvider.requireScope): the person already signed in and is asked for more.
    const scope = err instanceof SignInRequired ? err.scope : undefined;
    return new AppError('AUTH_REQUIRED', `"${serverName}" needs a sign-in${scope ? ` granting "${scope}"` : ''}`, {
      ...data,
      ...(scope && { scope, reason: 'insufficient_scope' as const }),
    });
  }
  if (err instanceof AuthorizationDenied) return new AppError('AUTH_DENIED', `Signing in to "${serverName}" was declined: ${err.message}`, { ...data, oauthError: err.oauthError });
  if (err instanceof SignInTimedOut) {
    return new AppError('AUTH_TIMEOUT', `Signing in to "${serverName}": ${err.message}`, { ...data, seconds: Math.round((timeoutMs ?? 0) / 1000) });
  }
  if (err instanceof SignInCancelled) return new AppError('AUTH_CANCELLED', `Signing in to "${serverName}" was cancelled`, data);
  const message = err instanceof Error ? err.message : String(err);
  const mismatch = RESOURCE_MISMATCH.exec(message);
  if (mismatch) {
    return new AppError('AUTH_RESOURCE_MISMATCH', `"${serverName}": ${message}; no token was requested`, { ...data, resource: mismatch[1] ?? '', expected: mismatch[2] ?? '' });
  }
  return undefined;
}

/** A sign-in's failure: its auth meaning, a code it already has (EXTERNAL_URL_REFUSED), else AUTH_FAILED with what went wrong. */
export function toSignInError(err: unknown, serverName: string, timeoutMs: number): AppError {
  const known = authErrorOf(err, serverName, timeoutMs) ?? (err instanceof AppError ? err : undefined);
  if (known) return known;
  const cause = err instanceof Error ? err.message : String(err);
  return new AppError('AUTH_FAILED', `Signing in to "${serverName}" failed: ${cause}`, { serverName, cause });
}
