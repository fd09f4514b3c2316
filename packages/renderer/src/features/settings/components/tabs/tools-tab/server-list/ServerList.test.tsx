import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@renderer-testing/userEvent';
import { afterEach, describe, expect, it } from 'vitest';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { useRoute } from '@renderer/data/useRoute';
import { FakeHost, server, updated } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import type { Language } from '@renderer/i18n/languages';
import { ToolsTabNavProvider, useToolsTabNav } from '../ToolsTabNav';
import { CheckAllButton } from './CheckAllButton';
import { ServerList } from './ServerList';
import { RAW_INLINE_CONTROL } from '@desktop-testing/visibleControls.testkit';

afterEach(cleanup);

/** Replaces what the search box holds with `text`, pasted in one input event: the list filters on the box's whole text. */
const search = async (text: string) => {
  await userEvent.clear(screen.getByRole('textbox', { name: 'Search names, commands, URLs and tools' })); // leaves the box focused
  await userEvent.paste(text);
};

/** Where the list navigated to, as text the test can read. */
function NavProbe() {
  const nav = useToolsTabNav();
  return <output data-testid="nav">{JSON.stringify({ section: nav.section, form: nav.form, importOpen: nav.importOpen, detail: nav.detail })}</output>;
}

function Harness() {
  const list = useRoute('mcp.list');
  const status = useRoute('mcp.status');
  const states = new Map((status.data ?? []).map((s) => [s.id, s]));
  return (
    <ToolsTabNavProvider>
      <ServerList servers={list.data} loading={list.isFetching} states={states} />
      <NavProbe />
    </ToolsTabNavProvider>
  );
}

const nav = () => JSON.parse(screen.getByTestId('nav').textContent ?? '{}') as Record<string, unknown>;
const row = (name: string): HTMLElement => {
  const found = screen.getByTestId('server-list').querySelector<HTMLElement>(`[data-testid="server-row"][data-server-name="${name}"]`);
  if (!found) throw new Error(`No row for ${name}`);
  return found;
};
/** The popup (a Popconfirm's) holding `text`. */
const popoverOf = (text: string) => screen.getByText(text).closest<HTMLElement>('.ant-popover')!;
/** The Popconfirm's own "Delete" (the row's icon button has the same name). */
const confirmDelete = async (name: string) => {
  const title = await screen.findByText(`Delete “${name}”?`);
  await userEvent.click(within(title.closest<HTMLElement>('.ant-popover')!).getByRole('button', { name: 'Delete' }));
};
const rowNames = () => screen.queryAllByTestId('server-row').map((r) => r.getAttribute('data-server-name'));
const render = (host: FakeHost, lang: Language = 'en') => renderWithProviders(<Harness />, host, lang);

function hostWith(servers: McpServerRecord[]): FakeHost {
  const host = new FakeHost();
  host.servers = servers;
  host.handle('mcp.list_all_tools', () => []);
  return host;
}

