import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { AgentPresetSchema, type AgentSessionStatus } from '@shared/contracts/agents';
import type { ApprovalRequest, ChatToolCallEvent } from '@shared/contracts/chat';
import type { MCPTool } from '@shared/contracts/mcp-types';
import type { LlmProvider } from '@shared/contracts/providers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeHost, server } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { ToolsTabNavProvider, useToolsTabNav } from '@renderer/features/settings/components/tabs/tools-tab/ToolsTabNav';
import { ChatView } from './ChatView';
import { MODEL_CHOICE_KEYS } from '@renderer/data/modelChoice';
import { ApprovalDialog } from '@renderer/features/server-requests/ApprovalDialog';

const SLOW = { timeout: 15_000 };
const UNAUTHORIZED_SENTENCE = 'Not authorized.';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const click = async (element: Element) => {
  await act(async () => {
    fireEvent.click(element);
  });
};

const OPENAI: LlmProvider = { id: 'openai', name: 'OpenAI', hasKey: true, keyMask: '***', baseUrl: 'https://api.openai.com/v1' };
const LOCAL: LlmProvider = { id: 'openai-compatible', name: 'OpenAI-compatible', hasKey: false, baseUrl: 'http://127.0.0.1:11434/v1' };
const ANTHROPIC_NO_KEY: LlmProvider = { id: 'anthropic', name: 'Anthropic', hasKey: false };

const tool = (serverName: string, name: string, description = `${name} things`): MCPTool => ({
  id: `mcp__${serverName}__${name}`,
  name,
  description,
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
  serverId: `id-${serverName}`,
  serverName,
});

const TOOLS = [tool('files', 'read'), tool('files', 'write'), tool('web', 'fetch')];

function chatHost({ providers = [OPENAI, ANTHROPIC_NO_KEY], tools = TOOLS, models = { models: ['gpt-4.1', 'gpt-4.1-mini'], listed: true } } = {}) {
  const host = new FakeHost()
    .handle('providers.list', () => providers)
    .handle('mcp.list_all_tools', () => tools)
    .handle('chat.models', () => models)
    .handle('chat.send', () => ({ turnId: 'turn-1' }))
    .handle('chat.cancel', () => ({ cancelled: true }))
    .handle('chat.reset', () => ({ reset: true as const }));
  host.servers = [
    server({ name: 'files', type: 'stdio', config: { command: 'node' } }),
    server({ name: 'web', type: 'stdio', config: { command: 'node' } }),
    server({ name: 'off', type: 'stdio', config: { command: 'node' }, isActive: false }),
  ];
  return host;
}

function renderChat(host: FakeHost, language: 'en' | 'zh' | 'ja' = 'en') {
  return renderWithProviders(
    <ToolsTabNavProvider initialSection="chat">
      <ChatView />
    </ToolsTabNavProvider>,
    host,
    language,
  );
}

/** The remembered choice makes the view ready without driving antd's Select in jsdom. */
const remember = (providerId: string, model: string) => localStorage.setItem(MODEL_CHOICE_KEYS.chat, JSON.stringify({ providerId, model }));

async function send(text: string) {
  const input = screen.getByTestId('chat-input');
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    fireEvent.keyDown(input, { key: 'Enter' });
  });
}

const emit = (host: FakeHost, envelope: Parameters<FakeHost['emit']>[0]) =>
  act(() => {
    host.emit(envelope);
  });

function call(chatId: string, callId: string, status: ChatToolCallEvent['status'], extra: Partial<ChatToolCallEvent> = {}): ChatToolCallEvent {
  return { chatId, turnId: 'turn-1', callId, serverId: 'id-files', serverName: 'files', toolName: 'read', arguments: { text: 'a' }, status, ...extra };
}

async function readyChat(host = chatHost()) {
  remember('openai', 'gpt-4.1');
  renderChat(host);
  await waitFor(() => expect(screen.getByTestId('chat-tokens')).toBeTruthy(), SLOW);
  return host;
}

async function startTurn(host: FakeHost, text = 'hello') {
  await send(text);
  await waitFor(() => expect(host.inputsOf('chat.send')).toHaveLength(1), SLOW);
  return host.inputsOf('chat.send')[0]!.chatId;
}

