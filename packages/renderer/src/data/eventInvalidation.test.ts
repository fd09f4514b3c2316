import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { RouteName } from '@shared/contracts/ipc';
import type { McpServerStatus } from '@shared/contracts/mcp-types';
import { EVENT_REACTIONS } from './eventInvalidation';
import { createQueryClient } from './queryClient';
import { routeKey } from './useRoute';

const isStale = (client: ReturnType<typeof createQueryClient>, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

function seeded() {
  const client = createQueryClient();
  client.setQueryData<McpServerStatus[]>(routeKey('mcp.status'), [{ id: 'a', state: 'connecting' }]);
  client.setQueryData(routeKey('mcp.list'), []);
  client.setQueryData(routeKey('mcp.list_tools', { id: 'a' }), []);
  client.setQueryData(routeKey('mcp.list_tools', { id: 'b' }), []);
  client.setQueryData(routeKey('providers.list'), []);
  return client;
}

/**
 * Watches `route` with answers handed out by the test, runs `react` while a fetch is in flight
 * (the first one, or a refetch of `seed`), then answers that overtaken fetch with `stale` and any
 * fetch the reaction started with `fresh`. Returns what the cache holds once both are in.
 */
async function overtaken(route: RouteName, react: (client: QueryClient) => void, answers: { seed?: unknown; stale: unknown; fresh: unknown }) {
  const client = createQueryClient();
  const pending: ((value: unknown) => void)[] = [];
  const queryFn = () => new Promise((resolve) => pending.push(resolve));
  if (answers.seed !== undefined) client.setQueryData(routeKey(route), answers.seed);
  const unsubscribe = new QueryObserver(client, { queryKey: routeKey(route), queryFn, staleTime: answers.seed === undefined ? Infinity : 0 }).subscribe(() => {});
  expect(pending).toHaveLength(1);
  react(client);
  await vi.waitFor(() => expect(pending).toHaveLength(2));
  pending[0]!(answers.stale);
  pending[1]!(answers.fresh);
  await vi.waitFor(() => expect(client.getQueryState(routeKey(route))?.fetchStatus).toBe('idle'));
  unsubscribe();
  return client.getQueryData(routeKey(route));
}

describe('EVENT_REACTIONS', () => {
  it('asks for the status again when an answer read before a connection event is still in flight', async () => {
    // The list watching the status: a refetch (after servers_changed, say) is in flight when the event arrives.
    const held = await overtaken(
      'mcp.status',
      (client) => EVENT_REACTIONS['mcp.connection_state']?.(client, { serverId: 'a', state: 'error', error: 'boom' }),
      { seed: [{ id: 'a', state: 'disconnected' }], stale: [{ id: 'a', state: 'connecting' }], fresh: [{ id: 'a', state: 'error', error: 'boom' }] },
    );
    expect(held).toEqual([{ id: 'a', state: 'error', error: 'boom' }]);
  });

  it('asks again when the first answer is still in flight: it may predate the change the event reports', async () => {
    // The page's first list: read by the host before a server was added, its answer not yet in.
    const held = await overtaken('mcp.list', (client) => EVENT_REACTIONS['mcp.servers_changed']?.(client, { reason: 'added', id: 'new' }), {
      stale: [],
      fresh: ['new'],
    });
    expect(held).toEqual(['new']);
  });

  it('asks for the first status answer again when a connection event overtakes it', async () => {
    const held = await overtaken('mcp.status', (client) => EVENT_REACTIONS['mcp.connection_state']?.(client, { serverId: 'a', state: 'connected' }), {
      stale: [],
      fresh: [{ id: 'a', state: 'connected' }],
    });
    expect(held).toEqual([{ id: 'a', state: 'connected' }]);
  });

  it('applies a connection state in place, and refreshes that server’s tools once it is connected', async () => {
    const client = seeded();
    const failure = { code: 'DEPS_MISSING' as const, message: 'spawn npx ENOENT', data: { command: 'npx', hint: 'commandMissing' } };
    EVENT_REACTIONS['mcp.connection_state']?.(client, { serverId: 'a', state: 'error', error: 'spawn npx ENOENT', failure });
    expect(client.getQueryData(routeKey('mcp.status'))).toEqual([{ id: 'a', state: 'error', error: 'spawn npx ENOENT', failure }]);
    expect(isStale(client, routeKey('mcp.status'))).toBe(false);
    expect(isStale(client, routeKey('mcp.list_tools', { id: 'a' }))).toBe(false);

    EVENT_REACTIONS['mcp.connection_state']?.(client, { serverId: 'a', state: 'connected' });
    EVENT_REACTIONS['mcp.connection_state']?.(client, { serverId: 'new', state: 'connecting' });
    expect(client.getQueryData(routeKey('mcp.status'))).toEqual([
      { id: 'a', state: 'connected' },
      { id: 'new', state: 'connecting' },
    ]);
    await vi.waitFor(() => expect(isStale(client, routeKey('mcp.list_tools', { id: 'a' }))).toBe(true));
    expect(isStale(client, routeKey('mcp.list_tools', { id: 'b' }))).toBe(false);
  });

  it('makes every view of the records stale on servers_changed, and leaves unrelated answers alone', async () => {
    const client = seeded();
    EVENT_REACTIONS['mcp.servers_changed']?.(client, { reason: 'updated', id: 'a' });
    await vi.waitFor(() => expect(isStale(client, routeKey('mcp.list'))).toBe(true));
    expect(isStale(client, routeKey('mcp.list_tools', { id: 'b' }))).toBe(true);
    expect(isStale(client, routeKey('providers.list'))).toBe(false);
  });

  it('refetches everything when the page missed events', async () => {
    const client = seeded();
    EVENT_REACTIONS['app.events_dropped']?.(client, { count: 3 });
    await vi.waitFor(() => expect(isStale(client, routeKey('providers.list'))).toBe(true));
  });
});
