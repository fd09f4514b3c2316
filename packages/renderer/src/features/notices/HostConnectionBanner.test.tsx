import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@renderer-testing/userEvent';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerList } from '../settings/components/tabs/tools-tab/server-list/ServerList';
import { ToolsTabNavProvider } from '../settings/components/tabs/tools-tab/ToolsTabNav';
import { useRoute } from '@renderer/data/useRoute';
import { FakeHost, server } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import type { Language } from '@renderer/i18n/languages';
import { HostConnectionBanner } from './HostConnectionBanner';

afterEach(cleanup);

/** The banner above the real server list, as the Settings window stacks them. */
function Screen() {
  const list = useRoute('mcp.list');
  const status = useRoute('mcp.status');
  const states = new Map((status.data ?? []).map((s) => [s.id, s]));
  return (
    <ToolsTabNavProvider>
      <HostConnectionBanner />
      <ServerList servers={list.data} loading={list.isPending} states={states} />
    </ToolsTabNavProvider>
  );
}

function hostWithConnectedServer(): FakeHost {
  const host = new FakeHost();
  host.servers = [server({ name: 'files', type: 'stdio', config: { command: 'npx' } }), server({ name: 'off', type: 'stdio', config: { command: 'npx' }, isActive: false })];
  host.statuses = [{ id: 'id-files', state: 'connected' }];
  host.handle('mcp.list_all_tools', () => []);
  return host;
}

const stateOf = async (name: string) => within(await screen.findByRole('listitem', { name })).getByTestId('server-state');
const connected = (name: string) => waitFor(async () => expect((await stateOf(name)).dataset.state).toBe('connected'), { timeout: 5_000 });

describe('HostConnectionBanner', () => {
  it('shows nothing while the host is reachable', async () => {
    const host = hostWithConnectedServer();
    renderWithProviders(<Screen />, host);
    await connected('files');
    expect(screen.queryByTestId('host-connection')).toBeNull();
    act(() => host.setConnection('connecting'));
    expect(screen.queryByTestId('host-connection')).toBeNull();
    expect((await stateOf('files')).dataset.state).toBe('connected');
  });

  it('says the host stopped and how to restart it, shows rows as unknown, retries from the keyboard, and refetches when the host is back', async () => {
    const host = hostWithConnectedServer();
    renderWithProviders(<Screen />, host);
    await connected('files');

    act(() => host.setConnection('down'));
    const banner = await screen.findByRole('region', { name: 'Connection to the host' });
    expect(banner.dataset.connection).toBe('down');
    expect(within(banner).getByText('The Elftia MCP host has stopped')).toBeTruthy();
    expect(within(banner).getByTestId('host-restart-command').textContent).toContain('npm start');
    // Nothing claims "Connected" while the host is gone; an inactive server is still plainly off.
    expect((await stateOf('files')).dataset.state).toBe('unknown');
    expect((await stateOf('files')).textContent).toBe('Unknown');
    expect((await stateOf('off')).dataset.state).toBe('inactive');
    expect(screen.queryByText('Connected')).toBeNull();

    const retry = within(banner).getByRole('button', { name: /Try again now/ });
    while (document.activeElement !== retry) await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(host.retries).toBe(1);

    // Back: the list is asked again (something may have changed meanwhile) and the state is live.
    const listCalls = host.callCount('mcp.list');
    host.servers = [...host.servers, server({ name: 'added-meanwhile', type: 'stdio', config: { command: 'uvx' } })];
    act(() => host.setConnection('up'));
    await waitFor(() => expect(screen.queryByTestId('host-connection')).toBeNull());
    await screen.findByRole('listitem', { name: 'added-meanwhile' });
    expect(host.callCount('mcp.list')).toBeGreaterThan(listCalls);
    await connected('files');
  });

  it('tells the person to open the new address when the host refuses the page token', async () => {
    const host = hostWithConnectedServer();
    renderWithProviders(<Screen />, host);
    act(() => host.setConnection('rejected'));
    const banner = await screen.findByTestId('host-connection');
    expect(banner.dataset.connection).toBe('rejected');
    expect(banner.textContent).toContain('The host was restarted with a new access key');
    expect(banner.textContent).toContain('?token=');
    expect((await stateOf('files')).dataset.state).toBe('unknown');
  });

  it.each<[Language, string, string]>([
    ['zh', 'Elftia MCP 主机已停止', '未知'],
    ['ja', 'Elftia MCP ホストが停止しました', '不明'],
  ])('is translated (%s)', async (language, title, unknown) => {
    const host = hostWithConnectedServer();
    host.setConnection('down');
    renderWithProviders(<Screen />, host, language);
    const banner = await screen.findByTestId('host-connection');
    expect(banner.textContent).toContain(title);
    expect(banner.textContent).toContain('npm start');
    expect((await stateOf('files')).textContent).toBe(unknown);
  });
});