describe('ChatView', () => {
  it('explains what is needed when no provider can be used, with the way to the keys', async () => {
    renderChat(chatHost({ providers: [ANTHROPIC_NO_KEY, { id: 'openai-compatible', name: 'OpenAI-compatible', hasKey: false }] }));
    const empty = await screen.findByTestId('chat-empty', {}, SLOW);
    await waitFor(() => expect(empty.getAttribute('data-ready')).toBe('false'), SLOW);
    expect(screen.getByTestId('chat-empty-keys')).toBeTruthy();
    expect(screen.getByTestId('chat-input-hint').textContent).toContain('Add a provider key or a local server first');
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
  });

  it('streams text, calls and text again in the order the events come, then sends the selection', async () => {
    const host = await readyChat();
    const chatId = await startTurn(host, 'read my file');
    expect(host.inputsOf('chat.send')[0]).toMatchObject({ providerId: 'openai', model: 'gpt-4.1', message: 'read my file', tools: { serverIds: ['id-files', 'id-web'], excludedToolIds: [] } });

    await emit(host, { event: 'chat.delta', payload: { chatId, turnId: 'turn-1', text: 'Let me ' } });
    await emit(host, { event: 'chat.delta', payload: { chatId, turnId: 'turn-1', text: '**look**.' } });
    await emit(host, { event: 'chat.tool_call', payload: call(chatId, 'c1', 'running') });
    await emit(host, { event: 'chat.delta', payload: { chatId, turnId: 'turn-1', text: 'It says hi.' } });
    // Another chat's text is not this one's.
    await emit(host, { event: 'chat.delta', payload: { chatId: 'other', turnId: 't', text: 'LEAK' } });

    const log = screen.getByTestId('chat-conversation');
    const order = [...log.querySelectorAll('[data-testid="chat-user"], [data-testid="chat-assistant"], [data-testid="chat-tool-call"]')].map(
      (element) => `${element.getAttribute('data-testid')}:${element.textContent?.slice(0, 12)}`,
    );
    expect(order).toEqual(['chat-user:read my file', 'chat-assistant:Let me look.', expect.stringMatching(/^chat-tool-call:read/), 'chat-assistant:It says hi.']);
    // Markdown, as tool results render it.
    expect(within(log).getByText('look').tagName).toBe('STRONG');
    expect(log.textContent).not.toContain('LEAK');
    expect(screen.getByTestId('chat-stop')).toBeTruthy();

    await emit(host, { event: 'chat.turn_end', payload: { chatId, turnId: 'turn-1', status: 'done' } });
    expect(screen.getByTestId('chat-send')).toBeTruthy();
    expect(screen.getByTestId('chat-tool-call').getAttribute('data-status')).toBe('cancelled');
  });

  it('shows a call’s MCP App in the transcript: the newest three live, an older one behind “Show app”; none for a call stopped before it ran (issue 32)', async () => {
    const show: MCPTool = { ...tool('files', 'show'), app: { resourceUri: 'ui://files/view.html', visibility: ['model', 'app'] } };
    const host = chatHost({ tools: [...TOOLS, show] }).handle('mcp.app_resource', ({ uri }) => ({ uri, html: '<p>app</p>', meta: {}, droppedCspDomains: [], permissions: { granted: [], undecided: [] } }));
    await readyChat(host);
    const chatId = await startTurn(host);
    const done = (callId: string) => call(chatId, callId, 'done', { toolName: 'show', result: { callId, content: [{ type: 'text', text: `result ${callId}` }], isError: false, durationMs: 5 } });
    for (const callId of ['c1', 'c2', 'c3', 'c4']) await emit(host, { event: 'chat.tool_call', payload: done(callId) });
    // Asked, then stopped before the person answered: it never ran, so it has no app.
    await emit(host, { event: 'chat.tool_call', payload: call(chatId, 'c5', 'awaiting_approval', { toolName: 'show' }) });
    await emit(host, { event: 'chat.tool_call', payload: call(chatId, 'c5', 'cancelled', { toolName: 'show' }) });
    const callOf = (callId: string) => screen.getAllByTestId('chat-tool-call').find((element) => element.dataset.call === callId)!;

    await waitFor(() => expect(screen.getAllByRole('region', { name: 'App from files' })).toHaveLength(3), SLOW);
    for (const callId of ['c2', 'c3', 'c4']) expect(within(callOf(callId)).getByRole('region', { name: 'App from files' })).toBeTruthy();
    expect(within(callOf('c5')).queryByRole('region', { name: 'App from files' })).toBeNull();
    // The oldest keeps its text result and offers its app back.
    const oldest = callOf('c1');
    expect(within(oldest).queryByRole('region', { name: 'App from files' })).toBeNull();
    expect(oldest.textContent).toContain('result c1');
    expect(within(oldest).getByTestId('chat-app-asleep').textContent).toContain('The app of this call is closed to keep the chat light');
    await click(within(oldest).getByRole('button', { name: 'Show app' }));
    await waitFor(() => expect(within(callOf('c1')).getByRole('region', { name: 'App from files' })).toBeTruthy(), SLOW);
    expect(screen.getAllByRole('region', { name: 'App from files' })).toHaveLength(4);
  });

  it('shows each state of a call, its progress by call id, its result and duration', async () => {
    const host = await readyChat();
    const chatId = await startTurn(host);
    await emit(host, { event: 'chat.tool_call', payload: call(chatId, 'c1', 'awaiting_approval') });
    const first = () => screen.getAllByTestId('chat-tool-call').find((element) => element.dataset.call === 'c1')!;
    expect(within(first()).getByTestId('chat-call-status').textContent).toContain('Awaiting your approval');
    expect(first().textContent).toContain('Waiting for your approval in the dialog.');

    await emit(host, { event: 'chat.tool_call', payload: call(chatId, 'c1', 'running') });
    await emit(host, { event: 'chat.tool_call', payload: call(chatId, 'c2', 'running', { toolName: 'write' }) });
    const second = () => screen.getAllByTestId('chat-tool-call').find((element) => element.dataset.call === 'c2')!;
    await emit(host, { event: 'mcp.tool_progress', payload: { serverId: 'id-files', toolName: 'write', callId: 'c2', progress: 3, total: 4, message: 'Writing page 3' } });
    await emit(host, { event: 'mcp.tool_progress', payload: { serverId: 'id-files', toolName: 'read', callId: 'not-ours', progress: 1, total: 2, message: 'Elsewhere' } });
    expect(second().textContent).toContain('Writing page 3');
    expect(within(second()).getByRole('progressbar')).toBeTruthy();
    expect(first().textContent).not.toContain('Writing page 3');
    expect(screen.queryByText('Elsewhere')).toBeNull();

    await emit(host, {
      event: 'chat.tool_call',
      payload: call(chatId, 'c1', 'done', { result: { callId: 'c1', content: [{ type: 'text', text: 'file body' }], isError: false, durationMs: 1500 } }),
    });
    expect(within(first()).getByTestId('chat-call-status').textContent).toContain('Done');
    expect(within(first()).getByTestId('chat-call-duration').textContent).toContain('1.50 s');
    expect(first().textContent).toContain('file body');

    await emit(host, { event: 'chat.tool_call', payload: call(chatId, 'c2', 'denied') });
    expect(within(second()).getByTestId('chat-call-status').textContent).toContain('Denied');
    expect(second().textContent).toContain('You denied this call; the model was told.');
    expect(within(second()).queryByRole('progressbar')).toBeNull();

    await emit(host, { event: 'chat.tool_call', payload: call(chatId, 'c3', 'failed', { error: { code: 'MCP_TIMEOUT', message: 'raw timeout', data: { timeoutMs: 1000 } } }) });
    const third = screen.getAllByTestId('chat-tool-call').find((element) => element.dataset.call === 'c3')!;
    expect(within(third).getByTestId('chat-call-status').textContent).toContain('Failed');
    expect(within(third).getByTestId('tool-call-error')).toBeTruthy();
  });

  it('stops a running turn and says so; a failed turn shows the translated error', async () => {
    const host = await readyChat();
    const chatId = await startTurn(host);
    await emit(host, { event: 'chat.tool_call', payload: call(chatId, 'c1', 'running') });
    await click(screen.getByTestId('chat-stop'));
    await waitFor(() => expect(host.inputsOf('chat.cancel')).toEqual([{ chatId }]), SLOW);
    await emit(host, { event: 'chat.tool_call', payload: call(chatId, 'c1', 'cancelled') });
    await emit(host, { event: 'chat.turn_end', payload: { chatId, turnId: 'turn-1', status: 'cancelled' } });
    expect(screen.getByTestId('chat-turn-cancelled')).toBeTruthy();
    expect(screen.getByTestId('chat-tool-call').getAttribute('data-status')).toBe('cancelled');
    expect(screen.getByTestId('chat-send')).toBeTruthy();

    await send('again');
    await waitFor(() => expect(host.inputsOf('chat.send')).toHaveLength(2), SLOW);
    await emit(host, { event: 'chat.turn_end', payload: { chatId, turnId: 'turn-2', status: 'failed', error: { code: 'UNAUTHORIZED', message: 'HTTP 401 from api' } } });
    const alert = screen.getByTestId('chat-turn-error');
    expect(alert.textContent).toContain('The model could not answer');
    // The sentence for the code, the host's own words only in the details.
    expect(alert.textContent).toContain(UNAUTHORIZED_SENTENCE);
  });

  it('keeps the message and offers Stop when the chat is busy', async () => {
    const host = await readyChat();
    host.failures.set('chat.send', [{ code: 'CHAT_BUSY', message: 'busy', data: {} }]);
    await send('are you there');
    await waitFor(() => expect(screen.getByTestId('chat-error').textContent).toContain('This chat is still answering'), SLOW);
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('are you there');
    expect(screen.queryByTestId('chat-user')).toBeNull();
    expect(screen.getByTestId('chat-stop')).toBeTruthy();
  });

  it('Shift+Enter is a new line, not a send', async () => {
    const host = await readyChat();
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'line one' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    });
    expect(host.inputsOf('chat.send')).toHaveLength(0);
  });

  it('New chat forgets the old chat in the host and here, and uses a new id', async () => {
    const host = await readyChat();
    const first = await startTurn(host);
    await emit(host, { event: 'chat.delta', payload: { chatId: first, turnId: 'turn-1', text: 'old answer' } });
    await emit(host, { event: 'chat.turn_end', payload: { chatId: first, turnId: 'turn-1', status: 'done' } });
    await click(screen.getByTestId('chat-new'));
    await waitFor(() => expect(host.inputsOf('chat.reset')).toEqual([{ chatId: first }]), SLOW);
    expect(screen.getByTestId('chat-empty')).toBeTruthy();
    // A late event of the old chat does not come back.
    await emit(host, { event: 'chat.delta', payload: { chatId: first, turnId: 'turn-1', text: 'late' } });
    expect(screen.queryByText('late')).toBeNull();

    await send('fresh');
    await waitFor(() => expect(host.inputsOf('chat.send')).toHaveLength(2), SLOW);
    expect(host.inputsOf('chat.send')[1]!.chatId).not.toBe(first);
  });

  describe('under an agent preset', () => {
    // May use the person's "files" server (by name) without its write tool; brings one session tool.
    const KIT = AgentPresetSchema.parse({ id: 'agent-kit', name: 'Kit', serverIds: ['Files'], excludedToolIds: ['mcp__files__write'], sessionServers: { kit: { command: 'node' } } });
    const running = (chatId: string): AgentSessionStatus => ({
      chatId,
      agentId: KIT.id,
      agentName: KIT.name,
      startedAt: new Date(0).toISOString(),
      servers: [{ name: 'kit', state: 'running', tools: ['kit__echo'] }],
    });
    /** The first chat the window asks about has Kit running (started before it looked); session_end ends it. */
    function agentChatHost() {
      const sessions = new Map<string, AgentSessionStatus>();
      let seeded = false;
      const host = chatHost()
        .handle('agents.list', () => [KIT])
        .handle('agents.session_status', ({ chatId }) => {
          if (!seeded && chatId) sessions.set(chatId, running(chatId));
          seeded = true;
          return [...sessions.values()].filter((s) => s.chatId === chatId);
        })
        .handle('agents.session_end', ({ chatId }) => {
          const ended = sessions.delete(chatId);
          if (ended) host.emit({ event: 'agents.session_state', payload: { chatId, session: null } });
          return { ended };
        });
      return { host, sessions };
    }

    it("counts and sends the preset's servers and tools with its session tools", async () => {
      const { host } = agentChatHost();
      await readyChat(host);
      // files/read (files/write is off for Kit, web is not Kit's) and kit__echo, of the same.
      await waitFor(() => expect(screen.getByTestId('chat-open-tools').textContent).toContain('Tools: 2 of 2'), SLOW);
      await startTurn(host);
      expect(host.inputsOf('chat.send')[0]!.tools).toEqual({ serverIds: ['id-files'], excludedToolIds: [] });
    });

    it("says in the empty chat that the preset's session tools run without asking, only when its approval allows every call", async () => {
      const { host } = agentChatHost();
      host.handle('agents.list', () => [{ ...KIT, approval: 'allow_all' }]);
      await readyChat(host);
      await waitFor(() => expect(screen.getByTestId('chat-empty').textContent).toContain("The agent's own session tools run without asking (“Allow every call”)."), SLOW);
      // Ask first (Kit's own): the line is not there.
      cleanup();
      const asking = agentChatHost();
      await readyChat(asking.host);
      await waitFor(() => expect(screen.getByTestId('chat-open-tools').textContent).toContain('Tools: 2 of 2'), SLOW);
      expect(screen.getByTestId('chat-empty').textContent).not.toContain('run without asking');
    });

    it('New chat ends the running session and the new chat starts without the preset', async () => {
      const { host, sessions } = agentChatHost();
      await readyChat(host);
      await waitFor(() => expect(screen.getAllByTestId('agent-session-server')).toHaveLength(1), SLOW);
      const [first] = [...sessions.keys()];
      await click(screen.getByTestId('chat-new'));
      await waitFor(() => expect(host.inputsOf('chat.reset')).toEqual([{ chatId: first }]), SLOW);
      // Ended by the window before the chat was forgotten, and nothing of Kit is left on screen.
      expect(host.inputsOf('agents.session_end')).toEqual([{ chatId: first }]);
      expect(sessions.size).toBe(0);
      expect(screen.queryByTestId('agent-session-servers')).toBeNull();
      expect(screen.getByTestId('chat-open-tools').textContent).toContain('Tools: 3 of 3');
      await send('fresh');
      await waitFor(() => expect(host.inputsOf('chat.send')).toHaveLength(1), SLOW);
      expect(host.inputsOf('chat.send')[0]!.tools.serverIds).toEqual(['id-files', 'id-web']);
    });
  });

  it('falls back to a text field with the quiet reason when the provider lists no models', async () => {
    remember('openai-compatible', '');
    const host = chatHost({
      providers: [LOCAL],
      models: { models: [], listed: false, reason: { code: 'MCP_CONNECT_FAILED', message: 'ECONNREFUSED', data: {} } } as never,
    });
    renderChat(host);
    const input = await screen.findByTestId('chat-model-input', {}, SLOW);
    expect((await screen.findByTestId('chat-model-reason', {}, SLOW)).textContent).toContain('No model list:');
    expect(screen.getByTestId('chat-input-hint').textContent).toContain('Choose or type a model first');
    fireEvent.change(input, { target: { value: 'llama3.1:8b' } });
    expect(JSON.parse(localStorage.getItem(MODEL_CHOICE_KEYS.chat)!)).toEqual({ providerId: 'openai-compatible', model: 'llama3.1:8b' });
    await send('hi');
    await waitFor(() => expect(host.inputsOf('chat.send')[0]).toMatchObject({ providerId: 'openai-compatible', model: 'llama3.1:8b' }), SLOW);
  });

  it('does not call the tools too large for an OpenAI-compatible server, whose context it cannot know: a hint, and the picker', async () => {
    remember('openai-compatible', 'llama3.1');
    // 40 tools with long descriptions: more than a local server's 4,096-token default context, fine for a 128k one.
    const many = Array.from({ length: 40 }, (_, index) => tool('files', `tool_${index}`, 'x'.repeat(600)));
    renderChat(chatHost({ providers: [LOCAL], tools: many }));
    const warning = await screen.findByTestId('chat-budget-warning', {}, SLOW);
    expect(warning.className).toContain('ant-alert-info');
    expect(warning.textContent).toContain("How much context OpenAI-compatible has is the server's own setting: local servers (Ollama, LM Studio) often start with 4,096 tokens.");
    expect(warning.textContent).not.toContain('refused');
    expect(screen.getByTestId('chat-budget').getAttribute('data-fit')).toBe('unsure');
    expect(screen.getByTestId('chat-tokens').className).not.toContain('error');

    await click(within(warning).getByRole('button', { name: 'Choose tools' }));
    const picker = await screen.findByTestId('chat-tool-picker', {}, SLOW);
    await click(within(picker).getByTestId('chat-tools-none'));
    await waitFor(() => expect(screen.queryByTestId('chat-budget-warning')).toBeNull(), SLOW);
    expect(screen.getByTestId('chat-budget').getAttribute('data-fit')).toBe('fits');
  });

  it('counts OpenAI tools against its 128-tool limit', async () => {
    remember('openai', 'gpt-4.1');
    const many = Array.from({ length: 130 }, (_, index) => tool('files', `t${index}`));
    renderChat(chatHost({ tools: many }));
    const warning = await screen.findByTestId('chat-budget-warning', {}, SLOW);
    expect(warning.textContent).toContain('130 tools is more than OpenAI accepts (128)');
  });

  it('sends the servers and tools chosen in the picker', async () => {
    const host = await readyChat();
    await click(screen.getByTestId('chat-open-tools'));
    const picker = await screen.findByTestId('chat-tool-picker', {}, SLOW);
    const box = (testId: string, attribute: string, value: string): HTMLInputElement => {
      const element = within(picker)
        .getAllByTestId(testId)
        .find((candidate) => candidate.getAttribute(`data-${attribute}`) === value)!;
      return element instanceof HTMLInputElement ? element : element.querySelector('input')!;
    };
    // The inactive server is not offered at all.
    expect(within(picker).queryByText('off')).toBeNull();
    await click(box('chat-tools-tool', 'tool', 'mcp__files__write'));
    await click(box('chat-tools-server', 'server', 'id-web'));
    expect(box('chat-tools-server', 'server', 'id-files')).toHaveProperty('indeterminate', true);
    expect(within(picker).getByRole('status').textContent).toContain('1 of 3 tools on');
    expect(screen.getByTestId('chat-open-tools').textContent).toContain('Tools: 1 of 3');

    await startTurn(host);
    expect(host.inputsOf('chat.send')[0]!.tools).toEqual({ serverIds: ['id-files'], excludedToolIds: ['mcp__files__write'] });
  });

  it('finds servers and tools by name, title or description in the picker, and says when nothing matches', async () => {
    await readyChat();
    await click(screen.getByTestId('chat-open-tools'));
    const picker = await screen.findByTestId('chat-tool-picker', {}, SLOW);
    const shown = () => ({
      servers: within(picker).queryAllByTestId('chat-tools-server').map((box) => box.getAttribute('data-server')),
      tools: within(picker).queryAllByTestId('chat-tools-tool').map((box) => box.getAttribute('data-tool')),
    });
    const search = within(picker).getByRole('textbox', { name: 'Search servers and tools' });
    fireEvent.change(search, { target: { value: 'WRITE' } });
    expect(shown()).toEqual({ servers: ['id-files'], tools: ['mcp__files__write'] });
    // By description ("fetch things"), and a server's name brings all its tools.
    fireEvent.change(search, { target: { value: 'fetch thing' } });
    expect(shown()).toEqual({ servers: ['id-web'], tools: ['mcp__web__fetch'] });
    fireEvent.change(search, { target: { value: ' files ' } });
    expect(shown()).toEqual({ servers: ['id-files'], tools: ['mcp__files__read', 'mcp__files__write'] });
    fireEvent.change(search, { target: { value: 'nothing-like-it' } });
    expect(shown()).toEqual({ servers: [], tools: [] });
    expect(within(picker).getByTestId('chat-tools-no-match').textContent).toBe('No server or tool matches “nothing-like-it”.');
    // The count stays the chat's, not the search's.
    expect(within(picker).getByRole('status').textContent).toContain('3 of 3 tools on');
  });

  it('after "Decide later" the waiting decision shows in the chat, on the call and above the message field, and comes back from there', async () => {
    remember('openai', 'gpt-4.1');
    const host = chatHost().handle('chat.approvals', () => []);
    renderWithProviders(
      <AntdApp>
        <ApprovalDialog>
          <ToolsTabNavProvider initialSection="chat">
            <ChatView />
          </ToolsTabNavProvider>
        </ApprovalDialog>
      </AntdApp>,
      host,
    );
    await waitFor(() => expect(screen.getByTestId('chat-tokens')).toBeTruthy(), SLOW);
    const chatId = await startTurn(host);
    const approval: ApprovalRequest = { requestId: 'req-1', chatId, callId: 'c1', serverId: 'id-files', serverName: 'files', toolName: 'read', arguments: { text: 'a' }, reason: 'untrusted' };
    await emit(host, { event: 'chat.tool_call', payload: call(chatId, 'c1', 'awaiting_approval') });
    await emit(host, { event: 'chat.approval_request', payload: approval });
    // The dialog's own "Decide later" (its name is also the × button's, so by test id).
    const later = () => screen.findByTestId('approval-later', {}, SLOW);
    await later();
    // While the dialog shows, the chat points to it and offers nothing more.
    expect(screen.getByTestId('chat-tool-call').textContent).toContain('Waiting for your approval in the dialog.');
    expect(screen.queryByTestId('chat-put-off')).toBeNull();

    await click(await later());
    await waitFor(() => expect(screen.queryByTestId('approval-later')).toBeNull(), SLOW);
    const card = screen.getByTestId('chat-tool-call');
    expect(card.textContent).toContain('You put this decision aside. The model waits until you decide.');
    expect(screen.getByTestId('chat-put-off').textContent).toContain('A tool call waits for your decision: read.');

    await click(within(card).getByRole('button', { name: 'Decide now' }));
    await click(await later());
    await waitFor(() => expect(screen.queryByTestId('approval-later')).toBeNull(), SLOW);
    await click(within(screen.getByTestId('chat-put-off')).getByRole('button', { name: 'Decide now' }));
    expect((await screen.findByTestId('approval-tool', {}, SLOW)).textContent).toBe('read');
  });

  it('"Try with a model" on one server turns only its tools on, until the person widens it', async () => {
    remember('openai', 'gpt-4.1');
    const host = chatHost();
    function TryWeb() {
      const nav = useToolsTabNav();
      return (
        <>
          <button onClick={() => nav.openChat('id-web')}>try web</button>
          {nav.section === 'chat' ? <ChatView /> : null}
        </>
      );
    }
    renderWithProviders(
      <ToolsTabNavProvider initialSection="servers">
        <TryWeb />
      </ToolsTabNavProvider>,
      host,
    );
    await click(screen.getByText('try web'));
    const focus = await screen.findByTestId('chat-focus', {}, SLOW);
    expect(focus.textContent).toContain('Only the tools of web are on');
    await waitFor(() => expect(screen.getByTestId('chat-open-tools').textContent).toContain('Tools: 1 of 3'), SLOW);
    await startTurn(host);
    expect(host.inputsOf('chat.send')[0]!.tools).toEqual({ serverIds: ['id-web'], excludedToolIds: [] });

    await click(within(focus).getByRole('button', { name: 'Use all servers' }));
    expect(screen.queryByTestId('chat-focus')).toBeNull();
    expect(screen.getByTestId('chat-open-tools').textContent).toContain('Tools: 3 of 3');
  });
});
