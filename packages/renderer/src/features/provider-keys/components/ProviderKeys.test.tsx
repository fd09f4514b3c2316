import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { LinkedServer, LlmProvider } from '@shared/contracts/providers';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHost } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { SLOW, preset } from '@renderer-testing/galleryTestkit';
import { ProviderKeys } from './ProviderKeys';

afterEach(cleanup);

const click = async (element: Element) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

const SECRET = 'zk-saved-secret-99';

/** A provider store in memory, answering as the routes do (keys masked unless revealed). */
function providerHost(linked: LinkedServer[] = []) {
  const keys = new Map<string, string>([['zai', SECRET]]);
  const urls = new Map<string, string>();
  const defaults: Record<string, string | undefined> = { zai: 'https://api.z.ai/api/paas/v4', openai: 'https://api.openai.com/v1', 'openai-compatible': undefined };
  const names: Record<string, string> = { openai: 'OpenAI', zai: 'Z.AI', 'openai-compatible': 'OpenAI-compatible' };
  const view = (id: string): LlmProvider => {
    const baseUrl = urls.get(id) ?? defaults[id];
    return {
      id: id as LlmProvider['id'],
      name: names[id]!,
      hasKey: keys.has(id),
      ...(keys.has(id) && { keyMask: '***' as const }),
      ...(baseUrl && { baseUrl }),
      ...(defaults[id] && { defaultBaseUrl: defaults[id] }),
    };
  };
  const host = new FakeHost()
    .handle('providers.list', () => Object.keys(names).map(view))
    .handle('presets.list', () => [{ preset: preset('zai-vision'), installed: true, serverId: 'srv-zv' }])
    .handle('providers.linked_servers', ({ id }) => (id === 'zai' ? linked : []))
    .handle('providers.reveal_key', ({ id }) => {
      const apiKey = keys.get(id);
      if (!apiKey) throw { code: 'NOT_FOUND', message: 'no key', data: { id } };
      return { id, apiKey };
    })
    .handle('providers.set', (input) => {
      if (input.apiKey) keys.set(input.id, input.apiKey);
      if (input.baseUrl === null) urls.delete(input.id);
      else if (input.baseUrl) urls.set(input.id, input.baseUrl);
      return view(input.id);
    })
    .handle('providers.remove', ({ id }) => {
      keys.delete(id);
      urls.delete(id);
      return view(id);
    })
    .handle('providers.apply_key', () => ({ updated: linked, skipped: [] }));
  return { host, keys };
}

const row = (id: string) => screen.getByTestId('provider-list').querySelector<HTMLElement>(`[data-testid="provider-row"][data-provider-id="${id}"]`)!;
const render = (host: FakeHost) =>
  renderWithProviders(
    <AntdApp>
      <ProviderKeys />
    </AntdApp>,
    host,
  );

