import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { McpCallToolResult, McpServerTool } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import { FakeHost, server, updated } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { useRoute } from '@renderer/data/useRoute';
import { ToolsTabNavProvider, useToolsTabNav } from '@renderer/features/settings/components/tabs/tools-tab/ToolsTabNav';
import { ServerDetailDrawer } from '@renderer/features/settings/components/tabs/tools-tab/server-detail/ServerDetailDrawer';
import { playgroundSessions } from '../model/playgroundSession';
import { PlaygroundPane } from './PlaygroundPane';

/** The machine is shared and antd renders slowly in jsdom: wait generously, never by the clock. */
const slow = { timeout: 20_000 };

const tool = (serverName: string, name: string, inputSchema: Record<string, unknown>, extra: Partial<McpServerTool> = {}): McpServerTool => ({
  id: `mcp__${serverName}__${name}`,
  name,
  description: '',
  inputSchema,
  serverId: `id-${serverName}`,
  serverName,
  disabled: false,
  ...extra,
});

const SCHEMAS = {
  echo: { type: 'object', properties: { text: { type: 'string', description: 'What to say back' } }, required: ['text'] },
  rich: {
    type: 'object',
    properties: {
      mode: { type: 'string', enum: ['fast', 'slow'], default: 'slow' },
      count: { type: 'integer', default: 3 },
      options: { type: 'object', properties: { depth: { type: 'number', title: 'Depth' } } },
      tags: { type: 'array', items: { type: 'string' } },
      target: { anyOf: [{ type: 'string', title: 'By name' }, { type: 'object', title: 'By id', properties: { id: { type: 'integer' } }, required: ['id'] }] },
    },
    required: ['mode'],
  },
  cyclic: { type: 'object', properties: { node: { $ref: '#/$defs/node' } }, $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } } },
  union: { type: 'object', properties: { value: { type: ['string', 'number', 'object'] } } },
  huge: { type: 'object', properties: { pick: { type: 'string', enum: Array.from({ length: 5000 }, (_, i) => `v${i}`) } } },
  coded: {
    type: 'object',
    properties: {
      note: { type: 'string' },
      code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$', examples: ['ABC-1234'] },
      ref: { type: 'string', pattern: '^r[0-9]+$' },
    },
    required: ['code'],
  },
} satisfies Record<string, Record<string, unknown>>;

/** Titles as servers give them: the tool's own, or only in its annotations. */
const TITLES: Record<string, Partial<McpServerTool>> = {
  coded: { title: 'Look up by code' },
  rich: { annotations: { title: 'Everything at once' } },
};

let serial = 0;

/** A host for one test: its own server (the playground's history and drafts live as long as the app). */
function makeHost(options: { disabledTools?: string[] } = {}) {
  const name = `pg${++serial}`;
  const host = new FakeHost();
  host.servers = [server({ name, type: 'stdio', config: { command: 'node' }, disabledTools: options.disabledTools ?? [] })];
  host.statuses = [{ id: `id-${name}`, state: 'connected' }];
  const tools = Object.entries(SCHEMAS).map(([toolName, schema]) => tool(name, toolName, schema, TITLES[toolName]));
  host.handle('mcp.discover', () => ({ tools, invalidTools: [], prompts: [], resources: [], errors: {} }));
  host.handle('mcp.update', ({ id, updates }) => {
    host.servers = host.servers.map((s) => (s.id === id ? updated(s, updates) : s));
    return { success: true, server: host.servers.find((s) => s.id === id) };
  });
  return { host, name, id: `id-${name}`, tools };
}

/** The pane alone, fed by the host's list as the drawer feeds it. */
function Pane({ id, tools }: { id: string; tools: McpServerTool[] }) {
  const list = useRoute('mcp.list');
  const record = list.data?.find((s) => s.id === id);
  return record ? <PlaygroundPane server={record} tools={tools} /> : null;
}

function renderPane(setup: ReturnType<typeof makeHost>) {
  return renderWithProviders(
    <AntdApp>
      <Pane id={setup.id} tools={setup.tools} />
    </AntdApp>,
    setup.host,
  );
}

