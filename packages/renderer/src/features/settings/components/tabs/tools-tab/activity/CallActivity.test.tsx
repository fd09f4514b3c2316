import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@renderer-testing/userEvent';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHost, server } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import type { Language } from '@renderer/i18n/languages';
import { ToolsTab } from '../ToolsTab';

afterEach(cleanup);

function hostWithCalls() {
  const host = new FakeHost();
  const stdio = { type: 'stdio' as const, config: { command: 'node' } };
  host.servers = [server({ id: 'f', name: 'files', ...stdio }), server({ id: 'w', name: 'web', ...stdio })];
  host.handle('mcp.call_record', ({ callId }) => {
    if (callId !== 'c1') throw { code: 'CALL_RECORD_GONE', message: 'gone', data: { callId, count: 200 } };
    return { callId, serverId: 'f', toolName: 'read', origin: 'person', args: { path: '/tmp/a' }, at: 0, durationMs: 12, result: { callId, isError: false, content: [{ type: 'text', text: 'file body' }], durationMs: 12 } };
  });
  return host;
}

/** Calls arrive while the servers section shows; Activity lists them once opened. */
async function renderWithCalls(language: Language = 'en', activity = 'Activity') {
  const host = hostWithCalls();
  renderWithProviders(<ToolsTab />, host, language);
  act(() => {
    host.emit({ event: 'mcp.tool_called', payload: { serverId: 'f', toolName: 'read', callId: 'c1', duration: 12, success: true, origin: 'person' } });
    host.emit({ event: 'mcp.tool_called', payload: { serverId: 'w', toolName: 'search', callId: 'c2', duration: 900, success: false, origin: 'model', error: { code: 'MCP_TIMEOUT', message: 'timed out', data: { serverName: 'web', timeoutMs: 900 } } } });
    host.emit({ event: 'mcp.tool_called', payload: { serverId: 'f', toolName: 'write', callId: 'c3', duration: 30, success: true, origin: 'model' } });
  });
  await userEvent.click(screen.getByRole('tab', { name: activity }));
  const table = await screen.findByTestId('call-table');
  return { host, table };
}

/** Chooses `label` in the filter named `name`, through the open dropdown as a person clicks it. */
async function choose(name: string, label: string) {
  await userEvent.click(screen.getByRole('combobox', { name }));
  const dropdown = await waitFor(() => {
    const open = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].filter((d) => !d.classList.contains('ant-select-dropdown-hidden')).at(-1);
    if (!open) throw new Error('no dropdown open');
    return open;
  });
  await userEvent.click(within(dropdown).getByText(label, { selector: '.ant-select-item-option-content' }));
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').filter((row) => row.closest('tbody'));

describe('Activity: the calls made', { timeout: 120_000 }, () => {
  it('lists who made each call, on which server and tool, how long it took and how it ended', async () => {
    const { table } = await renderWithCalls();
    const rows = bodyRows(table);
    expect(rows).toHaveLength(3);
    // Newest first.
    expect(rows[0]?.textContent).toContain('A model (chat)');
    expect(rows[0]?.textContent).toContain('write');
    expect(rows[1]?.textContent).toContain('web');
    expect(rows[1]?.textContent).toContain('Failed');
    expect(rows[1]?.textContent).not.toContain('MCP_TIMEOUT');
    expect(rows[2]?.textContent).toContain('You (playground)');
    expect(rows[2]?.textContent).toContain('Succeeded');

    const figures = screen.getAllByTestId('server-figure');
    expect(figures.map((f) => f.getAttribute('data-server'))).toEqual(['files', 'web']);
    expect(figures[0]?.textContent).toContain('2 calls, 0 failed');
    const webChart = within(figures[1]!).getByRole('img', { name: 'Latency of the latest calls to web; failed calls in red' });
    expect(webChart.querySelectorAll('rect[data-failed]')).toHaveLength(1);
  });

  it('filters by server and by who made the call', async () => {
    const { table } = await renderWithCalls();
    expect(within(screen.getByRole('group', { name: 'Filter calls' })).getAllByRole('combobox')).toHaveLength(4);
    await choose('Made by', 'A model (chat)');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    await choose('Server', 'files');
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    expect(bodyRows(table)[0]?.textContent).toContain('write');
  });

  it('opens a call’s full result from its row, and says so plainly when the host let it go', async () => {
    const { table } = await renderWithCalls();
    await userEvent.click(within(table).getByRole('button', { name: 'Full result of read on files' }));
    const drawer = await screen.findByRole('dialog');
    expect(drawer.textContent).toContain('read on files');
    expect(await within(drawer).findByText('file body')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('file body')).toBeNull());

    await userEvent.click(within(table).getByRole('button', { name: 'Full result of search on web' }));
    const gone = await screen.findByTestId('call-record-error');
    expect(gone.textContent).toContain('no longer keeps this call’s result');
  });

  it.each([
    ['zh', '活动', '模型（对话）', '失败'],
    ['ja', 'アクティビティ', 'モデル（チャット）', '失敗'],
  ] as const)('speaks %s: no identifier of the host on screen', async (language, activity, model, failed) => {
    const { table } = await renderWithCalls(language, activity);
    const text = table.textContent ?? '';
    expect(text).toContain(model);
    expect(text).toContain(failed);
    expect(text).not.toMatch(/\b(person|model|agent|succeeded|failed)\b/);
  });
});
