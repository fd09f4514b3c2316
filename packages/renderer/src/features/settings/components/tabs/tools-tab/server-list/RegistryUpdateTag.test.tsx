import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
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
    <AntdApp>
      <ToolsTabNavProvider>
        <ServerList servers={list.data} loading={list.isPending} states={new Map()} />
      </ToolsTabNavProvider>
    </AntdApp>
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

  it('pressed, it shows the review of what the new version would run with its warnings, and applies it with that review only when confirmed', async () => {
    const host = new FakeHost();
    host.servers = [server({ name: 'brave old', type: 'stdio', config: { command: 'npx' }, registryOrigin: origin('2.0.3') })];
    host.handle('mcp.list_all_tools', () => []);
    let latest = '2.0.10';
    host.handle('registry.updates', () => [{ serverId: 'id-brave old', serverName: 'brave old', origin: origin('2.0.3'), latest, updateAvailable: latest !== '2.0.3' }]);
    const review = { id: 'id-brave old', name: 'brave old', type: 'stdio' as const, command: 'npx', args: ['-y', '@brave/brave-search-mcp-server@2.0.10'], env: [{ name: 'BRAVE_API_KEY', secret: true as const }], headers: [], risky: false, reviewToken: 'c'.repeat(64) };
    host.handle('registry.update', ({ reviewToken }) => {
      if (reviewToken !== undefined) latest = '2.0.3';
      return { serverId: 'id-brave old', origin: origin('2.0.10'), review, flags: [{ flag: 'not_latest' as const, subject: '2.0.10' }], previousVersion: '2.0.3', inputs: [], applied: reviewToken !== undefined };
    });
    renderWithProviders(<Harness />, host);
    const row = await screen.findByRole('listitem', { name: 'brave old' }, { timeout: 10_000 });
    fireEvent.click(await within(row).findByRole('button', { name: /Update available: 2.0.3 → 2.0.10/ }, { timeout: 10_000 }));

    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(dialog.textContent).toContain('Update “brave old” to 2.0.10?“brave old” 2.0.10 replaces 2.0.3.');
    await waitFor(() => expect(within(dialog).getByTestId('review-args').textContent).toContain('@brave/brave-search-mcp-server@2.0.10'));
    expect(within(dialog).getByTestId('registry-flags').textContent).toContain('2.0.10 is not the latest version.');
    expect(within(dialog).getByTestId('review-env').textContent).toContain('BRAVE_API_KEY');
    // Looking writes nothing: the review was asked for without a token.
    expect(host.inputsOf('registry.update')).toEqual([{ id: 'id-brave old', version: '2.0.10' }]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(host.inputsOf('registry.update').at(-1)).toEqual({ id: 'id-brave old', version: '2.0.10', reviewToken: 'c'.repeat(64) }));
    expect(await screen.findByText('“brave old” is updated to 2.0.10.', undefined, { timeout: 10_000 })).toBeTruthy();
    // The list asks again and the row no longer offers the update.
    await waitFor(() => expect(within(row).queryByTestId('registry-update')).toBeNull(), { timeout: 10_000 });
  });

  it('a new version that asks for an input the server was not given asks for it here, masked when secret, then reviews and applies with it', async () => {
    const host = new FakeHost();
    host.servers = [server({ name: 'brave old', type: 'stdio', config: { command: 'npx' }, registryOrigin: origin('2.0.3') })];
    host.handle('mcp.list_all_tools', () => []);
    host.handle('registry.updates', () => [{ serverId: 'id-brave old', serverName: 'brave old', origin: origin('2.0.3'), latest: '2.0.10', updateAvailable: true }]);
    const review = { id: 'id-brave old', name: 'brave old', type: 'stdio' as const, command: 'npx', args: ['-y', '@brave/brave-search-mcp-server@2.0.10'], env: [{ name: 'BRAVE_API_KEY', secret: true as const }, { name: 'BRAVE_TEAM_TOKEN', secret: true as const }], headers: [], risky: false, reviewToken: 'd'.repeat(64) };
    host.handle('registry.update', ({ inputs, reviewToken }) => {
      if (inputs?.BRAVE_TEAM_TOKEN === undefined) {
        throw { code: 'REGISTRY_INPUT_REQUIRED', message: 'brave-search-mcp-server needs a value for BRAVE_TEAM_TOKEN', data: { name: BRAVE, input: 'BRAVE_TEAM_TOKEN', secret: true } };
      }
      return { serverId: 'id-brave old', origin: origin('2.0.10'), review, flags: [], previousVersion: '2.0.3', inputs: [], applied: reviewToken !== undefined };
    });
    renderWithProviders(<Harness />, host);
    const row = await screen.findByRole('listitem', { name: 'brave old' }, { timeout: 10_000 });
    fireEvent.click(await within(row).findByRole('button', { name: /Update available/ }, { timeout: 10_000 }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    const ask = await within(dialog).findByTestId('registry-update-input', {}, { timeout: 10_000 });
    expect(ask.textContent).toContain('2.0.10 asks for BRAVE_TEAM_TOKEN, which this server was not given.');
    expect(within(dialog).getByRole('button', { name: 'Update' })).toHaveProperty('disabled', true);
    // Asked for, not also shown as an error.
    expect(dialog.textContent).not.toContain('needs a value');
    const field = within(ask).getByLabelText('BRAVE_TEAM_TOKEN');
    expect(field.getAttribute('type')).toBe('password');
    fireEvent.change(field, { target: { value: 'team-secret-77' } });
    fireEvent.click(within(ask).getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(within(dialog).getByTestId('review-env').textContent).toContain('BRAVE_TEAM_TOKEN'), { timeout: 10_000 });
    expect(within(dialog).queryByTestId('registry-update-input')).toBeNull();
    expect(dialog.textContent).not.toContain('team-secret-77');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(host.inputsOf('registry.update').at(-1)).toEqual({ id: 'id-brave old', version: '2.0.10', inputs: { BRAVE_TEAM_TOKEN: 'team-secret-77' }, reviewToken: 'd'.repeat(64) }));
  });
});
