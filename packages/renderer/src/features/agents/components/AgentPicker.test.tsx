import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { AgentPresetSchema, type AgentPreset, type AgentSessionStatus } from '@shared/contracts/agents';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeHost } from '@renderer-testing/FakeHost';
import { renderWithProviders } from '@renderer-testing/renderWithApp';
import { SLOW } from '@renderer-testing/galleryTestkit';
import type { Language } from '@renderer/i18n/languages';
import { useAgentSession } from '../hooks/useAgentSession';
import { AgentPicker, AgentPickerPrompt, useAgentPicker } from './AgentPicker';

afterEach(cleanup);

const CHAT = 'chat-1';
const KIT = AgentPresetSchema.parse({ id: 'agent-kit', name: 'Kit', providerId: 'openai', model: 'gpt-test', sessionServers: { kit: { command: 'node', args: ['kit.js'] } } });

const FILES = AgentPresetSchema.parse({ id: 'builtin:files', builtin: true, name: 'Files', sessionServers: { files: { command: '{{node}}', args: ['{{builtin:filesystem}}', '{{folder}}'] } } });

const status = (state: 'running' | 'failed' | 'stopped', tools: string[]): AgentSessionStatus => ({
  chatId: CHAT,
  agentId: KIT.id,
  agentName: KIT.name,
  startedAt: new Date(0).toISOString(),
  servers: [{ name: 'kit', state, tools, ...(state === 'failed' && { error: { code: 'MCP_CONNECT_FAILED', message: 'exited with 1' } }) }],
});

/** Sessions in memory, answering as agents.session_* do: one per chat, started and ended on request. */
function sessionHost() {
  const sessions = new Map<string, AgentSessionStatus>();
  const host = new FakeHost()
    .handle('agents.list', () => [KIT, FILES])
    .handle('agents.session_status', ({ chatId }) => [...sessions.values()].filter((s) => s.chatId === chatId))
    .handle('agents.session_start', ({ chatId, agent, folder }) => {
      if (agent === FILES.id) {
        const started = { chatId, agentId: FILES.id, agentName: FILES.name, startedAt: new Date(0).toISOString(), servers: [{ name: `files ${folder}`, state: 'running' as const, tools: [] }] };
        sessions.set(chatId, started);
        return started;
      }
      if (agent !== KIT.id) throw { code: 'NOT_FOUND', message: 'no agent', data: { agent } };
      const started = { ...status('running', ['kit__echo', 'kit__add']), chatId };
      sessions.set(chatId, started);
      return started;
    })
    .handle('agents.session_end', ({ chatId }) => ({ ended: sessions.delete(chatId) }));
  return { host, sessions };
}

/** As the chat mounts it: the chat holds the session, the picker is in its header, the prompt in its body. */
function Bar({ onStarted }: { onStarted?: ((preset: AgentPreset) => void) | undefined }) {
  const picker = useAgentPicker(useAgentSession(CHAT), onStarted);
  return (
    <>
      <AgentPicker chatId={CHAT} picker={picker} />
      <AgentPickerPrompt picker={picker} />
    </>
  );
}

const render = (host: FakeHost, onStarted?: (preset: AgentPreset) => void, language: Language = 'en') =>
  renderWithProviders(
    <AntdApp>
      <Bar onStarted={onStarted} />
    </AntdApp>,
    host,
    language,
  );

const pick = async (label: string, name = 'Agent') => {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name }, SLOW));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).not.toBeNull(), SLOW);
  await act(async () => {
    fireEvent.click(document.querySelector(`.ant-select-item-option[title="${label}"]`)!);
  });
};
const servers = () => screen.getAllByTestId('agent-session-server').map((li) => `${li.dataset.state}: ${li.textContent}`);

describe('AgentPicker', { timeout: 120_000 }, () => {
  it('starts the picked preset for this chat, hands it on, follows its servers\' state and ends it when cleared', async () => {
    const { host, sessions } = sessionHost();
    const started: string[] = [];
    render(host, (preset) => started.push(`${preset.providerId}/${preset.model}`));
    await pick('Kit');
    await waitFor(() => expect(servers()).toEqual(['running: kit · running · 2 tools']), SLOW);
    expect(sessions.has(CHAT)).toBe(true);
    expect(started).toEqual(['openai/gpt-test']);

    // Another chat's session is not this one's.
    await act(async () => host.emit({ event: 'agents.session_state', payload: { chatId: 'other', session: null } }));
    expect(servers()).toHaveLength(1);
    await act(async () => host.emit({ event: 'agents.session_state', payload: { chatId: CHAT, session: status('failed', []) } }));
    expect(servers()).toEqual(['failed: kit · failed · 0 tools']);

    await act(async () => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Agent' }));
    });
    const clear = document.querySelector('.ant-select-clear')!;
    await act(async () => {
      fireEvent.mouseDown(clear);
      fireEvent.click(clear);
    });
    await waitFor(() => expect(screen.queryByTestId('agent-session-servers')).toBeNull(), SLOW);
    expect(sessions.has(CHAT)).toBe(false);
  });

  it('switching preset ends the running session first, even before the next one has its folder', async () => {
    const { host, sessions } = sessionHost();
    render(host);
    await pick('Kit');
    await waitFor(() => expect(servers()).toEqual(['running: kit · running · 2 tools']), SLOW);
    await pick('Files');
    await screen.findByLabelText('Folder for Files', {}, SLOW);
    expect(host.inputsOf('agents.session_end')).toEqual([{ chatId: CHAT }]);
    expect(sessions.size).toBe(0);
    expect(screen.queryByTestId('agent-session-servers')).toBeNull();
    // Picking the running preset again keeps its session.
    fireEvent.change(screen.getByLabelText('Folder for Files'), { target: { value: '/tmp/x' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    });
    await waitFor(() => expect(sessions.size).toBe(1), SLOW);
    await pick('Files');
    expect(host.inputsOf('agents.session_end')).toHaveLength(1);
    expect(host.inputsOf('agents.session_start')).toHaveLength(2);
  });

  it('shows a session that was already running, in Japanese', async () => {
    const { host, sessions } = sessionHost();
    sessions.set(CHAT, status('running', ['kit__echo']));
    render(host, undefined, 'ja');
    await waitFor(() => expect(servers()).toEqual(['running: kit · 実行中 · ツール 1 個']), SLOW);
  });

  it('shows a refused start as an error and starts nothing', async () => {
    const { host, sessions } = sessionHost();
    host.failures.set('agents.session_start', [{ code: 'VALIDATION_FAILED', message: 'folder: Required', data: { route: 'agents.session_start' } }]);
    const started: string[] = [];
    render(host, (preset) => started.push(preset.name));
    await pick('Kit');
    expect(await screen.findByTestId('agent-session-error', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('agent-session-servers')).toBeNull();
    expect(sessions.size).toBe(0);
    expect(started).toEqual([]);
  });

  it('asks for the folder a preset needs before its session starts, and starts it with that folder', async () => {
    const { host, sessions } = sessionHost();
    render(host);
    await pick('Files');
    const field = await screen.findByLabelText('Folder for Files', {}, SLOW);
    expect(sessions.size).toBe(0);
    expect(screen.getByRole('button', { name: 'Start' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(field, { target: { value: '/home/me/notes' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    });
    await waitFor(() => expect(servers()).toEqual(['running: files /home/me/notes · running · 0 tools']), SLOW);
    expect(screen.queryByTestId('agent-folder')).toBeNull();
  });
});
