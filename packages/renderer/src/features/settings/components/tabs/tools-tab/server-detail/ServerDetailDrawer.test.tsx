import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@renderer-testing/userEvent';
import { App as AntdApp } from 'antd';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpDiscoverResult, McpServerLogLine, McpServerTool } from '@shared/contracts/mcp-types';
import { hostNote, hostNoteLine } from '@shared/hostNotes';
import { FakeHost, server, updated } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ToolsTabNavProvider, useToolsTabNav, type DetailPane } from '../ToolsTabNav';
import { ServerDetailDrawer } from './ServerDetailDrawer';

const ID = 'id-fx';

const tool = (name: string, extra: Partial<McpServerTool> = {}): McpServerTool => ({
  id: `mcp__fx__${name}`,
  name,
  description: '',
  inputSchema: { type: 'object', properties: {} },
  serverId: ID,
  serverName: 'fx',
  disabled: false,
  ...extra,
});

const TOOLS: McpServerTool[] = [
  tool('echo', { description: 'Returns its text argument', inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] } }),
  tool('add', {
    title: 'Add numbers',
    description: 'Adds two numbers',
    inputSchema: { type: 'object', properties: { a: { type: 'number', description: 'First addend' }, b: { type: 'number' } }, required: ['a'] },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  }),
  tool('crash', {
    description: 'Kills the server',
    disabled: true,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  }),
];

function discovery(overrides: Partial<McpDiscoverResult> = {}): McpDiscoverResult {
  return {
    serverInfo: { name: 'elftia-fixture', version: '1.0.0' },
    instructions: 'Use <b>echo</b> first.',
    tools: TOOLS,
    invalidTools: [],
    prompts: [{ name: 'greet', description: 'Greets someone', arguments: [{ name: 'name', required: true, description: 'Who' }] }],
    resources: [{ uri: 'fixture://readme', name: 'readme', mimeType: 'text/plain' }],
    errors: {},
    ...overrides,
  };
}

/** A host whose mcp.update really changes the listed record, as the real one does. */
function makeHost(options: { disabledTools?: string[]; discover?: McpDiscoverResult; log?: McpServerLogLine[] } = {}) {
  const host = new FakeHost();
  host.servers = [server({ name: 'fx', type: 'stdio', config: { command: 'node' }, disabledTools: options.disabledTools ?? ['crash'] })];
  host.statuses = [{ id: ID, state: 'connected' }];
  host.handle('mcp.discover', () => options.discover ?? discovery());
  host.handle('mcp.update', ({ id, updates }) => {
    host.servers = host.servers.map((s) => (s.id === id ? updated(s, updates) : s));
    return { success: true, server: host.servers.find((s) => s.id === id) };
  });
  host.handle('mcp.server_log', () => ({ lines: options.log ?? [] }));
  return host;
}

function Opened({ pane }: { pane: DetailPane }) {
  const nav = useToolsTabNav();
  const { openDetail } = nav;
  useEffect(() => openDetail(ID, pane), [openDetail, pane]);
  return <ServerDetailDrawer />;
}

function renderDetail(host: FakeHost, pane: DetailPane = 'tools', lang: 'en' | 'zh' | 'ja' = 'en') {
  return renderWithProviders(
    <AntdApp>
      <ToolsTabNavProvider>
        <Opened pane={pane} />
      </ToolsTabNavProvider>
    </AntdApp>,
    host,
    lang,
  );
}

const row = (name: string) => screen.getAllByTestId('tool-row').find((r) => r.dataset.toolName === name)!;
const updates = (host: FakeHost) => host.inputsOf('mcp.update').map((input) => input.updates);

afterEach(cleanup);

/** The machine is shared and antd renders slowly in jsdom: wait generously, never by the clock. */
const slow = { timeout: 20_000 };

