import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@renderer-testing/userEvent';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpAuthStatus } from '@shared/contracts/mcp-types';
import { useEventInvalidation } from '@renderer/data/eventInvalidation';
import { useRoute } from '@renderer/data/useRoute';
import { FakeHost, server } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ToolsTabNavProvider } from '../ToolsTabNav';
import { ServerList } from '../server-list/ServerList';

afterEach(cleanup);

/** The list as the app mounts it, with the event reactions (EVENT_REACTIONS) that patch mcp.status. */
function Harness() {
  useEventInvalidation();
  const list = useRoute('mcp.list');
  const status = useRoute('mcp.status');
  return (
    <ToolsTabNavProvider>
      <ServerList servers={list.data} loading={list.isFetching} states={new Map((status.data ?? []).map((s) => [s.id, s]))} />
    </ToolsTabNavProvider>
  );
}

const remote = server({ name: 'remote', type: 'http', config: { url: 'https://mcp.example.com/mcp' } });
const required = { code: 'AUTH_REQUIRED' as const, message: '"remote" needs a sign-in', data: { serverName: 'remote' } };
const URL_SHOWN = 'https://auth.example.com/authorize?client_id=c1&state=s1';

function hostNeedingSignIn(): FakeHost {
  const host = new FakeHost();
  host.servers = [remote];
  host.statuses = [{ id: remote.id, state: 'error', error: required.message, failure: required, auth: { state: 'needs_sign_in', failure: required } }];
  host.handle('mcp.list_all_tools', () => []);
  host.handle('mcp.auth_start', () => ({ state: 'waiting_for_browser', authorizationUrl: URL_SHOWN }));
  host.handle('mcp.auth_cancel', () => ({ id: remote.id, state: 'error', auth: { state: 'needs_sign_in' } }));
  host.handle('mcp.auth_signout', () => ({ id: remote.id, state: 'disconnected', auth: { state: 'needs_sign_in' } }));
  return host;
}

/** What the host does: its status changes, and it says so with the event. */
const authEvent = (host: FakeHost, auth: McpAuthStatus) =>
  act(() => {
    host.statuses = host.statuses.map((s) => ({ ...s, auth }));
    host.emit({ event: 'mcp.auth_state', payload: { serverId: remote.id, auth } });
  });
const bar = () => screen.getByTestId('sign-in-bar');

describe('sign-in in the server list', { timeout: 120_000 }, () => {
  it('walks through sign in, waiting (with the address and cancel), failure and sign out', async () => {
    const host = hostNeedingSignIn();
    renderWithProviders(<Harness />, host, 'en');
    expect(await screen.findByText('“remote” needs you to sign in.')).toBeTruthy();
    // The sign-in bar explains the 401; the generic connect-failure explanation stays away.
    expect(screen.queryByRole('button', { name: /retry/i })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(host.inputsOf('mcp.auth_start')).toEqual([{ id: remote.id }]);
    await authEvent(host, { state: 'waiting_for_browser', authorizationUrl: URL_SHOWN });
    await waitFor(() => expect(bar().getAttribute('data-auth-state')).toBe('waiting_for_browser'));
    expect(within(bar()).getByText('Waiting for browser…')).toBeTruthy();
    expect(within(bar()).getByTestId('sign-in-url').textContent).toContain(URL_SHOWN);
    expect(within(bar()).getByRole('link', { name: 'Open sign-in page' }).getAttribute('href')).toBe(URL_SHOWN);
    await userEvent.click(within(bar()).getByRole('button', { name: 'Cancel' }));
    expect(host.inputsOf('mcp.auth_cancel')).toEqual([{ id: remote.id }]);

    await authEvent(host, { state: 'failed', failure: { code: 'AUTH_DENIED', message: 'declined', data: { serverName: 'remote', oauthError: 'access_denied' } } });
    await waitFor(() => expect(within(bar()).getByText('Sign-in failed')).toBeTruthy());
    expect(within(bar()).getByText(/was declined \(access_denied\)/)).toBeTruthy();
    expect(within(bar()).getByRole('button', { name: 'Sign in again' })).toBeTruthy();

    await authEvent(host, { state: 'signed_in' });
    await waitFor(() => expect(screen.queryByTestId('sign-in-bar')).toBeNull());
    await userEvent.click(screen.getByTestId('signed-in'));
    const confirm = await screen.findByText(/Sign out of “remote”\?/);
    await waitFor(() => expect(document.activeElement).toBe(within(confirm.closest<HTMLElement>('.ant-popover')!).getByRole('button', { name: 'Cancel' })));
    await userEvent.click(within(confirm.closest<HTMLElement>('.ant-popover')!).getByRole('button', { name: 'Sign out' }));
    expect(host.inputsOf('mcp.auth_signout')).toEqual([{ id: remote.id }]);
  });

  it('speaks the person’s language', async () => {
    renderWithProviders(<Harness />, hostNeedingSignIn(), 'ja');
    expect(await screen.findByText('「remote」にはサインインが必要です。')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'サインイン' })).toBeTruthy();
  });

  it('a step-up says the server needs more access and which scope a new sign-in grants, in the person’s language', async () => {
    const host = hostNeedingSignIn();
    const stepUp = { code: 'AUTH_REQUIRED' as const, message: 'needs a sign-in granting', data: { serverName: 'remote', scope: 'mcp:read mcp:write', reason: 'insufficient_scope' } };
    renderWithProviders(<Harness />, host, 'en');
    await screen.findByText('“remote” needs you to sign in.');
    await authEvent(host, { state: 'needs_sign_in', failure: stepUp });
    expect(await within(bar()).findByText('“remote” needs more access for this: sign in again to grant “mcp:read mcp:write”.')).toBeTruthy();
    expect(within(bar()).getByRole('button', { name: 'Sign in' })).toBeTruthy();
    cleanup();

    renderWithProviders(<Harness />, host, 'zh');
    expect(await screen.findByText('“remote”需要更多权限才能执行此操作：请重新登录以授予“mcp:read mcp:write”。')).toBeTruthy();
  });

  it('a sign-in page the host refused to open says which address and why, in the person’s language', async () => {
    const host = hostNeedingSignIn();
    const refused = { code: 'EXTERNAL_URL_REFUSED' as const, message: 'Refused', data: { url: 'file:///etc/passwd?response_type=code', reason: 'scheme', scheme: 'file:' } };
    renderWithProviders(<Harness />, host, 'en');
    await screen.findByText('“remote” needs you to sign in.');
    await authEvent(host, { state: 'failed', failure: refused });
    await waitFor(() => expect(within(bar()).getByText('Sign-in failed')).toBeTruthy());
    expect(
      within(bar()).getByText(
        'Did not open file:///etc/passwd?response_type=code: only https: addresses (or http: to this computer) are opened, and a file: address can open a file or another program.',
      ),
    ).toBeTruthy();
    cleanup();

    renderWithProviders(<Harness />, host, 'zh');
    expect(await screen.findByText(/未打开 file:\/\/\/etc\/passwd\?response_type=code：只打开 https: 地址/)).toBeTruthy();
  });
});