const pickTool = async (name: string) => {
  const select = await screen.findByRole('combobox', { name: 'Tool to call' }, slow);
  if (screen.getByTestId('playground-tool').dataset.toolName === name) return;
  fireEvent.mouseDown(select);
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${name}"]`)).not.toBeNull(), slow);
  fireEvent.click(document.querySelector(`.ant-select-item-option[title="${name}"]`)!);
  await waitFor(() => expect(screen.getByTestId('playground-tool').dataset.toolName).toBe(name), slow);
};
/** The form's first field (rjsf's ids start with the playground's prefix). */
const field = () => screen.getByTestId('playground-editor').querySelector('input[id^="pg-"]') as HTMLInputElement;
const jsonBox = () => screen.getByRole('textbox', { name: /as JSON/ }) as HTMLTextAreaElement;
const toJson = () => fireEvent.click(screen.getByText('JSON'));
const toForm = () => fireEvent.click(screen.getByText('Form'));

/** A call_tool the test answers when it wants. */
function deferredCalls(host: FakeHost) {
  const pending: { callId: string; resolve: (r: McpCallToolResult) => void; reject: (e: AppErrorShape) => void }[] = [];
  host.handle('mcp.call_tool', (input) => new Promise((resolve, reject) => pending.push({ callId: input.callId!, resolve, reject })));
  return pending;
}
const textResult = (callId: string, text: string, isError = false): McpCallToolResult => ({ callId, isError, content: [{ type: 'text', text }], durationMs: 12 });

afterEach(cleanup);

describe('playground: the generated form', { timeout: 120_000 }, () => {
  it('draws required marks, enums as selects, defaults, nested objects, arrays and anyOf choices', async () => {
    const setup = makeHost();
    renderPane(setup);
    await pickTool('rich');
    const editor = screen.getByTestId('playground-editor');
    expect(editor.dataset.mode).toBe('form');
    // Required: the mode field's label is marked; the optional count is not.
    const modeLabel = within(editor).getByText('mode', { selector: 'label' });
    expect(modeLabel.className).toContain('ant-form-item-required');
    expect(within(editor).getByText('count', { selector: 'label' }).className).not.toContain('ant-form-item-required');
    // The enum is a select showing its default; the integer holds its default.
    expect(within(editor).getAllByRole('combobox').length).toBeGreaterThanOrEqual(2);
    expect(editor.textContent).toContain('slow');
    expect((editor.querySelector('input#pg-rich_count, input[id$="count"]') as HTMLInputElement).value).toBe('3');
    // Nested object field, array with an add button, anyOf with its options.
    expect(within(editor).getByText('Depth')).toBeTruthy();
    expect(within(editor).getByRole('button', { name: /Add item/ })).toBeTruthy();
    expect(editor.textContent).toContain('By name');
    // Descriptions are shown as help.
    await pickTool('echo');
    expect(screen.getByTestId('playground-editor').textContent).toContain('What to say back');
    // The defaults are what the JSON holds.
    await pickTool('rich');
    toJson();
    expect(JSON.parse(jsonBox().value)).toEqual({ mode: 'slow', count: 3 });
  });

  it.each([
    ['cyclic', 'refers to itself'],
    ['union', 'accepts several types'],
    ['huge', 'too many choices'],
  ])('falls back to JSON with a note for a schema the form cannot draw (%s)', async (name, note) => {
    const setup = makeHost();
    renderPane(setup);
    await pickTool(name);
    expect(screen.getByTestId('playground-fallback').textContent).toContain(note);
    expect(screen.getByTestId('playground-editor').dataset.mode).toBe('json');
    fireEvent.change(jsonBox(), { target: { value: '{"anything": 1}' } });
    const calls = deferredCalls(setup.host);
    fireEvent.click(screen.getByTestId('playground-run'));
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    expect(setup.host.inputsOf('mcp.call_tool')[0]).toMatchObject({ toolName: name, args: { anything: 1 } });
  });
});