// antd under jsdom is slow, and slower on a shared CI machine: the bound only caps how long a hang takes to report.
describe('ServerList', { timeout: 120_000 }, () => {
  it('starts no server when it shows: the tools last seen are shown, marked as such, and a server not connected yet says so', async () => {
    const host = hostWith([
      server({ name: 'files', type: 'stdio', config: { command: 'npx' }, disabledTools: ['write_file'] }),
      server({ name: 'fresh', type: 'stdio', config: { command: 'npx' } }),
    ]);
    host.lastSeen = [
      {
        serverId: 'id-files',
        tools: { at: Date.UTC(2026, 10, 30, 9, 15), list: [{ name: 'read_file', description: 'Reads' }, { name: 'write_file' }, { name: 'list_dir' }] },
        outcome: { ok: true, at: Date.UTC(2026, 10, 30, 9, 15) },
      },
    ];
    render(host);
    await waitFor(() => expect(within(row('files')).getByTestId('tool-count').textContent).toBe('2 tools (last seen) · 1 off'));
    expect(within(row('files')).getByTestId('tool-count').getAttribute('data-seen')).toBe('last');
    expect(within(row('files')).getByTestId('server-state').textContent).toBe('Not connected yet');
    expect(within(row('fresh')).queryByTestId('tool-count')).toBeNull();
    // Searching finds a server by the tools it was last seen with.
    await search('list_dir');
    expect(rowNames()).toEqual(['files']);
    // Nothing that would start a server was asked for.
    for (const route of ['mcp.list_all_tools', 'mcp.list_tools', 'mcp.discover', 'mcp.test', 'mcp.test_all', 'mcp.reconnect'] as const) expect(host.callCount(route), route).toBe(0);
  });

  it('shows a connect waiting in line, a download, and until when a failing server is left alone', async () => {
    const host = hostWith(['queued', 'npx-pkg', 'crashing', 'was-up'].map((name) => server({ name, type: 'stdio', config: { command: 'npx' } })));
    const at = Date.now() + 60_000;
    host.statuses = [
      { id: 'id-queued', state: 'connecting', phase: 'queued' },
      { id: 'id-npx-pkg', state: 'connecting', phase: 'downloading', download: { package: '@org/server', version: '1.2.3' } },
      { id: 'id-crashing', state: 'error', error: 'exited', failure: { code: 'MCP_CONNECTION_CLOSED', message: 'exited', data: { hint: 'exited', exitCode: 3 } }, retry: { at, attempts: 3 } },
      { id: 'id-was-up', state: 'disconnected', connectedAt: Date.now() - 5_000 },
    ];
    render(host);
    await waitFor(() => expect(within(row('queued')).getByTestId('server-state').textContent).toBe('Waiting to connect…'));
    expect(within(row('npx-pkg')).getByTestId('server-state').textContent).toBe('Downloading @org/server@1.2.3…');
    expect(within(row('was-up')).getByTestId('server-state').textContent).toBe('Not connected');
    const retry = within(row('crashing')).getByTestId('retry-at');
    expect(retry.textContent).toBe(`Retry after ${new Date(at).toLocaleTimeString('en', { hour: '2-digit', minute: '2-digit', second: '2-digit' })}`);
    expect(retry.getAttribute('data-failures')).toBe('3');
  });

  it('checks all servers on request and sums up', async () => {
    const host = hostWith([server({ name: 'a', type: 'stdio', config: { command: 'npx' } }), server({ name: 'b', type: 'stdio', config: { command: 'npx' } })]);
    const passed = { success: true, stages: [], tools: ['x'], disabledTools: [], invalidTools: [], durationMs: 5 };
    host.handle('mcp.test_all', () => [
      { id: 'id-a', name: 'a', result: passed },
      { id: 'id-b', name: 'b', result: { ...passed, success: false, tools: [], error: { code: 'MCP_TIMEOUT', message: 'slow' } } },
    ]);
    renderWithProviders(<CheckAllButton />, host, 'en');
    await userEvent.click(await screen.findByRole('button', { name: 'Check all' }));
    expect((await screen.findByTestId('check-all-result')).textContent).toBe('Checked 2 servers: 1 connected, 1 failed.');
    expect(host.callCount('mcp.test_all')).toBe(1);
  });

  it('shows tools, key source and scope, and acts on a server: switch, reconnect, test, edit, duplicate, logs', async () => {
    const host = hostWith([
      server({
        name: 'vision',
        type: 'stdio',
        config: { command: 'npx', args: ['-y', '@z_ai/mcp-server'], env: { Z_AI_API_KEY: '***' } },
        keyLink: { providerId: 'zai', presetId: 'zai-vision' },
        disabledTools: ['slow'],
      }),
      server({ name: 'remote', type: 'http', config: { url: 'https://h/mcp', headers: { Authorization: '***' } }, scope: 'local', projectPath: '/home/a/proj' }),
    ]);
    host.statuses = [{ id: 'id-vision', state: 'connected' }];
    host.handle('mcp.list_tools', () => [
      { id: 'a', name: 'analyze_image', description: '', inputSchema: {}, serverId: 'id-vision', serverName: 'vision' },
      { id: 'b', name: 'ui_to_code', description: '', inputSchema: {}, serverId: 'id-vision', serverName: 'vision' },
    ]);
    host.handle('mcp.update', ({ id, updates }) => ({ success: true, server: updated(host.servers.find((s) => s.id === id)!, updates) }));
    host.handle('mcp.reconnect', ({ id }) => ({ id, state: 'connecting' }));
    host.handle('mcp.test', () => ({ success: true, stages: [{ stage: 'connect', state: 'passed' }, { stage: 'initialize', state: 'passed' }, { stage: 'list_tools', state: 'passed' }], tools: ['analyze_image', 'ui_to_code'], disabledTools: ['slow'], invalidTools: [], durationMs: 41.7, serverInfo: { name: 'zai', version: '1.2' } }));
    render(host);

    await waitFor(() => expect(within(row('vision')).getByTestId('tool-count').textContent).toBe('2 tools · 1 off'), { timeout: 5000 });
    expect(within(row('vision')).getByTestId('key-source').textContent).toBe('Uses your Z.AI key');
    expect(within(row('remote')).getByTestId('key-source').textContent).toBe('Saved secret');
    expect(within(row('remote')).getByTestId('server-scope').textContent).toBe('Project · proj');
    expect(within(row('vision')).getByTestId('server-scope').textContent).toBe('All projects');
    // Only connected servers are asked for their tools.
    expect(host.inputsOf('mcp.list_tools')).toEqual([{ id: 'id-vision', connect: false }]);

    await userEvent.click(within(row('remote')).getByRole('switch', { name: 'Turn remote on or off' }));
    await waitFor(() => expect(host.inputsOf('mcp.update')).toEqual([{ id: 'id-remote', updates: { isActive: false } }]));

    await userEvent.click(within(row('vision')).getByRole('button', { name: 'Reconnect' }));
    expect(host.inputsOf('mcp.reconnect')).toEqual([{ id: 'id-vision' }]);

    await userEvent.click(within(row('vision')).getByRole('button', { name: 'Test' }));
    expect((await within(row('vision')).findByTestId('test-result')).textContent).toContain('Test passed in 42 ms: 2 tools.');
    expect(within(row('vision')).getByTestId('test-result').textContent).toContain('zai 1.2');

    // The list's one tooltip names the icon a pointer is on, and the control a key reached.
    await userEvent.hover(within(row('vision')).getByRole('button', { name: 'Edit' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit');
    await userEvent.unhover(within(row('vision')).getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    within(row('remote')).getByTestId('key-source').focus();
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toContain('Stored encrypted, shown masked.'));

    await userEvent.click(within(row('vision')).getByRole('button', { name: 'Edit' }));
    expect(nav().form).toEqual({ mode: 'edit', serverId: 'id-vision' });
    await userEvent.click(within(row('vision')).getByRole('button', { name: 'More' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: /Duplicate/ }));
    expect(nav().form).toEqual({ mode: 'duplicate', serverId: 'id-vision' });
    // The menu takes focus when it opens, and Esc gives it back to the row's button.
    const more = within(row('remote')).getByRole('button', { name: 'More' });
    await userEvent.click(more);
    await waitFor(() => expect(document.activeElement?.closest('[role="menu"]')).toBeTruthy());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(more));
    await userEvent.click(more);
    const menus = await screen.findAllByRole('menuitem', { name: /Open logs/ });
    await userEvent.click(menus[menus.length - 1]!);
    expect(nav().detail).toEqual({ serverId: 'id-remote', pane: 'logs' });
  });

  it('shows the controls and bidi characters in a name and its command as marks, never obeyed', async () => {
    const name = 'evil\u202eexe.txt';
    render(hostWith([server({ name, type: 'stdio', config: { command: 'node', args: ['server.js', 'two\nlines', '\u001b[2J'] } })]));
    const shown = within(await screen.findByTestId('server-row'));
    expect(shown.getByTestId('server-name').textContent).toBe('evil\\u202eexe.txt');
    expect(shown.getByTestId('server-target').textContent).toBe("node server.js 'two⏎lines' '\\u001b[2J'");
    expect(row(name).textContent).not.toMatch(RAW_INLINE_CONTROL);
  });

  it('deletes after confirmation and restores exactly that server on Undo', async () => {
    const files = server({ name: 'files', type: 'stdio', config: { command: 'npx' } });
    const host = hostWith([files, server({ name: 'other', type: 'stdio', config: { command: 'uvx' } })]);
    host.handle('mcp.remove', ({ id }) => {
      host.servers = host.servers.filter((s) => s.id !== id);
      return { success: true };
    });
    host.handle('mcp.restore', ({ id }) => {
      host.servers = [files, ...host.servers];
      return { success: true, server: { ...files, id } };
    });
    render(host);
    await waitFor(() => expect(rowNames()).toEqual(['files', 'other']));

    // Focus lands on the safe answer, never on Delete; Esc closes the question and gives focus back to the row's button.
    const deleteButton = within(row('files')).getByRole('button', { name: 'Delete' });
    await userEvent.click(deleteButton);
    await waitFor(() => expect(document.activeElement).toBe(within(popoverOf(`Delete “files”?`)).getByRole('button', { name: 'Cancel' })));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('Delete “files”?')).toBeNull());
    expect(document.activeElement).toBe(deleteButton);
    // Enter on the button opens it again, as a click does.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(within(popoverOf(`Delete “files”?`)).getByRole('button', { name: 'Cancel' })));
    expect(host.callCount('mcp.remove')).toBe(0);
    await confirmDelete('files');
    await waitFor(() => expect(rowNames()).toEqual(['other']));
    expect(host.inputsOf('mcp.remove')).toEqual([{ id: 'id-files' }]);

    const undo = await screen.findByTestId('undo-delete');
    expect(undo.textContent).toContain('“files” was deleted.');
    await userEvent.click(within(undo).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(rowNames()).toEqual(['files', 'other']));
    expect(host.inputsOf('mcp.restore')).toEqual([{ id: 'id-files' }]);
    expect(await screen.findByText('“files” is back.')).toBeTruthy();
  });

  it('says why Undo could not restore, in words', async () => {
    const host = hostWith([server({ name: 'files', type: 'stdio', config: { command: 'npx' } })]);
    host.handle('mcp.remove', () => ({ success: true }));
    host.handle('mcp.restore', () => {
      throw { code: 'DUPLICATE_NAME', message: 'dup', data: { name: 'files' } };
    });
    render(host);
    await waitFor(() => expect(rowNames()).toEqual(['files']));
    await userEvent.click(within(row('files')).getByRole('button', { name: 'Delete' }));
    await confirmDelete('files');
    await userEvent.click(within(await screen.findByTestId('undo-delete')).getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('A server named “files” already exists')).toBeTruthy();
  });

  const fourServers = () => {
    const host = hostWith([
      server({ name: 'files', type: 'stdio', config: { command: 'npx', args: ['@mcp/files'] }, createdAt: 3 }),
      server({ name: 'brave', type: 'http', config: { url: 'https://brave.example/mcp' }, createdAt: 1, scope: 'local', projectPath: '/p' }),
      server({ name: 'memory', type: 'stdio', config: { command: 'uvx', args: ['mem'] }, createdAt: 2, isActive: false }),
      server({ name: 'events', type: 'sse', config: { url: 'http://h/sse' }, createdAt: 4 }),
    ]);
    host.statuses = [
      { id: 'id-files', state: 'connected' },
      { id: 'id-brave', state: 'error', error: 'x', failure: { code: 'MCP_CONNECT_FAILED', message: 'x' } },
    ];
    host.handle('mcp.list_tools', () => [{ id: 't', name: 'read_text_file', description: '', inputSchema: {}, serverId: 'id-files', serverName: 'files' }]);
    return host;
  };
  const choose = async (label: string, option: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
    await userEvent.click((await screen.findAllByTitle(option)).at(-1)!);
  };

  it('searches names, commands, URLs and tool names, saying which tool matched', async () => {
    render(fourServers());
    await waitFor(() => expect(rowNames()).toEqual(['brave', 'events', 'files', 'memory']));
    await waitFor(() => expect(within(row('files')).getByTestId('tool-count').textContent).toBe('1 tool'), { timeout: 5000 });

    await search('read_text');
    await waitFor(() => expect(rowNames()).toEqual(['files']));
    expect(within(row('files')).getByTestId('matching-tools').textContent).toBe('Matching tools: read_text_file');
    expect(screen.getByTestId('servers-shown').textContent).toBe('1 of 4 shown');
    await search('brave.example');
    await waitFor(() => expect(rowNames()).toEqual(['brave']));
    await search('no-such-thing');
    expect(await screen.findByTestId('servers-no-match')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowNames()).toHaveLength(4));
  });

  it('filters by transport, on/off, state and scope', async () => {
    render(fourServers());
    await waitFor(() => expect(rowNames()).toEqual(['brave', 'events', 'files', 'memory']));
    await choose('Transport', 'stdio');
    await waitFor(() => expect(rowNames()).toEqual(['files', 'memory']));
    await choose('On / off', 'Off only');
    await waitFor(() => expect(rowNames()).toEqual(['memory']));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await choose('State', 'Error');
    await waitFor(() => expect(rowNames()).toEqual(['brave']));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await choose('Scope', 'Project');
    await waitFor(() => expect(rowNames()).toEqual(['brave']));
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(rowNames()).toEqual(['brave', 'events', 'files', 'memory']));
  });

  it('sorts by recency and by state', async () => {
    render(fourServers());
    await waitFor(() => expect(rowNames()).toEqual(['brave', 'events', 'files', 'memory']));
    await choose('Sort', 'Recently added');
    await waitFor(() => expect(rowNames()).toEqual(['events', 'files', 'memory', 'brave']));
    await choose('Sort', 'State (problems first)');
    await waitFor(() => expect(rowNames()).toEqual(['brave', 'files', 'events', 'memory']));
    // Closed, the select says the short name; the option says how it sorts.
    const toolbar = screen.getByTestId('server-toolbar');
    expect(toolbar.textContent).toContain('Sort:State');
    expect(toolbar.textContent).not.toContain('problems first');
  });

  it('explains a failed server in words, with its output a click away and ways to act', async () => {
    const host = hostWith([server({ name: 'remote', type: 'http', config: { url: 'http://127.0.0.1:3000/api' } })]);
    const failure = {
      code: 'MCP_CONNECT_FAILED' as const,
      message: 'Could not connect to "remote": Error POSTing to endpoint: <!DOCTYPE html><html>…',
      data: { stage: 'reach', hint: 'endpointNotFound', httpStatus: 404, expectedPath: '/mcp', stderrTail: [] },
    };
    host.statuses = [{ id: 'id-remote', state: 'error', error: failure.message, failure }];
    host.handle('mcp.server_log', () => ({ lines: [{ serverId: 'id-remote', stream: 'host', line: 'Transport error: 404', at: 1 }] }));
    host.handle('mcp.reconnect', ({ id }) => ({ id, state: 'connecting' }));
    render(host);

    const explanation = await within(await waitFor(() => row('remote'))).findByTestId('failure-explanation');
    expect(explanation.textContent).toContain('HTTP 404 — is the endpoint /mcp? The server has nothing at this path.');
    expect(explanation.textContent).toContain('Could not connect to the MCP server.');
    expect(explanation.textContent).toContain('Failed at: Reaching the server');
    // The raw message (an HTML page here) is only in the technical details.
    const details = explanation.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain('<!DOCTYPE html>');

    expect(host.callCount('mcp.server_log')).toBe(0);
    await userEvent.click(within(explanation).getByRole('button', { name: 'Show output' }));
    expect((await within(explanation).findByTestId('failure-output')).textContent).toContain('[host] Transport error: 404');
    expect(host.inputsOf('mcp.server_log')).toEqual([{ id: 'id-remote', limit: 40 }]);
    expect(within(explanation).getByRole('button', { name: 'Copy output' })).toBeTruthy();

    await userEvent.click(within(explanation).getByRole('button', { name: 'Retry' }));
    expect(host.inputsOf('mcp.reconnect')).toEqual([{ id: 'id-remote' }]);
    await userEvent.click(within(explanation).getByRole('button', { name: 'Edit' }));
    expect(nav().form).toEqual({ mode: 'edit', serverId: 'id-remote' });
    await userEvent.click(within(explanation).getByRole('button', { name: 'Open logs' }));
    expect(nav().detail).toEqual({ serverId: 'id-remote', pane: 'logs' });
  });

  it('explains in the person’s language, and live as the state changes', async () => {
    const host = hostWith([server({ name: 'tool', type: 'stdio', config: { command: 'node', args: ['x.js'] } })]);
    render(host, 'ja');
    await waitFor(() => expect(rowNames()).toEqual(['tool']));
    act(() =>
      host.emit({
        event: 'mcp.connection_state',
        payload: { serverId: 'id-tool', state: 'error', error: 'exited', failure: { code: 'MCP_CONNECT_FAILED', message: 'exited', data: { stage: 'initialize', hint: 'exited', exitCode: 3 } } },
      }),
    );
    const explanation = await within(row('tool')).findByTestId('failure-explanation');
    expect(explanation.textContent).toContain('プログラムは応答する前にコード 3 で終了しました');
    act(() => host.emit({ event: 'mcp.connection_state', payload: { serverId: 'id-tool', state: 'connected' } }));
    await waitFor(() => expect(within(row('tool')).queryByTestId('failure-explanation')).toBeNull());
  });

  it('installs a missing command, then connects again', async () => {
    const host = hostWith([server({ name: 'uv-server', type: 'stdio', config: { command: 'uvx', args: ['mcp-x'] } })]);
    const install = { kind: 'script' as const, run: { file: 'sh', args: ['-c', 'x'] }, url: 'https://docs.astral.sh/uv/' };
    host.statuses = [
      { id: 'id-uv-server', state: 'error', error: 'Command not found: uvx', failure: { code: 'DEPS_MISSING', message: 'Command not found: uvx', data: { command: 'uvx', install, stage: 'spawn', hint: 'commandMissing' } } },
    ];
    let finish: () => void = () => {};
    host.handle('deps.install', ({ command }) => new Promise((resolve) => {
      finish = () => resolve({ command, alreadyInstalled: false, action: install, ran: { ...install.run, exitCode: 0 }, check: { command, found: true, path: '/u/bin/uvx', source: 'login-shell' }, next: 'ready' });
    }));
    host.handle('mcp.reconnect', ({ id }) => ({ id, state: 'connecting' }));
    render(host);

    const explanation = await within(await waitFor(() => row('uv-server'))).findByTestId('failure-explanation');
    expect(explanation.textContent).toContain('“uvx” is not installed, or Elftia cannot find it on the PATH.');
    await userEvent.click(within(explanation).getByRole('button', { name: /Install uvx/ }));
    expect(host.inputsOf('deps.install')).toEqual([{ command: 'uvx' }]);
    act(() => host.emit({ event: 'deps.install_progress', payload: { command: 'uvx', phase: 'output', line: 'downloading uv 0.9' } }));
    expect(await within(explanation).findByText('Installing uvx: downloading uv 0.9')).toBeTruthy();
    act(() => finish());
    await waitFor(() => expect(host.inputsOf('mcp.reconnect')).toEqual([{ id: 'id-uv-server' }]));
    expect(within(explanation).getByText('uvx is installed. Connecting again…')).toBeTruthy();
  });

  it('offers to remove a broken npx cache folder, after confirming which, then connects again', async () => {
    const folder = '/home/a/.npm/_npx/9dfaefb6dc6ac94c';
    const host = hostWith([server({ name: 'semver', type: 'stdio', config: { command: 'npx', args: ['-y', 'semver@7.6.0'] } })]);
    host.statuses = [
      {
        id: 'id-semver',
        state: 'error',
        error: 'Could not connect',
        failure: { code: 'MCP_CONNECT_FAILED', message: 'Could not connect', data: { stage: 'download', hint: 'npxCacheBroken', npxCacheDir: folder, exitCode: 254 } },
      },
    ];
    host.handle('deps.remove_npx_cache', ({ path }) => ({ path, removed: true }));
    host.handle('mcp.reconnect', ({ id }) => ({ id, state: 'connecting' }));
    render(host);

    const explanation = await within(await waitFor(() => row('semver'))).findByTestId('failure-explanation');
    expect(explanation.getAttribute('data-hint')).toBe('npxCacheBroken');
    expect(explanation.textContent).toContain(`npx’s cache folder for this package is incomplete, probably from a download that was cut short: ${folder}.`);
    expect(explanation.textContent).toContain('Failed at: Downloading the package (npx)');
    await userEvent.click(within(explanation).getByRole('button', { name: /Remove the broken cache folder/ }));
    // Nothing is removed before the person has seen the folder and confirmed.
    expect(host.callCount('deps.remove_npx_cache')).toBe(0);
    const question = await screen.findByText(`${folder} will be deleted, and nothing else. npx downloads the package again when the server starts.`);
    await waitFor(() => expect(document.activeElement).toBe(within(question.closest<HTMLElement>('.ant-popover')!).getByRole('button', { name: 'Cancel' })));
    await userEvent.click(within(question.closest<HTMLElement>('.ant-popover')!).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(host.inputsOf('deps.remove_npx_cache')).toEqual([{ path: folder }]));
    await waitFor(() => expect(host.inputsOf('mcp.reconnect')).toEqual([{ id: 'id-semver' }]));
    expect(within(explanation).getByText('Removed. Connecting again…')).toBeTruthy();
  });

  it('offers three ways in when there is nothing yet', async () => {
    const host = hostWith([]);
    render(host);
    const empty = await screen.findByTestId('servers-empty');
    await userEvent.click(within(empty).getByRole('button', { name: /Add a server/ }));
    expect(nav().form).toEqual({ mode: 'add' });
    within(empty).getByRole('button', { name: /Import JSON/ }).focus();
    await userEvent.keyboard('{Enter}');
    expect(nav().importOpen).toBe(true);
    await userEvent.click(within(empty).getByRole('button', { name: /Install a preset/ }));
    expect(nav().section).toBe('presets');
  });

  it('renders only the rows on screen, and filters all of them', async () => {
    const many = Array.from({ length: 50 }, (_, i) => server({ name: `server-${String(i).padStart(2, '0')}`, type: 'stdio', config: { command: 'npx', args: [`pkg-${i}`] } }));
    const host = hostWith(many);
    render(host);
    await waitFor(() => expect(rowNames().length).toBeGreaterThan(0));
    expect(rowNames().length).toBeLessThan(30);
    await search('pkg-49');
    await waitFor(() => expect(rowNames()).toEqual(['server-49']));
  });
  it('acts on the selected servers: one request, what failed stays selected and says why, and remove names them first', async () => {
    const host = hostWith(['alpha', 'beta', 'gamma'].map((name) => server({ name, type: 'stdio', config: { command: 'npx' } })));
    host.handle('mcp.bulk', ({ action, ids }) => ({
      results: ids.map((id) => (id === 'id-beta' && action === 'enable' ? { id, ok: false, error: { code: 'NOT_FOUND' as const, message: 'gone' } } : { id, ok: true })),
    }));
    render(host);
    await waitFor(() => expect(rowNames()).toEqual(['alpha', 'beta', 'gamma']));

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select alpha' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select beta' }));
    const bar = screen.getByRole('toolbar', { name: 'Selected servers' });
    expect(bar.textContent).toContain('2 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(host.inputsOf('mcp.bulk')).toEqual([{ action: 'enable', ids: ['id-alpha', 'id-beta'] }]));
    const report = await screen.findByTestId('bulk-report');
    expect(report.textContent).toContain('Turned on 1 of 2.');
    expect(within(report).getByTestId('bulk-failures').textContent).toMatch(/^beta: /);
    // The failed one stays selected for another try; the one that worked leaves the selection.
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select beta' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select alpha' }).checked).toBe(false);

    await userEvent.click(within(screen.getByRole('toolbar', { name: 'Selected servers' })).getByRole('checkbox', { name: '1 selected' }));
    expect(bar.textContent).toContain('3 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Remove…' }));
    const confirm = await screen.findByTestId('bulk-remove-confirm');
    expect([...confirm.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['beta', 'alpha', 'gamma']);
    expect(host.inputsOf('mcp.bulk')).toHaveLength(1);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' })));
    await userEvent.click(screen.getByRole('button', { name: 'Remove 3 servers' }));
    await waitFor(() => expect(host.inputsOf('mcp.bulk')[1]).toEqual({ action: 'remove', ids: ['id-beta', 'id-alpha', 'id-gamma'] }));
    const undo = await screen.findByTestId('undo-bulk-remove');
    expect(undo.textContent).toContain('3 servers were removed.');
    await userEvent.click(within(undo).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(host.inputsOf('mcp.bulk')[2]).toEqual({ action: 'restore', ids: ['id-beta', 'id-alpha', 'id-gamma'] }));
  });

  it('is one tab stop: arrows move between rows, only the current row’s controls take Tab, Enter and the name open the detail', async () => {
    render(hostWith(['alpha', 'beta', 'gamma'].map((name) => server({ name, type: 'stdio', config: { command: 'npx' } }))));
    await waitFor(() => expect(rowNames()).toEqual(['alpha', 'beta', 'gamma']));
    const tabbable = (name: string) => [...row(name).querySelectorAll<HTMLElement>('button, input, [tabindex]')].filter((el) => el.tabIndex >= 0);
    expect(row('alpha').tabIndex).toBe(0);
    expect(row('beta').tabIndex).toBe(-1);
    expect(tabbable('beta')).toEqual([]);
    expect(tabbable('alpha').length).toBeGreaterThan(3);

    row('alpha').focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toBe(row('beta')));
    expect(row('beta').tabIndex).toBe(0);
    expect(tabbable('alpha')).toEqual([]);
    expect(within(row('beta')).getByRole('switch', { name: 'Turn beta on or off' }).tabIndex).toBe(0);
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toBe(row('gamma')));
    await userEvent.keyboard(' ');
    expect(within(row('gamma')).getByRole<HTMLInputElement>('checkbox', { name: 'Select gamma' }).checked).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(nav().detail).toEqual({ serverId: 'id-gamma', pane: 'tools' });
    await userEvent.click(within(row('alpha')).getByRole('button', { name: 'Open the details of alpha' }));
    expect(nav().detail).toEqual({ serverId: 'id-alpha', pane: 'tools' });
  });
});
