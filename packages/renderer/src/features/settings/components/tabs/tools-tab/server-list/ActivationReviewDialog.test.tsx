import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@renderer-testing/userEvent';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteOutput } from '@shared/contracts/ipc';
import { useRoute } from '@renderer/data/useRoute';
import { FakeHost, server } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ToolsTabNavProvider } from '../ToolsTabNav';
import { ServerList } from './ServerList';
import { RAW_INLINE_CONTROL } from '@desktop-testing/visibleControls.testkit';

afterEach(cleanup);

function Harness() {
  const list = useRoute('mcp.list');
  return (
    <ToolsTabNavProvider>
      <ServerList servers={list.data} loading={list.isPending} states={new Map()} />
    </ToolsTabNavProvider>
  );
}

const REVIEW: RouteOutput<'mcp.activation_review'> = {
  id: 'id-linked',
  name: 'linked',
  type: 'stdio',
  command: 'npx',
  args: ['-y', 'some-server', '--root', '/home'],
  cwd: '/home/someone',
  env: [
    { name: 'API_KEY', secret: true },
    { name: 'MODE', value: 'fast' },
  ],
  headers: [],
  risky: false,
  reviewToken: 'a'.repeat(64),
};

/** A link that loads code into node and puts its folder first on PATH, with a newline inside an argument. */
const RISKY: RouteOutput<'mcp.activation_review'> = {
  ...REVIEW,
  args: ['-y', 'some-server', 'first line\nsecond line', 'abc\u202edef'],
  env: [
    { name: 'NODE_OPTIONS', value: '--require /tmp/x.js', risk: 'loads_code' },
    { name: 'PATH', value: '/tmp/evil:$PATH', risk: 'search_path' },
  ],
  risky: true,
};

function linkedHost(review = REVIEW): FakeHost {
  const host = new FakeHost();
  host.servers = [server({ name: 'linked', type: 'stdio', config: { command: 'npx', args: REVIEW.args, env: { API_KEY: '***' } }, isActive: false, installSource: 'protocol' })];
  host.handle('mcp.list_all_tools', () => []);
  host.handle('mcp.activation_review', () => review);
  host.handle('mcp.activate', ({ id }) => {
    host.servers = host.servers.map((s) => (s.id === id ? { ...s, isActive: true, reviewedAt: 1 } : s));
    return { success: true };
  });
  return host;
}

describe('ActivationReviewDialog', () => {
  it('turning on a linked server shows what it would run and activates only with the review token', async () => {
    const host = linkedHost();
    renderWithProviders(<Harness />, host);
    const row = await screen.findByRole('listitem', { name: 'linked' });
    expect(within(row).getByTestId('from-link').textContent).toBe('From a link');
    // The host tells every window a link added servers; the list says so.
    act(() => host.emit({ event: 'mcp.link_installed', payload: { ids: ['id-linked'] } }));
    expect((await screen.findByTestId('link-arrived')).textContent).toContain('A server was added from an install link');

    await userEvent.click(within(row).getByRole('switch'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('npx');
    expect(within(dialog).getByTestId('review-args').textContent).toBe('-ysome-server--root/home');
    expect(within(dialog).getByTestId('review-cwd').textContent).toBe('/home/someone');
    expect(within(dialog).getByTestId('review-env').textContent).toBe('API_KEYSetMODE=fast');
    expect(within(dialog).getByTestId('review-headers').textContent).toBe('None');
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(host.callCount('mcp.update')).toBe(0);
    // Focus lands on the safe answer, not on the ×.
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' })));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(host.callCount('mcp.activate')).toBe(0);

    await userEvent.click(within(row).getByRole('switch'));
    const again = await screen.findByRole('dialog');
    await within(again).findByText('npx');
    await userEvent.click(within(again).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(host.inputsOf('mcp.activate')).toEqual([{ id: 'id-linked', reviewToken: REVIEW.reviewToken }]));
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'linked' })).getByRole('switch').getAttribute('aria-checked')).toBe('true'));
    expect(host.callCount('mcp.update')).toBe(0);
  });

  it('the install-link announcement stays 10 s, then goes by itself', async () => {
    const host = linkedHost();
    renderWithProviders(<Harness />, host);
    await screen.findByRole('listitem', { name: 'linked' });
    vi.useFakeTimers();
    try {
      act(() => host.emit({ event: 'mcp.link_installed', payload: { ids: ['id-linked'] } }));
      await act(() => vi.advanceTimersByTimeAsync(9_500));
      expect(screen.getByTestId('link-arrived').textContent).toContain('A server was added from an install link');
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(screen.queryByTestId('link-arrived')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the values that change which code runs, and turns the server on only after the risk is confirmed separately', async () => {
    const host = linkedHost(RISKY);
    renderWithProviders(<Harness />, host);
    const row = await screen.findByRole('listitem', { name: 'linked' });
    await userEvent.click(within(row).getByRole('switch'));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('npx');

    // The newline inside an argument is shown, not folded into a space; the bidi override too.
    const args = within(dialog).getByTestId('review-args');
    expect(args.textContent).toBe('-ysome-serverfirst line⏎second lineabc\\u202edef');
    expect(args.textContent).not.toMatch(RAW_INLINE_CONTROL);
    expect(within(dialog).getByTestId('review-env').textContent).toBe('NODE_OPTIONS=--require /tmp/x.jsChanges which code runsPATH=/tmp/evil:$PATHChanges which code runs');
    expect(within(dialog).getByTestId('review-risk').textContent).toContain('NODE_OPTIONS, PATH');

    const turnOn = within(dialog).getByRole('button', { name: 'Turn on' });
    expect(turnOn.hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /I understand/ }));
    expect(turnOn.hasAttribute('disabled')).toBe(false);
    await userEvent.click(turnOn);
    await waitFor(() => expect(host.inputsOf('mcp.activate')).toEqual([{ id: 'id-linked', reviewToken: REVIEW.reviewToken, riskAcknowledged: true }]));
  });

  it('asks again with the new review when the server changed after it was shown', async () => {
    const host = linkedHost();
    host.failures.set('mcp.activate', [{ code: 'ACTIVATION_REVIEW_STALE', message: 'changed', data: { id: 'id-linked', name: 'linked' } }]);
    renderWithProviders(<Harness />, host, 'ja');
    const row = await screen.findByRole('listitem', { name: 'linked' });
    await userEvent.click(within(row).getByRole('switch'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('「linked」をオンにしますか？')).toBeTruthy();
    await within(dialog).findByText('npx');
    const reviews = host.callCount('mcp.activation_review');
    await userEvent.click(within(dialog).getByRole('button', { name: 'オンにする' }));
    await within(dialog).findByText(/確認後に変更されました/);
    await waitFor(() => expect(host.callCount('mcp.activation_review')).toBeGreaterThan(reviews));
  });
});
