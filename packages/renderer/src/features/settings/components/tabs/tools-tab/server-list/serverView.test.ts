import { describe, expect, it } from 'vitest';
import { server } from '@renderer-testing/FakeHost';
import { cachedServerView, keySourceOf, NO_FILTER, rowStateOf, selectServers, toServerView, type ServerView } from './serverView';

const views: ServerView[] = [
  toServerView(server({ name: 'files', type: 'stdio', config: { command: 'npx', args: ['-y', '@mcp/files'] }, createdAt: 3 }), { id: 'id-files', state: 'connected' }, ['read_file', 'write_file']),
  toServerView(server({ name: 'Brave', type: 'http', config: { url: 'https://brave.example/mcp' }, createdAt: 1, scope: 'local', projectPath: '/p' }), { id: 'id-Brave', state: 'error' }, undefined),
  toServerView(server({ name: 'memory', type: 'stdio', config: { command: 'uvx', args: ['mem'] }, createdAt: 2, isActive: false }), undefined, undefined),
  toServerView(server({ name: 'events', type: 'sse', config: { url: 'http://h/sse' }, createdAt: 4 }), undefined, undefined),
];
const names = (list: ServerView[]) => list.map((v) => v.server.name);

describe('selectServers', () => {
  it('sorts by name, by state (errors first) and by most recently added', () => {
    expect(names(selectServers(views, NO_FILTER, 'name'))).toEqual(['Brave', 'events', 'files', 'memory']);
    expect(names(selectServers(views, NO_FILTER, 'state'))).toEqual(['Brave', 'files', 'events', 'memory']);
    expect(names(selectServers(views, NO_FILTER, 'recent'))).toEqual(['events', 'files', 'memory', 'Brave']);
  });

  it('searches names, commands, URLs and tool names, case-insensitively', () => {
    const search = (query: string) => names(selectServers(views, { ...NO_FILTER, query }, 'name'));
    expect(search('BRA')).toEqual(['Brave']);
    expect(search('uvx')).toEqual(['memory']);
    expect(search('brave.example')).toEqual(['Brave']);
    expect(search('write_')).toEqual(['files']);
    expect(search('  ')).toHaveLength(4);
    expect(search('nothing-like-it')).toEqual([]);
  });

  it('filters by state, transport, scope and active, together', () => {
    const pick = (filter: Partial<typeof NO_FILTER>) => names(selectServers(views, { ...NO_FILTER, ...filter }, 'name'));
    expect(pick({ states: ['inactive'] })).toEqual(['memory']);
    expect(pick({ states: ['disconnected', 'error'] })).toEqual(['Brave', 'events']);
    expect(pick({ transports: ['stdio'] })).toEqual(['files', 'memory']);
    expect(pick({ scopes: ['local'] })).toEqual(['Brave']);
    expect(pick({ active: 'off' })).toEqual(['memory']);
    expect(pick({ active: 'on', transports: ['stdio'] })).toEqual(['files']);
  });
});

describe('keySourceOf', () => {
  it("names a preset's provider, a saved secret, or nothing", () => {
    expect(keySourceOf(server({ name: 'v', type: 'stdio', config: { command: 'npx', env: { Z_AI_API_KEY: '***' } }, keyLink: { providerId: 'zai', presetId: 'zai-vision' } }))).toEqual({
      kind: 'provider',
      providerId: 'zai',
      providerName: 'Z.AI',
    });
    expect(keySourceOf(server({ name: 'r', type: 'http', config: { url: 'https://h/mcp', headers: { Authorization: '***' } } }))).toEqual({ kind: 'secret', names: ['Authorization'] });
    expect(keySourceOf(server({ name: 'a', type: 'stdio', config: { command: 'x', args: ['--api-key=***'] } }))).toEqual({ kind: 'secret', names: [] });
    expect(keySourceOf(server({ name: 'n', type: 'stdio', config: { command: 'x' } }))).toEqual({ kind: 'none' });
  });
});

describe('rowStateOf', () => {
  const active = server({ name: 'a', type: 'stdio', config: { command: 'x' } });
  const off = server({ name: 'b', type: 'stdio', config: { command: 'x' }, isActive: false });
  it('is unknown for an active server while the host cannot be reached, whatever it last reported', () => {
    expect(rowStateOf(active, { id: active.id, state: 'connected' })).toBe('connected');
    expect(rowStateOf(active, { id: active.id, state: 'connected' }, false)).toBe('unknown');
    expect(rowStateOf(active, undefined, false)).toBe('unknown');
    // "Off" is the saved setting, not a live state: still true without the host.
    expect(rowStateOf(off, undefined, false)).toBe('inactive');
  });
});

describe('cachedServerView', () => {
  it('answers the same view while record, status, tool names (by value) and host reachability are the same', () => {
    const record = server({ name: 'files', type: 'stdio', config: { command: 'npx' } });
    const status = { id: record.id, state: 'connected' as const };
    const first = cachedServerView(record, status, ['read', 'write']);
    expect(cachedServerView(record, status, ['read', 'write'])).toBe(first);
    expect(first).toEqual(toServerView(record, status, ['read', 'write']));
    // Anything the row shows that changed makes a new view.
    const changes = [
      cachedServerView(record, { ...status }, ['read', 'write']),
      cachedServerView(record, status, ['read']),
      cachedServerView(record, status, ['read', 'write'], false),
      cachedServerView({ ...record, name: 'renamed' }, status, ['read', 'write']),
    ];
    for (const view of changes) expect(view).not.toBe(first);
    expect(changes[2]!.state).toBe('unknown');
  });
});
