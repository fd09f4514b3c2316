import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from '@renderer-testing/userEvent';
import { SLOW } from '@renderer-testing/galleryTestkit';
import { registryHost, renderRegistry } from '@renderer-testing/registryTestkit';

afterEach(cleanup);

const KEY = 'bsk-typed-in-the-dialog-4711';

async function openInstall(query: string, label: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'Search the registry' }, SLOW), { target: { value: query } });
  // The search's answer, not the first page still shown while typing pauses.
  await waitFor(() => expect(screen.getAllByTestId('registry-entry').every((card) => card.dataset.name?.includes(query))).toBe(true), SLOW);
  await userEvent.click(screen.getByRole('button', { name: `Install ${label}` }));
  return screen.findByTestId('registry-install', {}, SLOW);
}

async function pickVersion(dialog: HTMLElement, version: string) {
  fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Version' }));
  const item = () => document.querySelector<HTMLElement>(`.ant-select-item-option[title="${version}"]`);
  await waitFor(() => expect(item()).not.toBeNull(), SLOW);
  await act(async () => {
    fireEvent.click(item()!);
  });
}

describe('RegistryInstallModal', { timeout: 120_000 }, () => {
  it('names a missing required input, masks the secret, sends it to the host only, shows the review with the entry’s warnings, then tests the server and lists its tools', async () => {
    const host = registryHost();
    renderRegistry(host);
    const dialog = await openInstall('brave', 'io.github.brave/brave-search-mcp-server');
    // The dependency doctor checked the program the npm package runs with.
    await waitFor(() => expect(within(dialog).getByTestId('registry-runtime').textContent).toBe(' Runs with npx 10.9.0.'), SLOW);
    expect(host.inputsOf('deps.check')).toEqual([{ command: 'npx' }]);

    const key = await within(dialog).findByLabelText('BRAVE_API_KEY', {}, SLOW);
    expect(key.getAttribute('type')).toBe('password');
    expect(dialog.textContent).toContain('Brave Search API KeyKept in the secret store, never in the configuration file.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Review and install' }));
    expect(await within(dialog).findByText('BRAVE_API_KEY is required.', {}, SLOW)).toBeTruthy();
    expect(host.callCount('registry.install')).toBe(0);

    // An older version: the review will say it is not the latest.
    await pickVersion(dialog, '2.0.3');
    const keyAgain = await within(dialog).findByLabelText('BRAVE_API_KEY', {}, SLOW);
    fireEvent.change(keyAgain, { target: { value: KEY } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review and install' }));

    const review = await screen.findByTestId('activation-review-body', {}, SLOW);
    expect(host.inputsOf('registry.install')).toEqual([{ registry: 'official', name: 'io.github.brave/brave-search-mcp-server', version: '2.0.3', package: 0, serverName: 'brave-search-mcp-server', inputs: { BRAVE_API_KEY: KEY } }]);
    expect(review.textContent).toContain('“brave-search-mcp-server” comes from MCP Registry.');
    expect(within(review).getByTestId('registry-flags').textContent).toContain('2.0.3 is not the latest version.');
    await waitFor(() => expect(within(review).getByTestId('review-args').textContent).toBe('-y@brave/brave-search-mcp-server@2.0.3'), SLOW);
    expect(within(review).getByTestId('review-env').textContent).toBe('BRAVE_API_KEYSet');
    // The key left the page with the install: not in the review, not kept in a field.
    expect(document.body.textContent).not.toContain(KEY);
    expect([...document.querySelectorAll('input')].some((input) => input.value === KEY)).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(host.inputsOf('mcp.activate')).toEqual([{ id: 'id-1', reviewToken: 'b'.repeat(64) }]);
    const done = await screen.findByTestId('registry-install-done', {}, SLOW);
    await waitFor(() => expect(within(done).getByTestId('test-passed').textContent).toContain('echo'), SLOW);
    expect(host.inputsOf('mcp.test')).toEqual([{ id: 'id-1' }]);
    await userEvent.click(screen.getByRole('button', { name: 'Test again' }));
    await waitFor(() => expect(host.callCount('mcp.test')).toBe(2), SLOW);
  });

  it('choices are selects with their defaults, a missing runtime offers its install, and the host’s refusal lands on the field it names', async () => {
    const host = registryHost();
    renderRegistry(host);
    const dialog = await openInstall('database', 'io.github.example/database-manager');
    // docker is missing here: the doctor says so and offers to install it.
    await waitFor(() => expect(within(dialog).getByTestId('registry-runtime').dataset.found).toBe('false'), SLOW);
    expect(within(dialog).getByTestId('registry-runtime').textContent).toContain('It runs with docker, which is not installed on this computer.');
    expect(within(dialog).getByRole('button', { name: 'Install docker' })).toBeTruthy();

    expect(within(dialog).getByRole('combobox', { name: 'db_type' })).toBeTruthy();
    expect((within(dialog).getByLabelText('--host') as HTMLInputElement).value).toBe('localhost');
    expect(within(dialog).getByTitle('prefer')).toBeTruthy();
    expect(within(dialog).getByLabelText('DB_PASSWORD').getAttribute('type')).toBe('password');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Review and install' }));
    for (const name of ['db_type', 'database_name', 'DB_USERNAME', 'DB_PASSWORD']) expect(await within(dialog).findByText(`${name} is required.`, {}, SLOW)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('--port'), { target: { value: 'eighty' } });
    expect(await within(dialog).findByText('--port must be a number.', {}, SLOW)).toBeTruthy();

    // What the host says about a value is put on that value's field.
    host.failures.set('registry.install', [{ code: 'REGISTRY_INPUT_INVALID', message: 'bad', data: { name: 'io.github.example/database-manager', input: 'DB_USERNAME', reason: 'it may not start with a dash' } }]);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'db_type' }));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="postgres"]')).not.toBeNull(), SLOW);
    await act(async () => {
      fireEvent.click(document.querySelector('.ant-select-item-option[title="postgres"]')!);
    });
    fireEvent.change(within(dialog).getByLabelText('--port'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('database_name'), { target: { value: 'shop' } });
    fireEvent.change(within(dialog).getByLabelText('DB_USERNAME'), { target: { value: '-me' } });
    fireEvent.change(within(dialog).getByLabelText('DB_PASSWORD'), { target: { value: 'pw' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review and install' }));
    await waitFor(() => expect(within(dialog).getAllByText('The value for DB_USERNAME of “io.github.example/database-manager” is not valid: it may not start with a dash')).toHaveLength(2), SLOW);
    expect(host.inputsOf('registry.install')[0]).toMatchObject({ inputs: { db_type: 'postgres', database_name: 'shop', DB_USERNAME: '-me', DB_PASSWORD: 'pw', '--host': 'localhost', SSL_MODE: 'prefer' } });
  });

  it('an entry with nothing installable here says why, and a review left unconfirmed keeps the server off', async () => {
    const host = registryHost();
    renderRegistry(host);
    const tools = await openInstall('future', 'io.github.example/future-tools');
    await waitFor(() => expect(within(tools).getByText('Nothing of this entry can be installed here.')).toBeTruthy(), SLOW);
    expect(tools.textContent).toContain('its package type “cargo” is not one this app can install');
    expect((within(tools).getByRole('button', { name: 'Review and install' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(tools).getByRole('button', { name: 'Cancel' }));

    const everything = await openInstall('everything', 'Everything');
    await waitFor(() => expect(within(everything).getByText('This server asks for nothing.')).toBeTruthy(), SLOW);
    // A server of that name exists (an earlier install): the name field says so, and another name goes through.
    host.failures.set('registry.install', [{ code: 'DUPLICATE_NAME', message: 'dup', data: { name: 'Everything' } }]);
    const name = within(everything).getByRole('textbox', { name: 'Server name' });
    expect((name as HTMLInputElement).value).toBe('Everything');
    await userEvent.click(within(everything).getByRole('button', { name: 'Review and install' }));
    expect(await within(everything).findByText('A server named “Everything” already exists', {}, SLOW)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Everything 2' } });
    await userEvent.click(within(everything).getByRole('button', { name: 'Review and install' }));
    await screen.findByTestId('activation-review-body', {}, SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect((await screen.findByTestId('registry-install-done', {}, SLOW)).textContent).toContain('Everything 2 was saved switched off.');
    expect(host.callCount('mcp.activate')).toBe(0);
    expect(host.inputsOf('registry.install').map((input) => input.serverName)).toEqual(['Everything', 'Everything 2']);
    expect(host.servers.map((s) => `${s.name} ${s.isActive}`)).toEqual(['Everything 2 false']);
  });
});