describe('server detail: header', { timeout: 120_000 }, () => {
  it('shows the name, live state, transport, server info and the instructions as plain text', async () => {
    const host = makeHost();
    renderDetail(host);
    expect(await screen.findByTestId('detail-server-info', {}, slow)).toHaveProperty('textContent', ' elftia-fixture');
    expect(screen.getByTestId('detail-name').textContent).toBe('fx');
    expect(screen.getByTestId('detail-state').dataset.state).toBe('connected');
    expect(screen.getByTestId('detail-header').textContent).toContain('1.0.0');
    await userEvent.click(screen.getByText('Instructions from the server'));
    const instructions = await screen.findByTestId('detail-instructions', {}, slow);
    // Markup the server sends is text, never HTML.
    expect(instructions.textContent).toBe('Use <b>echo</b> first.');
    expect(instructions.querySelector('b')).toBeNull();

    act(() => host.emit({ event: 'mcp.connection_state', payload: { serverId: ID, state: 'error', error: 'gone' } }));
    await waitFor(() => expect(screen.getByTestId('detail-state').dataset.state).toBe('error'), slow);

    // The host goes away: the last state read is no longer known to be true, as in the list rows.
    act(() => host.setConnection('down'));
    expect(screen.getByTestId('detail-state').dataset.state).toBe('unknown');
    expect(screen.getByTestId('detail-state').textContent).toBe('Unknown');
    act(() => host.setConnection('up'));
    expect(screen.getByTestId('detail-state').dataset.state).toBe('error');
  });

  it('tests the saved server by id and shows what it found', async () => {
    const host = makeHost();
    host.handle('mcp.test', () => ({
      success: true,
      stages: [
        { stage: 'connect', state: 'passed' },
        { stage: 'initialize', state: 'passed' },
        { stage: 'list_tools', state: 'passed' },
      ],
      tools: ['echo', 'add'],
      disabledTools: ['crash'],
      invalidTools: [],
      durationMs: 41.6,
    }));
    renderDetail(host);
    await userEvent.click(await screen.findByRole('button', { name: /Test/ }, slow));
    expect(await screen.findByTestId('detail-test-result', {}, slow)).toHaveProperty('textContent', expect.stringContaining('found 3 tools in 42 ms'));
    expect(screen.getByTestId('detail-test-result').textContent).toContain('1 of them is disabled.');
    expect(host.inputsOf('mcp.test')).toEqual([{ id: ID }]);
  });
});