describe('playground: reads like an antd form', { timeout: 120_000 }, () => {
  it('puts labels above their fields without colons, names array items in words, and leaves a new item unmarked until a run', async () => {
    const setup = makeHost();
    renderPane(setup);
    await pickTool('rich');
    const editor = screen.getByTestId('playground-editor');
    const modeLabel = within(editor).getByText('mode', { selector: 'label' });
    expect(modeLabel.className).toContain('ant-form-item-no-colon');
    expect(modeLabel.closest('.ant-form-item')!.className).toContain('ant-form-item-vertical');

    fireEvent.click(within(editor).getByRole('button', { name: /Add item/ }));
    const item = await within(editor).findByLabelText('tags, item 1', {}, slow);
    expect(item.tagName).toBe('INPUT');
    expect(editor.querySelector('.ant-form-item-has-error')).toBeNull();
    // Once a run was refused the form checks as the person types; a new empty item still waits for the run.
    fireEvent.change(within(editor).getByLabelText('count'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('playground-run'));
    await screen.findByTestId('playground-invalid', {}, slow);
    // The run says what is wrong with the empty item in words.
    await waitFor(() => expect(within(editor).getByLabelText('tags, item 1').closest('.ant-form-item')!.textContent).toContain('Empty: fill it in or remove it'), slow);
    // The array's own title reads like the labels: no colon.
    expect(within(editor).getByText('tags', { selector: 'label' }).className).toContain('ant-form-item-no-colon');
    fireEvent.click(within(editor).getByRole('button', { name: /Add item/ }));
    expect(await within(editor).findByLabelText('tags, item 2', {}, slow)).toBeTruthy();
    expect(within(editor).getByLabelText('tags, item 2').closest('.ant-form-item')!.className).not.toContain('ant-form-item-has-error');
  });

  it('says what format a field expects instead of showing only its pattern, and focuses the first invalid field', async () => {
    const setup = makeHost();
    renderPane(setup);
    await pickTool('coded');
    const editor = screen.getByTestId('playground-editor');
    fireEvent.change(within(editor).getByLabelText('ref'), { target: { value: 'nope' } });
    fireEvent.change(within(editor).getByLabelText('code'), { target: { value: 'abc' } });
    within(editor).getByLabelText('note').focus();
    fireEvent.click(screen.getByTestId('playground-run'));
    await screen.findByTestId('playground-invalid', {}, slow);
    const code = within(editor).getByLabelText('code');
    await waitFor(() => expect(document.activeElement).toBe(code), slow);
    const codeItem = code.closest('.ant-form-item') as HTMLElement;
    await waitFor(() => expect(codeItem.textContent).toContain('Not in the expected format, for example “ABC-1234”'), slow);
    // The pattern is still there for whoever reads regular expressions, as a secondary line.
    expect(within(codeItem).getByTestId('pattern-detail').textContent).toBe('Pattern: ^[A-Z]{3}-\\d{4}$');
    const refItem = within(editor).getByLabelText('ref').closest('.ant-form-item') as HTMLElement;
    expect(refItem.textContent).toContain('Not in the expected format');
    expect(refItem.textContent).not.toContain('Must match');
    expect(setup.host.callCount('mcp.call_tool')).toBe(0);

    // In JSON the box is focused, and the list says the same words.
    toJson();
    fireEvent.click(screen.getByTestId('playground-run'));
    await waitFor(() => expect(document.activeElement).toBe(jsonBox()), slow);
    expect(screen.getByTestId('playground-json-issues').textContent).toContain('Not in the expected format, for example “ABC-1234”');
  });

  it('names tools by their titles in the picker, finds them by title, and brings the result into view when it arrives', async () => {
    const setup = makeHost();
    const calls = deferredCalls(setup.host);
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderPane(setup);
      const select = await screen.findByRole('combobox', { name: 'Tool to call' }, slow);
      fireEvent.mouseDown(select);
      fireEvent.change(select, { target: { value: 'once' } });
      const option = await waitFor(() => {
        const found = document.querySelector('.ant-select-item-option[title="rich"]');
        expect(found).not.toBeNull();
        return found!;
      }, slow);
      expect(option.textContent).toContain('Everything at once');
      expect(option.textContent).toContain('rich');
      fireEvent.click(option);
      await waitFor(() => expect(screen.getByTestId('playground-tool').textContent).toContain('Everything at once'), slow);
      expect(scrolled).toEqual([]);

      fireEvent.click(screen.getByTestId('playground-run'));
      await waitFor(() => expect(calls).toHaveLength(1), slow);
      act(() => calls[0]!.resolve(textResult(calls[0]!.callId, 'arrived')));
      await waitFor(() => expect(screen.getByTestId('tool-call-display').textContent).toContain('arrived'), slow);
      await waitFor(() => expect(scrolled.at(-1)).toBe(screen.getByTestId('playground-result')), slow);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });
});

describe('playground: raw JSON', { timeout: 120_000 }, () => {
  it('stays in sync with the form both ways, and keeps invalid JSON as typed', async () => {
    const setup = makeHost();
    renderPane(setup);
    await pickTool('echo');
    fireEvent.change(field(), { target: { value: 'from the form' } });
    toJson();
    expect(JSON.parse(jsonBox().value)).toEqual({ text: 'from the form' });

    fireEvent.change(jsonBox(), { target: { value: '{"text": "from JSON"}' } });
    toForm();
    await waitFor(() => expect(field().value).toBe('from JSON'), slow);

    toJson();
    fireEvent.change(jsonBox(), { target: { value: '{"text": "half' } });
    expect(screen.getByTestId('playground-json-error').textContent).toContain('Not valid JSON');
    expect(jsonBox().value).toBe('{"text": "half');
    // The form cannot be chosen until the JSON parses, so nothing typed is overwritten.
    toForm();
    expect(screen.getByTestId('playground-editor').dataset.mode).toBe('json');
    // Nor is it sent.
    fireEvent.click(screen.getByTestId('playground-run'));
    expect(setup.host.callCount('mcp.call_tool')).toBe(0);
    expect(jsonBox().value).toBe('{"text": "half');
    fireEvent.change(jsonBox(), { target: { value: '[1]' } });
    expect(screen.getByTestId('playground-json-error').textContent).toContain('must be a JSON object');
  });
});

describe('playground: running', { timeout: 120_000 }, () => {
  it('validates before sending: a missing required field is marked and nothing is sent', async () => {
    const setup = makeHost();
    renderPane(setup);
    await pickTool('echo');
    fireEvent.click(screen.getByTestId('playground-run'));
    expect(await screen.findByTestId('playground-invalid', {}, slow)).toHaveProperty('textContent', expect.stringContaining('1 problem'));
    await waitFor(() => expect(screen.getByTestId('playground-editor').textContent).toContain('Required'), slow);
    expect(setup.host.callCount('mcp.call_tool')).toBe(0);
    // In JSON the same problems are listed with their paths.
    toJson();
    expect(screen.getByTestId('playground-json-issues').textContent).toContain('text');
    fireEvent.change(jsonBox(), { target: { value: '{"text": "now"}' } });
    const calls = deferredCalls(setup.host);
    fireEvent.keyDown(jsonBox(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    expect(setup.host.inputsOf('mcp.call_tool')[0]).toMatchObject({ serverId: setup.id, toolName: 'echo', args: { text: 'now' } });
  });

  it("shows this call's progress only, cancels it on the server, and shows the result with its duration", async () => {
    const setup = makeHost();
    const calls = deferredCalls(setup.host);
    setup.host.handle('mcp.cancel_call', () => ({ cancelled: true }));
    renderPane(setup);
    await pickTool('rich');
    fireEvent.click(screen.getByTestId('playground-run'));
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    const { callId } = calls[0]!;
    expect(callId).toBeTruthy();
    expect(await screen.findByTestId('playground-progress', {}, slow)).toBeTruthy();

    // Another call's progress (the model's, another window's) is not this call's.
    act(() => setup.host.emit({ event: 'mcp.tool_progress', payload: { serverId: setup.id, toolName: 'rich', callId: 'someone-else', progress: 9, total: 10 } }));
    expect(screen.queryByTestId('playground-progress-text')).toBeNull();
    act(() => setup.host.emit({ event: 'mcp.tool_progress', payload: { serverId: setup.id, toolName: 'rich', callId, progress: 2, total: 5, message: 'step two' } }));
    await waitFor(() => expect(screen.getByTestId('playground-progress-text').textContent).toBe('Progress: 2 of 5 · step two'), slow);

    fireEvent.click(screen.getByTestId('playground-cancel'));
    await waitFor(() => expect(setup.host.inputsOf('mcp.cancel_call')).toEqual([{ callId }]), slow);
    act(() => calls[0]!.reject({ code: 'MCP_CANCELLED', message: 'cancelled', data: { callId } }));
    await waitFor(() => expect(screen.getByTestId('playground-result').querySelector('[data-testid="call-status"]')?.getAttribute('data-status')).toBe('cancelled'), slow);

    // The next call is a new one, with its own id, and its result arrives in the display.
    fireEvent.click(screen.getByTestId('playground-run'));
    await waitFor(() => expect(calls).toHaveLength(2), slow);
    expect(calls[1]!.callId).not.toBe(callId);
    act(() => calls[1]!.resolve(textResult(calls[1]!.callId, 'done')));
    await waitFor(() => expect(screen.getByTestId('playground-duration').textContent).toContain('12 ms'), slow);
    expect(screen.getByTestId('tool-call-display').textContent).toContain('done');
    expect(screen.getByTestId('playground-result').querySelector('[data-testid="call-status"]')?.getAttribute('data-status')).toBe('ok');
  });

  it("shows a task's status and message as it changes, and cancels it like any call", async () => {
    const setup = makeHost();
    const calls = deferredCalls(setup.host);
    setup.host.handle('mcp.cancel_call', () => ({ cancelled: true }));
    renderPane(setup);
    await pickTool('rich');
    fireEvent.click(screen.getByTestId('playground-run'));
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    const { callId } = calls[0]!;
    const progressText = () => screen.getByTestId('playground-progress-text').textContent;
    act(() => setup.host.emit({ event: 'mcp.tool_progress', payload: { serverId: setup.id, toolName: 'rich', callId, progress: 1, taskStatus: 'working', message: 'Gathering sources...' } }));
    await waitFor(() => expect(progressText()).toBe('Task running · Gathering sources...'), slow);
    act(() => setup.host.emit({ event: 'mcp.tool_progress', payload: { serverId: setup.id, toolName: 'rich', callId, progress: 2, taskStatus: 'input_required', message: 'Which one?' } }));
    await waitFor(() => expect(progressText()).toBe('Task waiting for your answer · Which one?'), slow);

    fireEvent.click(screen.getByRole('button', { name: /cancel/i }));
    await waitFor(() => expect(setup.host.inputsOf('mcp.cancel_call')).toEqual([{ callId }]), slow);
    act(() => calls[0]!.reject({ code: 'MCP_CANCELLED', message: 'cancelled', data: { callId } }));
    await waitFor(() => expect(screen.getByTestId('playground-result').querySelector('[data-testid="call-status"]')?.getAttribute('data-status')).toBe('cancelled'), slow);
    expect(screen.queryByTestId('playground-progress')).toBeNull();
  });

  it('treats isError as a failed call, not an exception', async () => {
    const setup = makeHost();
    setup.host.handle('mcp.call_tool', (input) => textResult(input.callId!, 'bad input', true));
    renderPane(setup);
    await pickTool('rich');
    fireEvent.click(screen.getByTestId('playground-run'));
    await waitFor(() => expect(screen.getByTestId('playground-result').querySelector('[data-testid="call-status"]')?.getAttribute('data-status')).toBe('toolError'), slow);
    expect(screen.getByTestId('tool-call-display').textContent).toContain('bad input');
  });
});

describe('playground: history', { timeout: 120_000 }, () => {
  const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  const writeText = vi.fn<(text: string) => Promise<void>>(async () => {});
  beforeEach(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    writeText.mockClear();
  });
  afterEach(() => {
    if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
    else Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('keeps every call, re-runs one (filling the form) and copies it as a CLI command or JSON', async () => {
    const setup = makeHost();
    setup.host.handle('mcp.call_tool', (input) => textResult(input.callId!, `said ${String(input.args?.text)}`));
    renderPane(setup);
    await pickTool('echo');
    fireEvent.change(field(), { target: { value: "it's $HOME" } });
    fireEvent.click(screen.getByTestId('playground-run'));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(1), slow);
    fireEvent.change(field(), { target: { value: 'second' } });
    fireEvent.click(screen.getByTestId('playground-run'));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(2), slow);
    await waitFor(() => expect(screen.getByTestId('tool-call-display').textContent).toContain('said second'), slow);

    // Newest first; the older one re-run fills the form with its arguments and runs them.
    const older = screen.getAllByTestId('history-entry')[1]!;
    fireEvent.click(within(older).getByRole('button', { name: /^Re-run echo: fill the form with this call/ }));
    await waitFor(() => expect(screen.getAllByTestId('history-entry')).toHaveLength(3), slow);
    expect(field().value).toBe("it's $HOME");
    expect(setup.host.inputsOf('mcp.call_tool').map((c) => c.args)).toEqual([{ text: "it's $HOME" }, { text: 'second' }, { text: "it's $HOME" }]);
    await waitFor(() => expect(screen.getByTestId('tool-call-display').textContent).toContain("said it's $HOME"), slow);

    fireEvent.click(within(screen.getAllByTestId('history-entry')[0]!).getByTestId('copy-cli'));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1), slow);
    // Single quotes keep $HOME literal; the quote inside is closed, escaped and reopened.
    expect(writeText.mock.calls[0]![0]).toBe(`elftia-mcp call ${setup.name} echo --args '{"text":"it'\\''s $HOME"}'`);

    fireEvent.click(within(screen.getAllByTestId('history-entry')[0]!).getByTestId('copy-json'));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2), slow);
    expect(JSON.parse(writeText.mock.calls[1]![0])).toMatchObject({ server: setup.name, tool: 'echo', arguments: { text: "it's $HOME" }, status: 'ok', durationMs: 12 });
  });
});

