import { AppstoreOutlined, CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined, StopOutlined, SyncOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Flex, Tag, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatToolCallStatus } from '@shared/contracts/chat';
import { ToolCallDisplay } from '@renderer/components/ToolCallDisplay';
import { formatDuration } from '@renderer/components/tool-call/CallHeader';
import { usePutOffApproval } from '@renderer/features/server-requests/putOffApprovals';
import type { TranscriptApp } from '../hooks/useTranscriptApps';
import type { ChatEntry } from '../model/chatState';

const STATUS: Record<ChatToolCallStatus, { color: string; icon: React.ReactNode }> = {
  awaiting_approval: { color: 'warning', icon: <UserOutlined aria-hidden /> },
  running: { color: 'processing', icon: <SyncOutlined aria-hidden spin /> },
  done: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
  failed: { color: 'error', icon: <CloseCircleOutlined aria-hidden /> },
  denied: { color: 'default', icon: <ExclamationCircleOutlined aria-hidden /> },
  cancelled: { color: 'default', icon: <StopOutlined aria-hidden /> },
};

/**
 * One tool call of the chat: its own header (the chat has states a playground call has not:
 * waiting for the person, denied), then ToolCallDisplay for the arguments, progress and result,
 * and the call's MCP App when it shows one (useTranscriptApps says when), or, when the app is not
 * live, a way to show it.
 */
export function ChatToolCall({ entry, app, onShowApp }: { entry: Extract<ChatEntry, { kind: 'tool' }>; app?: TranscriptApp | undefined; onShowApp?: () => void }) {
  const { t } = useTranslation(['chat', 'toolCall', 'common']);
  // formatDuration speaks the tool call display's words, so it takes that namespace's t.
  const { t: tCall } = useTranslation(['toolCall', 'common']);
  const headingId = useId();
  const { call, progress } = entry;
  const duration = call.result?.durationMs;
  // "Decide later" closed its dialog: the decision waits here, where the call is, with the way back.
  const review = usePutOffApproval(call.callId);
  const waiting = call.status === 'awaiting_approval';
  const note = waiting ? (review ? t('call.putOffNote') : t('call.awaitingNote')) : call.status === 'denied' ? t('call.deniedNote') : undefined;
  const cancelled = call.status === 'cancelled';

  return (
    <section
      aria-labelledby={headingId}
      data-testid="chat-tool-call"
      data-call={call.callId}
      data-status={call.status}
      className={call.status === 'awaiting_approval' ? 'chat-call chat-call-waiting' : 'chat-call'}
    >
      <Flex vertical gap={8}>
        <Flex align="center" justify="space-between" gap={8} wrap>
          <Flex align="baseline" gap={8} className="call-title">
            <Typography.Text strong id={headingId} ellipsis={{ tooltip: call.toolName }} className="chat-call-tool">
              {call.toolName}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis={{ tooltip: call.serverName }} className="flex-rest">
              {t('toolCall:onServer', { server: call.serverName })}
            </Typography.Text>
          </Flex>
          <Flex align="center" gap={6}>
            <Tag color={STATUS[call.status].color} icon={STATUS[call.status].icon} data-testid="chat-call-status">
              {t(`call.status.${call.status}`)}
            </Tag>
            {duration !== undefined ? (
              <Typography.Text type="secondary" data-testid="chat-call-duration">
                <ClockCircleOutlined aria-hidden /> {formatDuration(tCall, duration)}
              </Typography.Text>
            ) : null}
          </Flex>
        </Flex>
        {note ? (
          <Flex align="center" gap="small" wrap>
            <Typography.Text type="secondary" role={waiting ? 'status' : undefined}>
              {note}
            </Typography.Text>
            {waiting && review ? (
              <Button size="small" type="primary" onClick={review} data-testid="chat-call-decide">
                {t('call.decide')}
              </Button>
            ) : null}
          </Flex>
        ) : null}
        {app && !app.live ? (
          <Flex align="center" gap="small" wrap data-testid="chat-app-asleep">
            <Typography.Text type="secondary">{t('app.asleep')}</Typography.Text>
            <Button size="small" icon={<AppstoreOutlined aria-hidden />} onClick={onShowApp}>
              {t('app.show')}
            </Button>
          </Flex>
        ) : null}
        <ToolCallDisplay
          header={false}
          call={{
            serverName: call.serverName,
            toolName: call.toolName,
            args: call.arguments,
            ...(call.result ? { result: call.result } : {}),
            ...(call.error ? { error: call.error } : {}),
            running: call.status === 'running',
            ...(progress ? { progress } : {}),
            ...(app?.live ? { app: { serverId: app.serverId, tool: app.tool, callKey: call.callId, cancelled } } : {}),
          }}
        />
      </Flex>
    </section>
  );
}
