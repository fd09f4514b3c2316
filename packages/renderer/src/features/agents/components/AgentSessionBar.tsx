import { Flex, Select, Tag, Tooltip, Typography } from 'antd';
import type { AgentPreset } from '@shared/contracts/agents';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRoute } from '@renderer/data/useRoute';
import { useAgentSession } from '../hooks/useAgentSession';

const STATE_COLOR = { running: 'success', failed: 'error', stopped: 'default' } as const;

/**
 * The chat's agent: a picker that starts the preset's session (its session servers) for this chat
 * or ends it, and the running session's servers with their state and tools, for the chat header.
 * `onStarted` hands the preset to the chat, which takes its provider and model.
 */
export function AgentSessionBar({ chatId, onStarted }: { chatId: string; onStarted?: (preset: AgentPreset) => void }) {
  const { t } = useTranslation('agents');
  const agents = useRoute('agents.list');
  const { session, pending, error, start, end } = useAgentSession(chatId);

  const pick = async (agentId: string | undefined) => {
    if (!agentId) {
      await end();
      return;
    }
    const preset = agents.data?.find((agent) => agent.id === agentId);
    if ((await start(agentId)) && preset) onStarted?.(preset);
  };

  return (
    <Flex vertical gap={4} data-testid="agent-session">
      <Flex gap="small" align="center" wrap>
        <Typography.Text id={`agent-picker-${chatId}`}>{t('picker.label')}</Typography.Text>
        <Select
          aria-labelledby={`agent-picker-${chatId}`}
          className="agent-picker"
          size="small"
          allowClear
          placeholder={t('picker.none')}
          loading={pending || agents.isFetching}
          disabled={pending}
          value={session?.agentId}
          onChange={(value: string | undefined) => void pick(value)}
          options={(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name }))}
        />
        {session ? (
          <ul aria-label={t('picker.servers', { agent: session.agentName })} className="plain-list agent-session-servers" data-testid="agent-session-servers">
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
      {error ? <ErrorAlert error={error} testId="agent-session-error" /> : null}
    </Flex>
  );
}
