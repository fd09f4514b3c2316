import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
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

describe('EVENT_REACTIONS', () => {
  it('asks for the status again when an answer read before a connection event is still in flight', async () => {
    const client = createQueryClient();
    const answers: ((value: McpServerStatus[]) => void)[] = [];
    const queryFn = () => new Promise<McpServerStatus[]>((resolve) => answers.push(resolve));
    client.setQueryData<McpServerStatus[]>(routeKey('mcp.status'), [{ id: 'a', state: 'disconnected' }]);
    // The list watching the status: a refetch (after servers_changed, say) is in flight when the event arrives.
    const unsubscribe = new QueryObserver(client, { queryKey: routeKey('mcp.status'), queryFn, staleTime: 0 }).subscribe(() => {});
    expect(answers).toHaveLength(1);
    EVENT_REACTIONS['mcp.connection_state']?.(client, { serverId: 'a', state: 'error', error: 'boom' });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    // The stale answer (read while "connecting") lands late and is ignored; the fresh one counts.
    answers[0]!([{ id: 'a', state: 'connecting' }]);
    answers[1]!([{ id: 'a', state: 'error', error: 'boom' }]);
    await vi.waitFor(() => expect(client.getQueryState(routeKey('mcp.status'))?.fetchStatus).toBe('idle'));
    expect(client.getQueryData(routeKey('mcp.status'))).toEqual([{ id: 'a', state: 'error', error: 'boom' }]);
    unsubscribe();
  });

  it('asks again when the first answer is still in flight: it may predate the change the event reports', async () => {
    const client = createQueryClient();
    const answers: ((value: string[]) => void)[] = [];
    const queryFn = () => new Promise<string[]>((resolve) => answers.push(resolve));
    // The page's first list: read by the host before a server was added, its answer not yet in.
    const unsubscribe = new QueryObserver(client, { queryKey: routeKey('mcp.list'), queryFn }).subscribe(() => {});
    expect(answers).toHaveLength(1);
    EVENT_REACTIONS['mcp.servers_changed']?.(client, { reason: 'added', id: 'new' });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!([]);
    answers[1]!(['new']);
    await vi.waitFor(() => expect(client.getQueryState(routeKey('mcp.list'))?.fetchStatus).toBe('idle'));
    expect(client.getQueryData(routeKey('mcp.list'))).toEqual(['new']);
    unsubscribe();
  });

  it('asks for the first status answer again when a connection event overtakes it', async () => {
    const client = createQueryClient();
    const answers: ((value: McpServerStatus[]) => void)[] = [];
    const queryFn = () => new Promise<McpServerStatus[]>((resolve) => answers.push(resolve));
    const unsubscribe = new QueryObserver(client, { queryKey: routeKey('mcp.status'), queryFn }).subscribe(() => {});
    EVENT_REACTIONS['mcp.connection_state']?.(client, { serverId: 'a', state: 'connected' });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[0]!([]);
    answers[1]!([{ id: 'a', state: 'connected' }]);
    await vi.waitFor(() => expect(client.getQueryState(routeKey('mcp.status'))?.fetchStatus).toBe('idle'));
    expect(client.getQueryData(routeKey('mcp.status'))).toEqual([{ id: 'a', state: 'connected' }]);
    unsubscribe();
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