describe('playground: a disabled tool', { timeout: 120_000 }, () => {
  it('says why the call is refused and enables it and runs in one click', async () => {
    const setup = makeHost({ disabledTools: ['echo'] });
    setup.host.handle('mcp.call_tool', (input) => {
      if (setup.host.servers[0]!.disabledTools.includes(input.toolName)) {
        throw { code: 'MCP_TOOL_DISABLED', message: 'disabled', data: { toolName: input.toolName, serverName: setup.name } };
      }
      return textResult(input.callId!, 'ran');
    });
    renderPane(setup);
    await pickTool('echo');
    const notice = await screen.findByTestId('playground-disabled', {}, slow);
    expect(notice.textContent).toContain('refused while it is disabled');
    fireEvent.change(field(), { target: { value: 'hello' } });
    // Running anyway is refused by the host, and says so.
    fireEvent.click(screen.getByTestId('playground-run'));
    await waitFor(() => expect(screen.getByTestId('playground-result').querySelector('[data-testid="call-status"]')?.getAttribute('data-status')).toBe('failed'), slow);

    fireEvent.click(within(notice).getByRole('button', { name: 'Enable and run' }));
    await waitFor(() => expect(setup.host.inputsOf('mcp.update')).toEqual([{ id: setup.id, updates: { disabledTools: [] } }]), slow);
    await waitFor(() => expect(screen.getByTestId('tool-call-display').textContent).toContain('ran'), slow);
    expect(setup.host.inputsOf('mcp.call_tool').at(-1)).toMatchObject({ toolName: 'echo', args: { text: 'hello' } });
    await waitFor(() => expect(screen.queryByTestId('playground-disabled')).toBeNull(), slow);
  });
});