describe('ProviderKeys', { timeout: 120_000 }, () => {
  it('lists the providers presets link to first, with key state, base URL, presets and linked servers', async () => {
    const { host } = providerHost([{ id: 'srv-zv', name: 'Z.AI Vision' }]);
    render(host);
    await waitFor(() => expect(screen.getAllByTestId('provider-row').map((r) => r.dataset.providerId)).toEqual(['zai', 'openai', 'openai-compatible']), SLOW);
    expect(within(row('zai')).getByTestId('provider-key-state').textContent).toBe('Key saved');
    expect(row('zai').textContent).toContain('https://api.z.ai/api/paas/v4 (default)');
    expect(row('zai').textContent).toContain('Presets that can use it: Z.AI Vision');
    await waitFor(() => expect(within(row('zai')).getByTestId('provider-linked').textContent).toBe('Servers using this key: Z.AI Vision'), SLOW);
    expect(within(row('openai')).getByTestId('provider-key-state').textContent).toBe('No key');
    // The key is never in the page until asked for.
    expect(document.body.innerHTML).not.toContain(SECRET);
    expect(host.callCount('providers.reveal_key')).toBe(0);
  });

  it('reveals a key on request and hides it again', async () => {
    const { host } = providerHost();
    render(host);
    await click(await within(await screen.findByTestId('provider-list', undefined, SLOW)).findByRole('button', { name: 'Show key: Z.AI' }, SLOW));
    await waitFor(() => expect(within(row('zai')).getByTestId('provider-key-revealed').textContent).toContain(SECRET), SLOW);
    await click(within(row('zai')).getByRole('button', { name: 'Hide key: Z.AI' }));
    expect(document.body.innerHTML).not.toContain(SECRET);
  });

  it('replaces a key and, once the person agrees, applies it to the servers that use it', async () => {
    const { host, keys } = providerHost([{ id: 'srv-zv', name: 'Z.AI Vision' }]);
    render(host);
    await waitFor(() => expect(within(row('zai')).getByTestId('provider-linked').textContent).toContain('Z.AI Vision'), SLOW);
    await click(within(row('zai')).getByRole('button', { name: 'Replace key: Z.AI' }));
    const dialog = await screen.findByTestId('provider-key-dialog', undefined, SLOW);
    const input = within(dialog.closest('.ant-modal')!).getByTestId('provider-key-input');
    expect(input.getAttribute('type')).toBe('password');
    // The saved key is not sent back to be edited.
    expect((input as HTMLInputElement).value).toBe('');
    fireEvent.change(input, { target: { value: 'zk-new-1' } });
    await click(within(dialog.closest('.ant-modal')!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(host.inputsOf('providers.set')).toEqual([{ id: 'zai', apiKey: 'zk-new-1' }]), SLOW);
    expect(keys.get('zai')).toBe('zk-new-1');

    // Not pushed silently: the confirmation names the servers.
    const [confirm] = await screen.findAllByText('Update the servers that use your Z.AI key?', undefined, SLOW);
    const confirmBox = confirm!.closest<HTMLElement>('.ant-modal')!;
    expect(document.querySelectorAll('.ant-modal-confirm')).toHaveLength(1);
    expect(confirmBox.textContent).toContain('This writes the new key into Z.AI Vision and reconnects it.');
    expect(host.callCount('providers.apply_key')).toBe(0);
    await click(within(confirmBox).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(host.inputsOf('providers.apply_key')).toEqual([{ id: 'zai' }]), SLOW);
    expect(await screen.findByText('Updated 1 server.', undefined, SLOW)).toBeTruthy();
  });

  it('sets a base URL for a provider without a default, and places a server-side issue on its field', async () => {
    const { host } = providerHost();
    host.failures.set('providers.set', [
      { code: 'VALIDATION_FAILED', message: 'bad', data: { route: 'providers.set', issues: [{ path: 'baseUrl', message: 'Must be an http(s) URL' }] } },
    ]);
    render(host);
    await click(await within(await screen.findByTestId('provider-list', undefined, SLOW)).findByRole('button', { name: 'Set key: OpenAI-compatible' }, SLOW));
    const modal = (await screen.findByTestId('provider-key-dialog', undefined, SLOW)).closest<HTMLElement>('.ant-modal')!;
    await click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('This provider has no default: enter its base URL.', undefined, SLOW)).toBeTruthy();
    expect(host.callCount('providers.set')).toBe(0);

    fireEvent.change(within(modal).getByTestId('provider-url-input'), { target: { value: 'http://localhost:11434/v1' } });
    await click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await within(modal).findByText('Must be an http(s) URL', undefined, SLOW)).toBeTruthy();
    await click(within(modal).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(host.inputsOf('providers.set')[1]).toEqual({ id: 'openai-compatible', baseUrl: 'http://localhost:11434/v1' }), SLOW);
  });

  it('removes a key after confirmation, saying linked servers keep theirs', async () => {
    const { host, keys } = providerHost([{ id: 'srv-zv', name: 'Z.AI Vision' }]);
    render(host);
    await waitFor(() => expect(within(row('zai')).getByTestId('provider-linked').textContent).toContain('Z.AI Vision'), SLOW);
    await click(within(row('zai')).getByRole('button', { name: 'Remove: Z.AI' }));
    const popover = await screen.findByText('Remove the Z.AI key and settings?', undefined, SLOW);
    const box = popover.closest<HTMLElement>('.ant-popover')!;
    expect(box.textContent).toContain('The server that uses it keeps its current key until you change it.');
    expect(host.callCount('providers.remove')).toBe(0);
    await waitFor(() => expect(document.activeElement).toBe(within(box).getByRole('button', { name: 'Cancel' })), SLOW);
    await click(within(box).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(host.inputsOf('providers.remove')).toEqual([{ id: 'zai' }]), SLOW);
    expect(keys.has('zai')).toBe(false);
    await waitFor(() => expect(within(row('zai')).getByTestId('provider-key-state').textContent).toBe('No key'), SLOW);
  });
});
