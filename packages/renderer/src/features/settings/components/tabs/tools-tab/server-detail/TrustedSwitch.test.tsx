import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { FakeHost } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { TrustedSwitch } from './TrustedSwitch';

afterEach(cleanup);

it('writes isTrusted alone, and says why when the write fails', async () => {
  const host = new FakeHost();
  host.handle('mcp.update', () => ({ success: true }));
  renderWithProviders(<TrustedSwitch server={{ id: 'srv', name: 'Files', isTrusted: false }} />, host);
  const toggle = screen.getByRole('switch', { name: 'Trust Files' });
  expect(toggle.getAttribute('aria-checked')).toBe('false');
  await act(async () => {
    fireEvent.click(toggle);
  });
  await waitFor(() => expect(host.inputsOf('mcp.update')).toEqual([{ id: 'srv', updates: { isTrusted: true } }]));

  host.handle('mcp.update', () => {
    throw { code: 'NOT_FOUND', message: 'No MCP server with id srv', data: { id: 'srv' } };
  });
  await act(async () => {
    fireEvent.click(toggle);
  });
  expect(await screen.findByText('Could not change the trust setting')).toBeTruthy();
});