describe('server detail: tools', { timeout: 120_000 }, () => {
  it('lists every tool, disabled ones included, with switches from the record and annotations as tags', async () => {
    const host = makeHost();
    renderDetail(host);
    await waitFor(() => expect(screen.getAllByTestId('tool-row')).toHaveLength(3), slow);
    expect(row('crash').dataset.enabled).toBe('false');
    expect(within(row('crash')).getByRole('switch', { name: 'crash enabled' })).toHaveProperty('ariaChecked', 'false');
    expect(within(row('echo')).getByRole('switch', { name: 'echo enabled' })).toHaveProperty('ariaChecked', 'true');
    // The title is what people read; the name is still there.
    expect(row('add').textContent).toContain('Add numbers');
    expect(row('add').textContent).toContain('add');

    const tags = (name: string) => within(row(name)).queryAllByTestId('tool-annotation').map((t) => t.dataset.annotation);
    expect(tags('add')).toEqual(['readOnly', 'idempotent', 'closedWorld']);
    expect(tags('crash')).toEqual(['writes', 'destructive', 'notIdempotent', 'openWorld']);
    expect(tags('echo')).toEqual([]);
    expect(within(row('crash')).getByText('Destructive')).toBeTruthy();
    expect(screen.getByTestId('tools-count').textContent).toBe('3 of 3 shown · 2 enabled');
  });

  it('marks a tool that opens an app, and one only its app may call (never offered to a model), with words in the reader\'s language', async () => {
    const tools = [
      tool('dashboard', { app: { resourceUri: 'ui://fx/dashboard.html', visibility: ['model', 'app'] } }),
      tool('poll', { app: { visibility: ['app'] } }),
      tool('plain'),
    ];
    renderDetail(makeHost({ disabledTools: [], discover: discovery({ tools }) }), 'tools', 'ja');
    await waitFor(() => expect(screen.getAllByTestId('tool-row')).toHaveLength(3), slow);
    const marks = (name: string) => ['tool-app-tag', 'tool-app-only-tag'].filter((id) => within(row(name)).queryByTestId(id));
    expect(marks('dashboard')).toEqual(['tool-app-tag']);
    expect(marks('poll')).toEqual(['tool-app-only-tag']);
    expect(marks('plain')).toEqual([]);
    expect(within(row('poll')).getByTestId('tool-app-only-tag').textContent).toBe('アプリ専用');
  });

  it('the enable switch writes only disabledTools, and the always-ask switch only disabledAutoApproveTools', async () => {
    const host = makeHost();
    renderDetail(host);
    await waitFor(() => expect(screen.getAllByTestId('tool-row')).toHaveLength(3), slow);

    await userEvent.click(within(row('echo')).getByRole('switch', { name: 'echo enabled' }));
    await waitFor(() => expect(updates(host)).toEqual([{ disabledTools: ['crash', 'echo'] }]), slow);
    await userEvent.click(within(row('crash')).getByRole('switch', { name: 'crash enabled' }));
    await waitFor(() => expect(updates(host).at(-1)).toEqual({ disabledTools: ['echo'] }), slow);

    await userEvent.click(within(row('add')).getByRole('switch', { name: 'Always ask before running Add numbers' }));
    await waitFor(() => expect(updates(host).at(-1)).toEqual({ disabledAutoApproveTools: ['add'] }), slow);
    expect(host.inputsOf('mcp.update').every((input) => input.id === ID)).toBe(true);
    await waitFor(() => expect(within(row('add')).getByRole('switch', { name: 'Always ask before running Add numbers' })).toHaveProperty('ariaChecked', 'true'), slow);
    // A disabled tool's setting cannot be changed until it is enabled.
    await waitFor(() => expect(within(row('echo')).getByRole('switch', { name: 'Always ask before running echo' })).toHaveProperty('disabled', true), slow);
  });

  it('quick successive toggles are all kept: each write starts from the last one asked for', async () => {
    const host = makeHost();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    host.handle('mcp.update', async ({ id, updates: u }) => {
      await gate;
      host.servers = host.servers.map((s) => (s.id === id ? updated(s, u) : s));
      return { success: true };
    });
    renderDetail(host);
    await waitFor(() => expect(screen.getAllByTestId('tool-row')).toHaveLength(3), slow);
    await userEvent.click(within(row('echo')).getByRole('switch', { name: 'echo enabled' }));
    await userEvent.click(within(row('add')).getByRole('switch', { name: 'Add numbers enabled' }));
    // Shown as asked while the host has not answered.
    expect(row('add').dataset.enabled).toBe('false');
    release();
    await waitFor(() => expect(updates(host)).toEqual([{ disabledTools: ['crash', 'echo'] }, { disabledTools: ['crash', 'echo', 'add'] }]), slow);
    await waitFor(() => expect(host.servers[0]!.disabledTools).toEqual(['crash', 'echo', 'add']), slow);
    await waitFor(() => expect(row('echo').dataset.enabled).toBe('false'), slow);
  });

  it('a failed write shows the translated reason and the switches go back to what the host has', async () => {
    const host = makeHost();
    host.failures.set('mcp.update', [{ code: 'CONFIG_STORE_FAILED', message: 'EACCES' }]);
    renderDetail(host);
    await waitFor(() => expect(screen.getAllByTestId('tool-row')).toHaveLength(3), slow);
    await userEvent.click(within(row('echo')).getByRole('switch', { name: 'echo enabled' }));
    expect((await screen.findByTestId('tools-save-error', {}, slow)).textContent).toContain('The change was not saved');
    await waitFor(() => expect(row('echo').dataset.enabled).toBe('true'), slow);
  });

  it('filters by name, title or description, and bulk actions change the shown tools only, keeping names the server no longer offers', async () => {
    const host = makeHost({ disabledTools: ['crash', 'gone'] });
    renderDetail(host);
    await waitFor(() => expect(screen.getAllByTestId('tool-row')).toHaveLength(3), slow);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter tools' }), { target: { value: 'NUMBER' } });
    await waitFor(() => expect(screen.getAllByTestId('tool-row').map((r) => r.dataset.toolName)).toEqual(['add']), slow);
    await userEvent.click(screen.getByRole('button', { name: 'Disable 1 shown' }));
    await waitFor(() => expect(updates(host).at(-1)).toEqual({ disabledTools: ['crash', 'gone', 'add'] }), slow);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter tools' }), { target: { value: '' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter tools' }), { target: { value: 'zzz' } });
    expect(await screen.findByText('No tool matches “zzz”.', {}, slow)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter tools' }), { target: { value: '' } });

    await waitFor(() => expect(screen.getAllByTestId('tool-row')).toHaveLength(3), slow);
    await userEvent.click(screen.getByRole('button', { name: 'Enable all' }));
    await waitFor(() => expect(updates(host).at(-1)).toEqual({ disabledTools: ['gone'] }), slow);
    await userEvent.click(screen.getByRole('button', { name: 'Disable all' }));
    await waitFor(() => expect(updates(host).at(-1)).toEqual({ disabledTools: ['gone', 'echo', 'add', 'crash'] }), slow);
  });

  it('shows the input schema as parameters with types, required marks and descriptions, and as raw JSON', async () => {
    const host = makeHost();
    renderDetail(host);
    await waitFor(() => expect(screen.getAllByTestId('tool-row')).toHaveLength(3), slow);
    await userEvent.click(within(row('add')).getByText('Input schema · 2 parameters'));
    const table = await within(row('add')).findByRole('table', {}, slow);
    expect(table.textContent).toContain('a');
    expect(table.textContent).toContain('number');
    expect(table.textContent).toContain('First addend');
    expect(within(table).getAllByText('required')).toHaveLength(1);
    expect(JSON.parse(within(row('add')).getByTestId('tool-schema-json').textContent!)).toEqual(TOOLS[1]!.inputSchema);
  });

  it('says in words why tools could not be listed, with a retry and a way to the logs', async () => {
    const host = makeHost();
    host.failures.set('mcp.discover', [{ code: 'MCP_CONNECT_FAILED', message: 'spawn node ENOENT' }]);
    renderDetail(host);
    const error = await screen.findByTestId('detail-discover-error', {}, slow);
    expect(error.textContent).toContain('Could not connect to the MCP server.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('tool-row')).toHaveLength(3), slow);
  });
});

