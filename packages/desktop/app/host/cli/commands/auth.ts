/**
 * `servers auth NAME`: signs in to a remote server (OAuth). The URL is printed and handed to the
 * browser ($BROWSER first, see systemBrowser.ts); the command waits for the browser to come back
 * to the loopback redirect, then says how it went. runCli also calls `signInOnTerminal` when a
 * command meets a server that needs a sign-in and a person is at the terminal.
 */
import type { McpAuthStatus } from '../../../shared/contracts/mcp-types';
import { errorData } from '../../../shared/errorData';
import { AppError, type AppErrorShape } from '../../../shared/errors';
import { shellWord } from '../../../shared/text/commandLine';
import { confirmOnTerminal, EXIT, positionals, resolveServer, type CliIo, type Command } from '../cliKit';
import { parseFlags } from '../commandTable';
import type { RouterClient } from '../routerClient';

/** What a person runs to sign in; said wherever a sign-in is needed but cannot start here. */
export function authHint(error: AppErrorShape): string | undefined {
  const needed = errorData(error, 'AUTH_REQUIRED');
  return needed && `To sign in: elftia-mcp servers auth ${shellWord(needed.serverName)}`;
}

/** Starts the sign-in, prints the URL, waits until it ends; throws the failure's AppError. */
export async function signInOnTerminal(client: RouterClient, io: CliIo, server: { id: string; name: string }): Promise<void> {
  let settle!: (auth: McpAuthStatus) => void;
  const ended = new Promise<McpAuthStatus>((resolve) => (settle = resolve));
  // Subscribed before starting, so an outcome faster than the route's answer is not missed.
  const off = client.on('mcp.auth_state', ({ serverId, auth }) => {
    if (serverId === server.id && auth && (auth.state === 'signed_in' || auth.state === 'failed' || auth.state === 'needs_sign_in')) settle(auth);
  });
  // Ctrl+C: the services are being disposed and may never say the sign-in ended, so it ends here.
  const onAbort = () => {
    void client.request('mcp.auth_cancel', { id: server.id });
    settle({ state: 'needs_sign_in' });
  };
  io.signal?.addEventListener('abort', onAbort);
  try {
    const started = await client.call('mcp.auth_start', { id: server.id });
    if (started.state === 'waiting_for_browser') {
      io.stderr.write(`Sign in to "${server.name}" in your browser. If it did not open, open this address:\n\n  ${started.authorizationUrl}\n\nWaiting for the browser… (Ctrl+C to stop)\n`);
    }
    const outcome = started.state === 'waiting_for_browser' ? await ended : started;
    if (outcome.state === 'signed_in') return;
    const failure = outcome.failure ?? { code: 'AUTH_CANCELLED', message: `Signing in to "${server.name}" was cancelled`, data: { serverName: server.name } };
    throw new AppError(failure.code, failure.message, failure.data);
  } finally {
    off();
    io.signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Whether a command refused with AUTH_REQUIRED may run again because the person signed in: a
 * first sign-in at a terminal; a step-up (the server wants a wider scope) once they agreed to
 * grant it, on the terminal or ahead with --yes (which also allows a first sign-in without a
 * terminal). Each kind once per command (`signIns`), so no loop of sign-ins.
 */
export async function signedInToRunAgain(client: Promise<RouterClient>, io: CliIo, err: AppError, options: { yes: boolean; signIns: Set<string> }): Promise<boolean> {
  const needed = errorData(err, 'AUTH_REQUIRED');
  if (needed?.serverId === undefined) return false;
  const stepUp = needed.reason === 'insufficient_scope';
  const kind = stepUp ? 'step_up' : 'sign_in';
  if (options.signIns.has(kind)) return false;
  const agreed =
    options.yes ||
    (stepUp ? (await confirmOnTerminal(io, `"${needed.serverName}" needs more access. Sign in again in your browser to grant "${needed.scope ?? ''}"?`)) === true : io.interactive === true);
  if (!agreed) return false;
  options.signIns.add(kind);
  io.stderr.write(`${err.message}\n`);
  await signInOnTerminal(await client, io, { id: needed.serverId, name: needed.serverName });
  return true;
}

export const serversAuth: Command = async ({ io, args, client }) => {
  const { positionals: rest } = parseFlags('servers auth', args);
  const [ref] = positionals('servers auth', rest, ['NAME']) as [string];
  const app = await client();
  const server = await resolveServer(app, ref);
  await signInOnTerminal(app, io, server);
  io.stdout.write(`Signed in to "${server.name}".\n`);
  return EXIT.OK;
};

export const serversSignOut: Command = async ({ io, args, client }) => {
  const { positionals: rest } = parseFlags('servers signout', args);
  const [ref] = positionals('servers signout', rest, ['NAME']) as [string];
  const app = await client();
  const server = await resolveServer(app, ref);
  await app.call('mcp.auth_signout', { id: server.id });
  io.stdout.write(`Signed out of "${server.name}"; its tokens were forgotten.\n`);
  return EXIT.OK;
};
