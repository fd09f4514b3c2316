import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from '@renderer-testing/userEvent';
import { SLOW } from '@renderer-testing/galleryTestkit';
import { registryHost, renderRegistry, REGISTRY_URL } from '@renderer-testing/registryTestkit';

afterEach(cleanup);

describe('RegistriesDialog', { timeout: 120_000 }, () => {
  it('the official registry can be switched off, not removed; another is added with a name and URL, each wrong field named', async () => {
    const host = registryHost();
    renderRegistry(host);
    await userEvent.click(await screen.findByRole('button', { name: 'Registries' }, SLOW));
    const dialog = await screen.findByTestId('registries-dialog', {}, SLOW);
    await waitFor(() => expect(within(dialog).getByText('MCP Registry (official)')).toBeTruthy(), SLOW);
    expect(dialog.textContent).toContain(`${REGISTRY_URL} · Can be switched off, not removed.`);
    expect(within(dialog).queryByRole('button', { name: /^Remove/ })).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a registry' }));
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    fireEvent.change(url, { target: { value: 'ftp://registry.example.com' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Registry 1: the name is required.', {}, SLOW)).toBeTruthy();
    expect(within(dialog).getByText('Registry 1: the URL must be an https: address (or http: to this computer).')).toBeTruthy();
    fireEvent.change(url, { target: { value: REGISTRY_URL } });
    expect(await within(dialog).findByText('Registry 1: this URL is already listed.', {}, SLOW)).toBeTruthy();
    expect(host.callCount('registry.save')).toBe(0);

    fireEvent.change(url, { target: { value: 'https://registry.example.com' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Company' } });
    await userEvent.click(within(dialog).getByRole('switch', { name: 'MCP Registry (official) on' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(host.callCount('registry.save')).toBe(1), SLOW);
    const [saved] = host.inputsOf('registry.save');
    expect(saved).toMatchObject({ officialEnabled: false, others: [{ name: 'Company', url: 'https://registry.example.com', enabled: true }] });
    expect(saved!.others[0]!.id).toMatch(/^registry-[0-9a-f]{8}$/);
    // The browser now searches the one registry that is on.
    await waitFor(() => expect(host.inputsOf('registry.search').at(-1)?.registry).toBe(saved!.others[0]!.id), SLOW);
  });

  it('every registry switched off is said, not searched', async () => {
    const host = registryHost();
    await host.request('registry.save', { officialEnabled: false, others: [] });
    renderRegistry(host);
    expect((await screen.findByTestId('registry-none-enabled', {}, SLOW)).textContent).toBe('Every registry is switched off. Turn one on under Registries.');
    expect(host.callCount('registry.search')).toBe(0);
  });
});