describe('server detail: prompts and resources', { timeout: 120_000 }, () => {
  it('lists prompts with their arguments and resources with URI and MIME type', async () => {
    const host = makeHost();
    renderDetail(host, 'prompts');
    const prompt = await screen.findByTestId('prompt-row', {}, slow);
    expect(prompt.textContent).toContain('greet');
    expect(within(prompt).getByTestId('prompt-argument').textContent).toContain('namerequired Who');
    await userEvent.click(screen.getByRole('tab', { name: /Resources/ }));
    const resource = await screen.findByTestId('resource-row', {}, slow);
    expect(resource.textContent).toContain('fixture://readme');
    expect(within(resource).getByTestId('resource-mime').textContent).toBe('text/plain');
  });

  it('says in words that a server does not offer a kind, and translates any other failure', async () => {
    const host = makeHost({
      discover: discovery({
        prompts: [],
        resources: [],
        errors: {
          prompts: { code: 'MCP_NOT_SUPPORTED', message: 'no prompts', data: { serverName: 'fx', capability: 'prompts' } },
          resources: { code: 'MCP_TIMEOUT', message: 'Request timed out' },
        },
      }),
    });
    renderDetail(host, 'prompts');
    expect((await screen.findByTestId('prompts-error', {}, slow)).textContent).toContain('“fx” does not offer this: it did not announce the “prompts” capability');
    await userEvent.click(screen.getByRole('tab', { name: /Resources/ }));
    const error = await screen.findByTestId('resources-error', {}, slow);
    expect(error.textContent).toContain('The MCP server did not answer in time.');
  });

  it('is translated: the prompts error in Japanese', async () => {
    const host = makeHost({
      discover: discovery({ errors: { prompts: { code: 'MCP_NOT_SUPPORTED', message: 'x', data: { serverName: 'fx', capability: 'prompts' } } } }),
    });
    renderDetail(host, 'prompts', 'ja');
    expect((await screen.findByTestId('prompts-error', {}, slow)).textContent).toContain('「fx」はこの機能を提供していません');
    expect(screen.getByRole('tab', { name: /ツール/ })).toBeTruthy();
  });
});

