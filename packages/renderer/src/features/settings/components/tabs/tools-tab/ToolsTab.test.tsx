import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@renderer-testing/userEvent';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHost, server } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ToolsTab } from './ToolsTab';
import { EVENT_LOG_LIMIT } from './types';

afterEach(cleanup);


const rows = () => screen.queryAllByTestId('server-row');
/** The event log is the Activity section; events are collected while another section shows. */
/** Opens the activity section and waits for it: its code loads the first time it is shown. */
const showActivity = async () => {
  await userEvent.click(screen.getByText('Activity'));
  await screen.findByTestId('event-log');
};

describe('ToolsTab', { timeout: 120_000 }, () => {
  it('lists configured servers with name, transport, state and target', async () => {
    const host = new FakeHost();
    host.servers = [
      server({ name: 'files', type: 'stdio', config: { command: 'npx', args: ['-y', '@scope/server files', 'x'] } }),
      server({ name: 'remote', type: 'http', config: { url: 'http://127.0.0.1:9/mcp' }, isActive: false }),
    ];
    renderWithProviders(<ToolsTab />, host);

    await waitFor(() => expect(rows()).toHaveLength(2));
    const files = screen.getByTestId('server-list').querySelector('[data-server-name="files"]');
    const remote = screen.getByTestId('server-list').querySelector('[data-server-name="remote"]');
    expect(files?.textContent).toContain('stdio');
    expect(files?.textContent).toContain('Not connected');
    // An argument with a space stays visibly one argument.
    expect(files?.textContent).toContain("npx -y '@scope/server files' x");
    expect(remote?.textContent).toContain('Streamable HTTP');
    expect(remote?.textContent).toContain('Off');
    expect(remote?.textContent).toContain('http://127.0.0.1:9/mcp');
    expect(screen.queryByTestId('servers-empty')).toBeNull();
    expect(screen.getByText('MCP servers · 2 servers')).toBeTruthy();
  });

  it('shows masked secrets as listed and asks for the real values only when the person wants them', async () => {
    const host = new FakeHost();
    // As mcp.list sends them: names kept, values masked.
    host.servers = [
      server({ name: 'db', type: 'stdio', config: { command: 'npx', args: ['pg', '--api-key=***'], env: { PGPASSWORD: '***' } } }),
      server({ name: 'remote', type: 'http', config: { url: 'https://u:***@h/mcp', headers: { Authorization: '***' } } }),
    ];
    host.secrets.set('id-db', { args: ['pg', '--api-key=sk-real-1'], env: { PGPASSWORD: 'pw-real-1' } });
    renderWithProviders(<ToolsTab />, host);
    await waitFor(() => expect(rows()).toHaveLength(2));
    const row = (name: string) => screen.getByTestId('server-list').querySelector<HTMLElement>(`[data-server-name="${name}"]`)!;

    expect(row('db').textContent).toContain("npx pg '--api-key=***'");
    expect(row('db').textContent).toContain('PGPASSWORD=***');
    expect(row('remote').textContent).toContain('https://u:***@h/mcp');
    expect(row('remote').textContent).toContain('Authorization: ***');
    expect(host.callCount('mcp.reveal_secrets')).toBe(0);

    await userEvent.click(within(row('db')).getByRole('button', { name: 'Show secrets' }));
    await waitFor(() => expect(row('db').textContent).toContain('npx pg --api-key=sk-real-1'));
    expect(row('db').textContent).toContain('PGPASSWORD=pw-real-1');
    expect(row('remote').textContent).not.toContain('real');

    // antd settles the button's loading state a tick after the values arrive.
    await userEvent.click(await within(row('db')).findByRole('button', { name: 'Hide secrets' }));
    expect(row('db').textContent).not.toContain('real');
    expect(row('db').textContent).toContain('PGPASSWORD=***');

    // A failed reveal says why, in the row, and shows nothing secret.
    await userEvent.click(within(row('remote')).getByRole('button', { name: 'Show secrets' }));
    expect((await within(row('remote')).findByRole('alert')).textContent).toContain('NOT_FOUND');
  });

  it("shows each active server's connection state live, with the error on hover", async () => {
    const host = new FakeHost();
    host.servers = [
      server({ name: 'files', type: 'stdio', config: { command: 'npx' } }),
      server({ name: 'remote', type: 'http', config: { url: 'http://127.0.0.1:9/mcp' } }),
    ];
    host.statuses = [{ id: 'id-files', state: 'connected' }];
    renderWithProviders(<ToolsTab />, host);
    const stateOf = (name: string) =>
      screen.getByTestId('server-list').querySelector(`[data-server-name="${name}"] [data-testid="server-state"]`);

    await waitFor(() => expect(stateOf('files')?.getAttribute('data-state')).toBe('connected'));
    expect(stateOf('files')?.textContent).toBe('Connected');
    expect(stateOf('remote')?.getAttribute('data-state')).toBe('disconnected');

    act(() => host.emit({ event: 'mcp.connection_state', payload: { serverId: 'id-remote', state: 'connecting' } }));
    expect(stateOf('remote')?.textContent).toBe('Connecting…');
    act(() =>
      host.emit({ event: 'mcp.connection_state', payload: { serverId: 'id-remote', state: 'error', error: 'fetch failed' } }),
    );
    expect(stateOf('remote')?.textContent).toBe('Error');
    await userEvent.hover(stateOf('remote')!);
    expect((await screen.findByRole('tooltip')).textContent).toContain('fetch failed');
  });

  it('shows the empty state when nothing is configured', async () => {
    renderWithProviders(<ToolsTab />, new FakeHost());
    const empty = await screen.findByTestId('servers-empty');
    expect(empty.textContent).toContain('No MCP servers yet');
    // It names the way servers can be added today, not an in-app flow that does not exist.
    expect(empty.textContent).toContain('npx elftia-mcp servers add');
    expect(rows()).toHaveLength(0);
  });

  it('shows an error envelope as translated text with its data, keeping the code in the details', async () => {
    const host = new FakeHost();
    host.failures.set('mcp.list', [
      { code: 'CONFIG_STORE_FAILED', message: 'EACCES: permission denied', data: { path: '/home/a/mcp-config.json' } },
    ]);
    renderWithProviders(<ToolsTab />, host);

    const alert = await screen.findByTestId('servers-error');
    expect(alert.textContent).toContain('The MCP configuration at /home/a/mcp-config.json could not be read or saved.');
    expect(alert.textContent).toContain('CONFIG_STORE_FAILED: EACCES: permission denied');
  });

  it('translates errors in the current language', async () => {
    const host = new FakeHost();
    host.failures.set('mcp.list', [{ code: 'DUPLICATE_NAME', message: 'dup', data: { name: 'files' } }]);
    renderWithProviders(<ToolsTab />, host, 'ja');
    const alert = await screen.findByTestId('servers-error');
    expect(alert.textContent).toContain('「files」という名前のサーバーはすでに存在します');
  });

  it('refreshes on mcp.servers_changed and logs the event, newest first', async () => {
    const host = new FakeHost();
    renderWithProviders(<ToolsTab />, host);
    await screen.findByTestId('servers-empty');
    expect(host.callCount('mcp.list')).toBe(1);
    expect(screen.queryAllByTestId('event-entry')).toHaveLength(0);

    host.servers = [server({ name: 'files', type: 'stdio', config: { command: 'npx' } })];
    act(() => host.emit({ event: 'mcp.servers_changed', payload: { reason: 'added', id: 'id-files' } }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]?.getAttribute('data-server-name')).toBe('files');
    expect(host.callCount('mcp.list')).toBe(2);
    expect(screen.queryByTestId('servers-empty')).toBeNull();

    act(() => host.emit({ event: 'mcp.connection_state', payload: { serverId: 'id-files', state: 'connected' } }));
    await showActivity();
    await showActivity();
    const entries = within(screen.getByTestId('event-log')).getAllByTestId('event-entry');
    expect(entries).toHaveLength(2);
    // People read a kind and a sentence, never the event's code.
    expect(entries[0]?.textContent).toContain('Connection');
    // The id is shown as the server's name once the list knows it.
    expect(entries[0]?.textContent).toContain('files is connected');
    expect(entries[1]?.textContent).toContain('Servers');
    expect(entries[1]?.textContent).toContain('A server was added');
    expect(screen.getByTestId('event-log').textContent).not.toMatch(/mcp\.|servers_changed|connection_state/);
    // Only servers_changed reloads the list.
    expect(host.callCount('mcp.list')).toBe(2);
  });

  it('reloads servers and states when the host says this page missed events', async () => {
    const host = new FakeHost();
    renderWithProviders(<ToolsTab />, host);
    await screen.findByTestId('servers-empty');
    expect(host.callCount('mcp.list')).toBe(1);
    expect(host.callCount('mcp.status')).toBe(1);

    // The server list changed while this page's stream was behind; the change event was among the dropped.
    host.servers = [server({ name: 'files', type: 'stdio', config: { command: 'npx' } })];
    host.statuses = [{ id: 'id-files', state: 'connected' }];
    act(() => host.emit({ event: 'app.events_dropped', payload: { count: 120 } }));

    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(host.callCount('mcp.list')).toBe(2);
    expect(host.callCount('mcp.status')).toBe(2);
    await showActivity();
    const entries = within(screen.getByTestId('event-log')).getAllByTestId('event-entry');
    expect(entries[0]?.textContent).toContain('120 events were missed while this page was behind');
  });

  it('filters the activity by kind', async () => {
    const host = new FakeHost();
    renderWithProviders(<ToolsTab />, host);
    await screen.findByTestId('servers-empty');
    act(() => {
      host.emit({ event: 'mcp.server_log', payload: { serverId: 's', line: 'booting', stream: 'stderr', at: 1 } });
      host.emit({ event: 'mcp.tool_called', payload: { serverId: 's', toolName: 'read', callId: 'c', duration: 3, success: true, origin: 'person' } });
    });
    await showActivity();
    expect(screen.getAllByTestId('event-entry')).toHaveLength(2);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Show' }));
    await userEvent.click((await screen.findAllByTitle('Tool calls')).at(-1)!);
    await waitFor(() => expect(screen.getAllByTestId('event-entry').map((e) => e.getAttribute('data-kind'))).toEqual(['calls']));
  });

  it('offers another way to add a server from the header: a preset', async () => {
    renderWithProviders(<ToolsTab />, new FakeHost());
    await screen.findByTestId('servers-empty');
    await userEvent.click(screen.getByRole('button', { name: 'More ways to add a server' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'From a preset' }));
    await waitFor(() => expect(screen.queryByTestId('servers-empty')).toBeNull());
    // The gallery shows (antd names every radio group "test-id" under test, so `checked` cannot tell the groups apart).
    expect(await screen.findByTestId('preset-gallery')).toBeTruthy();
  });

  it('caps the event log and can clear it', async () => {
    const host = new FakeHost();
    renderWithProviders(<ToolsTab />, host);
    await screen.findByTestId('servers-empty');
    act(() => {
      for (let i = 0; i < EVENT_LOG_LIMIT + 5; i++) {
        host.emit({ event: 'mcp.server_log', payload: { serverId: 's', line: `line ${i}`, stream: 'stderr', at: i } });
      }
    });
    await showActivity();
    const entries = screen.getAllByTestId('event-entry');
    expect(entries).toHaveLength(EVENT_LOG_LIMIT);
    expect(entries[0]?.textContent).toContain(`line ${EVENT_LOG_LIMIT + 4}`);

    // Activity has two Clear buttons now: the calls' and the live events' (this one).
    const eventCard = screen.getByTestId('event-log').closest<HTMLElement>('.ant-card')!;
    await userEvent.click(within(eventCard).getByRole('button', { name: /Clear/ }));
    expect(screen.queryAllByTestId('event-entry')).toHaveLength(0);
    expect(screen.getByText('No events received yet')).toBeTruthy();
  });

  it('keeps the last good list when a refresh fails', async () => {
    const host = new FakeHost();
    host.servers = [server({ name: 'files', type: 'stdio', config: { command: 'npx' } })];
    renderWithProviders(<ToolsTab />, host);
    await waitFor(() => expect(rows()).toHaveLength(1));

    host.failures.set('mcp.list', [{ code: 'INTERNAL', message: 'Cannot reach the host' }]);
    await userEvent.click(screen.getByRole('button', { name: /Refresh/ }));
    expect((await screen.findByTestId('servers-error')).textContent).toContain('Something went wrong inside Elftia.');
    expect(rows()).toHaveLength(1);
  });
});
