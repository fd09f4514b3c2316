import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useRoute } from '@renderer/data/useRoute';
import { FakeHost, server } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ToolsTabNavProvider } from '../ToolsTabNav';
import { ServerList } from './ServerList';

afterEach(cleanup);

const BRAVE = 'io.github.brave/brave-search-mcp-server';
const origin = (version: string) => ({ registryUrl: 'https://registry.modelcontextprotocol.io', name: BRAVE, version, kind: 'package' as const, index: 0 });

function Harness() {
  const list = useRoute('mcp.list');
  return (
    <ToolsTabNavProvider>
      <ServerList servers={list.data} loading={list.isPending} states={new Map()} />
    </ToolsTabNavProvider>
  );
}

describe('RegistryUpdateTag', { timeout: 120_000 }, () => {
  it('a server pinned to an older registry version says which newer one exists; the current one and others say nothing', async () => {
    const host = new FakeHost();
    host.servers = [
      server({ name: 'brave old', type: 'stdio', config: { command: 'npx' }, registryOrigin: origin('2.0.3') }),
      server({ name: 'brave', type: 'stdio', config: { command: 'npx' }, registryOrigin: origin('2.0.10') }),
      server({ name: 'manual', type: 'stdio', config: { command: 'node' } }),
    ];
    host.handle('mcp.list_all_tools', () => []);
    host.handle('registry.updates', () => [
      { serverId: 'id-brave old', serverName: 'brave old', origin: origin('2.0.3'), latest: '2.0.10', updateAvailable: true },
      { serverId: 'id-brave', serverName: 'brave', origin: origin('2.0.10'), latest: '2.0.10', updateAvailable: false },
    ]);
    renderWithProviders(<Harness />, host);
    const old = await screen.findByRole('listitem', { name: 'brave old' }, { timeout: 10_000 });
    await waitFor(() => expect(within(old).getByTestId('registry-update').textContent).toBe('Update available: 2.0.3 → 2.0.10'), { timeout: 10_000 });
    expect(within(screen.getByRole('listitem', { name: 'brave' })).queryByTestId('registry-update')).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'manual' })).queryByTestId('registry-update')).toBeNull();
    // One question for the whole list, however many rows came from a registry.
    expect(host.callCount('registry.updates')).toBe(1);
  });
});
