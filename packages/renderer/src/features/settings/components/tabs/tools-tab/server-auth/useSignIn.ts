import { useRoute, useRouteMutation } from '@renderer/data/useRoute';
import type { McpAuthStatus } from '@shared/contracts/mcp-types';

/**
 * A server's sign-in state (the `auth` of its mcp.status, patched in place by mcp.auth_state) and
 * what the person can do about it. The routes answer at once; the outcome arrives as the event.
 */
export function useSignIn(serverId: string) {
  const status = useRoute('mcp.status');
  const auth: McpAuthStatus | undefined = status.data?.find((s) => s.id === serverId)?.auth;
  const start = useRouteMutation('mcp.auth_start');
  const cancel = useRouteMutation('mcp.auth_cancel');
  const signOut = useRouteMutation('mcp.auth_signout', { invalidates: ['mcp.status'] });
  return {
    auth,
    start: () => start.mutate({ id: serverId }),
    cancel: () => cancel.mutate({ id: serverId }),
    signOut: () => signOut.mutate({ id: serverId }),
    starting: start.isPending,
    signingOut: signOut.isPending,
    /** A failure of the route itself (the sign-in never started), as opposed to `auth.failure`. */
    error: start.error ?? signOut.error ?? cancel.error,
  };
}
