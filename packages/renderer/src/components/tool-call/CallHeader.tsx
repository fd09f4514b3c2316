import { CheckCircleOutlined, ClockCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined, StopOutlined, SyncOutlined } from '@ant-design/icons';
import { Flex, Progress, Spin, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { McpToolProgress } from '@shared/contracts/mcp-types';
import { CopyButton } from './CopyButton';

/** `stopped`: no longer running, yet neither a result nor an error came (a caller that gave up waiting). */
export type CallStatus = 'running' | 'succeeded' | 'failed' | 'error' | 'stopped';
export type ToolCallProgress = Pick<McpToolProgress, 'progress' | 'total' | 'message' | 'taskStatus'>;

export function formatDuration(t: TFunction<['toolCall', 'common']>, ms: number): string {
  if (ms < 1000) return t('duration.ms', { value: Math.round(ms) });
  if (ms < 60_000) return t('duration.s', { value: (ms / 1000).toFixed(ms < 10_000 ? 2 : 1) });
  return t('duration.min', { min: Math.floor(ms / 60_000), s: Math.round((ms % 60_000) / 1000) });
}

const STATUS = {
  running: { color: 'processing', icon: <SyncOutlined aria-hidden spin /> },
  succeeded: { color: 'success', icon: <CheckCircleOutlined aria-hidden /> },
  failed: { color: 'error', icon: <CloseCircleOutlined aria-hidden /> },
  error: { color: 'error', icon: <ExclamationCircleOutlined aria-hidden /> },
  stopped: { color: 'default', icon: <StopOutlined aria-hidden /> },
} as const;

/** Tool and server, how the call went and how long it took, and "copy the whole result". */
export function CallHeader({
  headingId,
  toolName,
  serverName,
  status,
  durationMs,
  copyResult,
}: {
  headingId: string;
  toolName: string;
  serverName: string;
  status: CallStatus;
  durationMs?: number | undefined;
  copyResult?: (() => string) | undefined;
}) {
  const { t } = useTranslation(['toolCall', 'common']);
  return (
    <Flex align="center" justify="space-between" gap={8} wrap>
      <Flex align="baseline" gap={8} className="call-title">
        {/* The tool's name wins the room: the server's name gives way first. */}
        <Typography.Title level={5} id={headingId} className="call-title-tool" ellipsis={{ tooltip: toolName }}>
          {toolName}
        </Typography.Title>
        <Typography.Text type="secondary" ellipsis={{ tooltip: serverName }} className="flex-rest">
          {t('onServer', { server: serverName })}
        </Typography.Text>
      </Flex>
      <Flex align="center" gap={4} wrap>
        <Tag color={STATUS[status].color} icon={STATUS[status].icon} data-testid="tool-call-status">
          {t(`status.${status}`)}
        </Tag>
        {durationMs !== undefined ? (
          <Typography.Text type="secondary" data-testid="tool-call-duration">
            <ClockCircleOutlined aria-hidden /> {formatDuration(t, durationMs)}
          </Typography.Text>
        ) : null}
        {copyResult ? <CopyButton text={copyResult} label={t('copy.result')} testId="copy-result" /> : null}
      </Flex>
    </Flex>
  );
}

/** While the call runs: a spinner, and a progress bar once the server reports progress. */
export function RunningState({ progress }: { progress?: ToolCallProgress | undefined }) {
  const { t } = useTranslation(['toolCall', 'common']);
  const percent = progress?.total ? Math.min(100, Math.round((progress.progress / progress.total) * 100)) : undefined;
  return (
    <Flex vertical gap={4} data-testid="tool-call-running" role="status" aria-live="polite">
      <Flex align="center" gap={8}>
        <Spin size="small" />
        <Typography.Text>{progress?.message ?? t('running')}</Typography.Text>
      </Flex>
      {progress?.taskStatus ? (
        // A task's statuses are counted, not measured: what it does now says more than a number.
        <Typography.Text type="secondary" data-testid="tool-call-task-status">
          {t(`task.${progress.taskStatus}`)}
        </Typography.Text>
      ) : percent !== undefined ? (
        <Progress percent={percent} size="small" aria-label={t('progress', { progress: progress!.progress, total: progress!.total })} data-testid="tool-call-progress" />
      ) : progress ? (
        <Typography.Text type="secondary">{t('progressNoTotal', { progress: progress.progress })}</Typography.Text>
      ) : null}
    </Flex>
  );
}
