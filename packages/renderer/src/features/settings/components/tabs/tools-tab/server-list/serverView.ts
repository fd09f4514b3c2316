/**
 * The server list's model, kept pure: what each row shows about a server (its state as the list
 * shows it, where its key comes from, its tools) and how search, filters and sort pick the rows.
 */
import type { McpLastSeen, McpServerRecord, McpServerScope, McpServerStatus, McpServerTransport } from '@shared/contracts/mcp-types';
import { LLM_PROVIDERS, type LlmProviderId } from '@shared/contracts/providers';
import { serverTarget } from '../describeServer';

/**
 * The connection state as the list shows it: an inactive server is "off" whatever its pool state;
 * an active one is "unknown" while the host cannot be reached, since the last state it reported
 * may no longer be true (a stopped host took its stdio servers with it).
 */
export type RowState = FilterableRowState | 'unknown';
/** The states the list can be filtered by: "unknown" is the whole list at once, never a choice. */
export type FilterableRowState = 'connected' | 'connecting' | 'error' | 'disconnected' | 'inactive';
export const ROW_STATES: readonly FilterableRowState[] = ['connected', 'connecting', 'error', 'disconnected', 'inactive'];

/** Where a server's credentials come from: a provider's saved key (presets), a saved secret, or nowhere. */
export type KeySource = { kind: 'provider'; providerId: LlmProviderId; providerName: string } | { kind: 'secret'; names: string[] } | { kind: 'none' };

export interface ServerView {
  server: McpServerRecord;
  status: McpServerStatus | undefined;
  state: RowState;
  /** Enabled tool names: listed live once connected, else as last seen (see `toolsSeenAt`); undefined when never seen. */
  tools: string[] | undefined;
  /** When the tools shown were last listed, if they come from what was last seen rather than a live connection. */
  toolsSeenAt: number | undefined;
  target: ReturnType<typeof serverTarget>;
  keySource: KeySource;
}

const MASK = '***';

export function keySourceOf(server: McpServerRecord): KeySource {
  if (server.keyLink) {
    const { providerId } = server.keyLink;
    return { kind: 'provider', providerId, providerName: LLM_PROVIDERS.find((p) => p.id === providerId)?.name ?? providerId };
  }
  // mcp.list masks every env and header value and any credential in args and the URL.
  const names = [...Object.keys(server.config.env ?? {}), ...Object.keys(server.config.headers ?? {})];
  const masked = (server.config.args ?? []).some((arg) => arg.includes(MASK)) || (server.config.url ?? '').includes(MASK);
  return names.length > 0 || masked ? { kind: 'secret', names } : { kind: 'none' };
}

export function rowStateOf(server: McpServerRecord, status: McpServerStatus | undefined, hostReachable = true): RowState {
  if (!server.isActive) return 'inactive';
  return hostReachable ? (status?.state ?? 'disconnected') : 'unknown';
}

/** The enabled tools a server listed when last seen (the record's switches apply now, as they would live). */
const seenToolNames = (server: McpServerRecord, seen: McpLastSeen | undefined) => seen?.tools?.list.map((tool) => tool.name).filter((name) => !server.disabledTools.includes(name));

export function toServerView(
  server: McpServerRecord,
  status: McpServerStatus | undefined,
  tools: string[] | undefined,
  hostReachable = true,
  seen?: McpLastSeen,
): ServerView {
  const seenTools = tools ? undefined : seenToolNames(server, seen);
  return {
    server,
    status,
    state: rowStateOf(server, status, hostReachable),
    tools: tools ?? seenTools,
    toolsSeenAt: seenTools ? seen?.tools?.at : undefined,
    target: serverTarget(server),
    keySource: keySourceOf(server),
  };
}

const sameNames = (a: string[] | undefined, b: string[] | undefined) => a === b || (a !== undefined && b !== undefined && a.length === b.length && a.every((name, i) => name === b[i]));

/** Keyed by the record object, which any change to the server replaces (so entries go with it). */
const viewCache = new WeakMap<McpServerRecord, { view: ServerView; hostReachable: boolean; seen: McpLastSeen | undefined; live: string[] | undefined }>();

/**
 * toServerView, answering the same object while its inputs are the same (the record, status and
 * last-seen objects, the tool names by value). Rows are memoised on their view: an event about one
 * server then re-renders that server's row, not all of them.
 */
export function cachedServerView(
  server: McpServerRecord,
  status: McpServerStatus | undefined,
  tools: string[] | undefined,
  hostReachable = true,
  seen?: McpLastSeen,
): ServerView {
  const cached = viewCache.get(server);
  if (cached && cached.hostReachable === hostReachable && cached.view.status === status && cached.seen === seen && sameNames(cached.live, tools)) return cached.view;
  const view = toServerView(server, status, tools, hostReachable, seen);
  viewCache.set(server, { view, hostReachable, seen, live: tools });
  return view;
}

export type SortKey = 'name' | 'state' | 'recent';
export const SORT_KEYS: readonly SortKey[] = ['name', 'state', 'recent'];

export interface ServerFilter {
  query: string;
  states: FilterableRowState[];
  transports: McpServerTransport[];
  scopes: McpServerScope[];
  active: 'all' | 'on' | 'off';
}

export const NO_FILTER: ServerFilter = { query: '', states: [], transports: [], scopes: [], active: 'all' };

export const isFiltering = (filter: ServerFilter): boolean =>
  filter.query.trim() !== '' || filter.states.length > 0 || filter.transports.length > 0 || filter.scopes.length > 0 || filter.active !== 'all';

/** What a query matched besides the name and target: the tool names, so the row can say which. */
export function matchingTools(view: ServerView, query: string): string[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  return (view.tools ?? []).filter((tool) => tool.toLowerCase().includes(needle));
}

function matchesQuery(view: ServerView, needle: string): boolean {
  if (!needle) return true;
  const { server, target } = view;
  return (
    server.name.toLowerCase().includes(needle) ||
    (target.text ?? '').toLowerCase().includes(needle) ||
    (view.tools ?? []).some((tool) => tool.toLowerCase().includes(needle))
  );
}

/** Errors first: they are what needs the person; then what is busy, working, idle, off. */
const STATE_ORDER: Record<RowState, number> = { error: 0, connecting: 1, connected: 2, unknown: 3, disconnected: 3, inactive: 4 };
/** One collator for every comparison: localeCompare with options builds one per call, most of a 200-row sort. */
const NAME_ORDER = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const byName = (a: ServerView, b: ServerView) => NAME_ORDER.compare(a.server.name, b.server.name);
const COMPARE: Record<SortKey, (a: ServerView, b: ServerView) => number> = {
  name: byName,
  state: (a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || byName(a, b),
  recent: (a, b) => b.server.createdAt - a.server.createdAt || byName(a, b),
};

export function selectServers(views: readonly ServerView[], filter: ServerFilter, sort: SortKey): ServerView[] {
  const needle = filter.query.trim().toLowerCase();
  return views
    .filter(
      (view) =>
        matchesQuery(view, needle) &&
        (filter.states.length === 0 || (filter.states as readonly RowState[]).includes(view.state)) &&
        (filter.transports.length === 0 || filter.transports.includes(view.server.type)) &&
        (filter.scopes.length === 0 || filter.scopes.includes(view.server.scope)) &&
        (filter.active === 'all' || view.server.isActive === (filter.active === 'on')),
    )
    .sort(COMPARE[sort]);
}