describe('playground: in the server detail', { timeout: 120_000 }, () => {
  function Opened({ id }: { id: string }) {
    const { openDetail } = useToolsTabNav();
    useEffect(() => openDetail(id, 'tools'), [openDetail, id]);
    return <ServerDetailDrawer />;
  }

  it("a tool row's Try opens the playground on that tool, and the form survives the drawer closing", async () => {
    const setup = makeHost();
    const view = renderWithProviders(
      <AntdApp>
        <ToolsTabNavProvider>
          <Opened id={setup.id} />
        </ToolsTabNavProvider>
      </AntdApp>,
      setup.host,
    );
    const rows = await screen.findAllByTestId('tool-row', {}, slow);
    const echoRow = rows.find((r) => r.dataset.toolName === 'echo')!;
    fireEvent.click(within(echoRow).getByRole('button', { name: 'Try echo in the playground' }));
    await waitFor(() => expect(screen.getByTestId('playground-tool').textContent).toContain('echo'), slow);
    fireEvent.change(field(), { target: { value: 'kept' } });
    view.unmount();

    renderWithProviders(
      <AntdApp>
        <Pane id={setup.id} tools={setup.tools} />
      </AntdApp>,
      setup.host,
    );
    await waitFor(() => expect(field().value).toBe('kept'), slow);
  });
});

