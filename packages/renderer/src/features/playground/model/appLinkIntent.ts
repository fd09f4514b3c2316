/**
 * The app link the page was opened with (`elftia-mcp apps open`, shared/appLink.ts), read once at
 * start. It is removed from the address bar at once, so a reload or a bookmark does not call the
 * tool again. A link that reads sets the server's playground on the tool with the linked
 * arguments; the playground fills them in, checks them and calls the tool (usePlayground).
 */
import { readAppLink, type AppLinkRead } from '@shared/appLink';
import { playgroundSessions } from './playgroundSession';

let taken: { read: AppLinkRead | undefined } | undefined;

export function startupAppLink(win: Pick<Window, 'location' | 'history'> = window): AppLinkRead | undefined {
  if (taken) return taken.read;
  const read = readAppLink(win.location.hash);
  if (read) win.history.replaceState(win.history.state, '', `${win.location.pathname}${win.location.search}`);
  if (read?.ok) {
    const { serverId, toolName, args } = read.link;
    playgroundSessions.update(serverId, (session) => ({ ...session, toolName, linked: { toolName, args } }));
  }
  taken = { read };
  return read;
}
