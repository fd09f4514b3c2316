import { Button, Flex, Input, Select, Tag, Tooltip, Typography } from 'antd';
import { AGENT_PLACEHOLDERS, type AgentPreset } from '@shared/contracts/agents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRoute } from '@renderer/data/useRoute';
import type { AgentSessionControl } from '../hooks/useAgentSession';
import { usePresetText } from '../hooks/usePresetText';

const STATE_COLOR = { running: 'success', failed: 'error', stopped: 'default' } as const;

/** Whether a preset's session servers want the folder the person picks (the Files preset's root). */
const needsFolder = (preset: AgentPreset) =>
  Object.values(preset.sessionServers).some((server) => [server.command, ...server.args, server.cwd ?? ''].some((part) => part.includes(AGENT_PLACEHOLDERS.folder)));

/**
 * The chat's agent: a picker that starts the preset's session (its session servers) for this chat
 * or ends it, shown in the chat's header with the running session's servers, their state and
 * tools (AgentPicker); what the picker waits for (a folder) and its errors show in the chat's body
 * (AgentPickerPrompt). The chat holds the session (`agent`, from useAgentSession); `onStarted`
 * hands the preset to the chat, which takes its provider and model.
 */
export function useAgentPicker(agent: AgentSessionControl, onStarted?: (preset: AgentPreset) => void) {
  const agents = useRoute('agents.list');
  const { session, start, end } = agent;
  const text = usePresetText();
  // A preset that needs a folder waits for it before its session starts.
  const [awaitingFolder, setAwaitingFolder] = useState<AgentPreset | undefined>();
  const [folder, setFolder] = useState('');

  const begin = async (preset: AgentPreset, chosenFolder?: string) => {
    if (await start(preset.id, chosenFolder)) {
      setAwaitingFolder(undefined);
      onStarted?.(preset);
    }
  };
  const pick = async (agentId: string | undefined) => {
    const preset = agents.data?.find((candidate) => candidate.id === agentId);
    setAwaitingFolder(undefined);
    if (preset && preset.id === session?.agentId) return;
    // The old preset's servers stop before anything else happens: none keeps running while the
    // person types the next one's folder, and the chat never runs under a preset it does not show.
    if (session) await end();
    if (!preset) return;
    if (needsFolder(preset)) setAwaitingFolder(preset);
    else await begin(preset);
  };
  return { agent, agents, text, awaitingFolder, folder, setFolder, begin, pick };
}

export type AgentPickerState = ReturnType<typeof useAgentPicker>;

/** The header part: the picker and the running session's servers. */
export function AgentPicker({ chatId, picker }: { chatId: string; picker: AgentPickerState }) {
  const { t } = useTranslation('agents');
  const { agent, agents, text, awaitingFolder, pick } = picker;
  const { session, pending } = agent;
  const running = agents.data?.find((candidate) => candidate.id === session?.agentId);
  const runningName = running ? text(running).name : session?.agentName;

  return (
    <Flex gap="small" align="center" data-testid="agent-session" className="min-w-0">
      <Typography.Text id={`agent-picker-${chatId}`}>{t('picker.label')}</Typography.Text>
      <Select
        aria-labelledby={`agent-picker-${chatId}`}
        className="agent-picker"
        size="small"
        allowClear
        placeholder={t('picker.none')}
        loading={pending || agents.isFetching}
        disabled={pending}
        value={awaitingFolder?.id ?? session?.agentId}
        onChange={(value: string | undefined) => void pick(value)}
        options={(agents.data ?? []).map((preset) => ({ value: preset.id, label: text(preset).name }))}
      />
      {session ? (
        <ul aria-label={t('picker.servers', { agent: runningName })} className="plain-list agent-session-servers" data-testid="agent-session-servers">
          {session.servers.map((server) => (
            <li key={server.name} data-testid="agent-session-server" data-state={server.state}>
              <Tooltip title={server.error?.message ?? (server.tools.length > 0 ? server.tools.join(', ') : undefined)}>
                <Tag color={STATE_COLOR[server.state]}>
                  {server.name} · {t(`picker.state.${server.state}`)} · {t('picker.tools', { count: server.tools.length })}
                </Tag>
              </Tooltip>
            </li>
          ))}
        </ul>
      ) : null}
    </Flex>
  );
}

/** The body part: the folder a picked preset waits for, and why a session did not start. */
export function AgentPickerPrompt({ picker }: { picker: AgentPickerState }) {
  const { t } = useTranslation('agents');
  const { agent, text, awaitingFolder, folder, setFolder, begin } = picker;
  const { pending, error } = agent;
  if (!awaitingFolder && !error) return null;
  return (
    <Flex vertical gap={4}>
      {awaitingFolder ? (
        <Flex gap="small" align="center" wrap data-testid="agent-folder">
          <Input
            size="small"
            className="agent-folder"
            aria-label={t('picker.folder', { agent: text(awaitingFolder).name })}
            placeholder={t('picker.folderPlaceholder')}
            value={folder}
            onChange={(event) => setFolder(event.target.value)}
            onPressEnter={() => folder.trim() && void begin(awaitingFolder, folder.trim())}
            spellCheck={false}
          />
          <Button size="small" type="primary" disabled={!folder.trim()} loading={pending} onClick={() => void begin(awaitingFolder, folder.trim())}>
            {t('picker.start')}
          </Button>
        </Flex>
      ) : null}
      {error ? <ErrorAlert error={error} testId="agent-session-error" /> : null}
    </Flex>
  );
}