describe('playground: an app link (elftia-mcp apps open)', { timeout: 120_000 }, () => {
  const link = (setup: ReturnType<typeof makeHost>, toolName: string, args: Record<string, unknown>) =>
    playgroundSessions.update(setup.id, (session) => ({ ...session, toolName, linked: { toolName, args } }));

  it('fills the linked arguments over the defaults and calls the tool once', async () => {
    const setup = makeHost();
    link(setup, 'rich', { mode: 'fast' });
    const calls = deferredCalls(setup.host);
    renderPane(setup);
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    expect(setup.host.inputsOf('mcp.call_tool')[0]).toMatchObject({ serverId: setup.id, toolName: 'rich', args: { mode: 'fast', count: 3 } });
    expect(screen.getByTestId('playground-tool').dataset.toolName).toBe('rich');
    expect(playgroundSessions.get(setup.id).linked).toBeUndefined();
  });

  it('marks each argument that does not fit the schema and calls nothing', async () => {
    const setup = makeHost();
    link(setup, 'coded', { code: 'abc' });
    renderPane(setup);
    expect(await screen.findByTestId('playground-invalid', {}, slow)).toHaveProperty('textContent', expect.stringContaining('1 problem'));
    await waitFor(() => expect(within(screen.getByTestId('playground-editor')).getByLabelText('code').closest('.ant-form-item')!.className).toContain('ant-form-item-has-error'), slow);
    expect(setup.host.callCount('mcp.call_tool')).toBe(0);
  });

  it('never calls a destructive tool before the person confirms, and not at all when they do not', async () => {
    const setup = makeHost();
    setup.tools.push(tool(setup.name, 'wipe', { type: 'object', properties: {} }, { annotations: { destructiveHint: true } }));
    link(setup, 'wipe', {});
    const calls = deferredCalls(setup.host);
    renderPane(setup);
    const dialog = (await screen.findByText(`Run “wipe” of “${setup.name}”?`, { selector: '.ant-modal-confirm-title' }, slow)).closest<HTMLElement>('.ant-modal')!;
    expect(dialog.textContent).toContain('marks it as destructive');
    expect(calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByText(`Run “wipe” of “${setup.name}”?`, { selector: '.ant-modal-confirm-title' })).toBeNull(), slow);
    expect(calls).toHaveLength(0);
    cleanup();

    link(setup, 'wipe', {});
    renderPane(setup);
    const again = (await screen.findByText(`Run “wipe” of “${setup.name}”?`, { selector: '.ant-modal-confirm-title' }, slow)).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(within(again).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(calls).toHaveLength(1), slow);
    expect(setup.host.inputsOf('mcp.call_tool')[0]).toMatchObject({ toolName: 'wipe', args: {} });
  });

  it('says so when the server does not offer the linked tool, and calls nothing', async () => {
    const setup = makeHost();
    link(setup, 'gone', {});
    renderPane(setup);
    expect((await screen.findByTestId('playground-link-problem', {}, slow)).textContent).toBe(`The link asks for “gone”, which “${setup.name}” does not offer, so nothing was called.`);
    expect(setup.host.callCount('mcp.call_tool')).toBe(0);
  });
});
