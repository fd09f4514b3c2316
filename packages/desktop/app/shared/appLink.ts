/**
 * The playground link to a tool's MCP App (issue 32, item 5): `elftia-mcp apps open SERVER TOOL
 * --args JSON` opens browser mode at `…/?token=…#open-app?server=ID&tool=NAME&args=JSON`, and
 * the page opens that server's playground on that tool with those arguments and calls it, so the
 * app shows. Built by the CLI and read by the renderer with the same code.
 *
 * The fragment is never sent to the host (it stays in the browser) and the page removes it once
 * read, so a reload does not call the tool again. Whatever it says is checked where it is used:
 * the server must exist, the tool must be one of its tools with an app, the arguments must fit the
 * tool's schema (the playground marks each field that does not), and a destructive tool waits for
 * the person. Here it is only read: a fragment of another shape, or one too long, is refused.
 */
export const APP_LINK_PREFIX = '#open-app?';
/** A link is typed or pasted at most; the arguments of a tool call fit easily. */
export const APP_LINK_MAX_CHARS = 64 * 1024;

export interface AppLink {
  serverId: string;
  toolName: string;
  args: Record<string, unknown>;
}

export type AppLinkRead = { ok: true; link: AppLink } | { ok: false; problem: 'too_long' | 'server' | 'tool' | 'args' };

/** The fragment that opens the app of `toolName` on `serverId` with `args`. */
export function appLinkHash({ serverId, toolName, args }: AppLink): string {
  return `${APP_LINK_PREFIX}${new URLSearchParams({ server: serverId, tool: toolName, args: JSON.stringify(args) }).toString()}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The link a page's fragment names; undefined when the fragment is not an app link at all. */
export function readAppLink(hash: string): AppLinkRead | undefined {
  if (!hash.startsWith(APP_LINK_PREFIX)) return undefined;
  if (hash.length > APP_LINK_MAX_CHARS) return { ok: false, problem: 'too_long' };
  const query = new URLSearchParams(hash.slice(APP_LINK_PREFIX.length));
  const serverId = query.get('server')?.trim();
  const toolName = query.get('tool');
  if (!serverId) return { ok: false, problem: 'server' };
  if (!toolName) return { ok: false, problem: 'tool' };
  let args: unknown = {};
  const raw = query.get('args');
  if (raw !== null) {
    try {
      args = JSON.parse(raw);
    } catch {
      return { ok: false, problem: 'args' };
    }
  }
  return isRecord(args) ? { ok: true, link: { serverId, toolName, args } } : { ok: false, problem: 'args' };
}