describe('server detail: logs', { timeout: 120_000 }, () => {
  const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  const writeText = vi.fn<(text: string) => Promise<void>>(async () => {});

  beforeEach(() => {
    // jsdom lays nothing out; the virtual list reads its viewport from clientWidth/clientHeight.
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    writeText.mockClear();
  });
  afterEach(() => {
    // The shadowing getters go; Element.prototype's own (jsdom's zeros) show through again.
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
    if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
    else Reflect.deleteProperty(navigator, 'clipboard');
  });

  const at = Date.UTC(2026, 0, 1, 12, 0, 0);
  const line = (text: string, stream: McpServerLogLine['stream'] = 'stderr', offset = 0): McpServerLogLine => ({ serverId: ID, line: text, stream, at: at + offset });
  const shownLines = () => screen.queryAllByTestId('log-line').map((l) => l.textContent!.replace(/^\S+ /, ''));

  it('shows the history, appends live lines of this server only, without duplicating the overlap', async () => {
    const host = makeHost({ log: [line('starting up'), line('Skipped tool "x"', 'host', 1)] });
    renderDetail(host, 'logs');
    await waitFor(() => expect(shownLines()).toEqual(['stderr starting up', 'Elftia Skipped tool "x"']), slow);
    act(() => {
      host.emit({ event: 'mcp.server_log', payload: line('listening', 'stderr', 2) });
      host.emit({ event: 'mcp.server_log', payload: { ...line('not mine', 'stderr', 3), serverId: 'other' } });
    });
    await waitFor(() => expect(shownLines()).toEqual(['stderr starting up', 'Elftia Skipped tool "x"', 'stderr listening']), slow);
    expect(screen.getByTestId('log-count').textContent).toBe('3 of 3 lines');
  });

  it('filters by text and by stream, copies what is shown, and clears the view without losing new lines', async () => {
    const host = makeHost({ log: [line('alpha one'), line('beta two', 'host', 1), line('alpha three', 'stdout', 2)] });
    renderDetail(host, 'logs');
    await waitFor(() => expect(shownLines()).toHaveLength(3), slow);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter log lines' }), { target: { value: 'ALPHA' } });
    await waitFor(() => expect(shownLines()).toEqual(['stderr alpha one', 'stdout alpha three']), slow);
    await userEvent.click(screen.getByRole('checkbox', { name: 'stdout' }));
    await waitFor(() => expect(shownLines()).toEqual(['stderr alpha one']), slow);

    await userEvent.click(screen.getByRole('button', { name: /Copy/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1), slow);
    expect(writeText.mock.calls[0]![0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} \[stderr\] alpha one$/);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter log lines' }), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Clear view' }));
    await waitFor(() => expect(shownLines()).toEqual([]), slow);
    act(() => host.emit({ event: 'mcp.server_log', payload: line('after clear', 'stderr', 5) }));
    await waitFor(() => expect(shownLines()).toEqual(['stderr after clear']), slow);
  });

  it('searches and copies a host note as the person reads it, in their language, not the English the log keeps', async () => {
    const note = hostNote('LOG_FOLDED', { count: 3, ms: 50, capacity: 1000 });
    const host = makeHost({ log: [line('plain stderr'), { ...line(hostNoteLine(note), 'host', 1), note }] });
    renderDetail(host, 'logs', 'ja');
    await waitFor(() => expect(shownLines()).toHaveLength(2), slow);
    const search = screen.getByRole('searchbox', { name: 'ログ行を絞り込む' });

    fireEvent.change(search, { target: { value: 'more lines' } });
    await waitFor(() => expect(screen.getByTestId('log-count').textContent).toBe('2 行中 0 行'), slow);
    fireEvent.change(search, { target: { value: 'ミリ秒' } });
    await waitFor(() => expect(shownLines()).toEqual(['Elftia 50 ミリ秒以内のさらに 3 行はライブで送信されませんでした。サーバーログには最新 1000 行が残ります']), slow);

    await userEvent.click(screen.getByRole('button', { name: /コピー/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1), slow);
    expect(writeText.mock.calls[0]![0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} \[Elftia\] 50 ミリ秒以内のさらに 3 行はライブで送信されませんでした。サーバーログには最新 1000 行が残ります$/);
  });
});
