/** A running call's progress as the server reports it (this call's only), and how long it has run. */
import { Flex, Progress, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './CallStatusTag';
import type { Progress as CallProgress } from '../queries/useToolCall';

export function RunStatus({ startedAt, progress }: { startedAt: number; progress: CallProgress | undefined }) {
  const { t } = useTranslation(['playground', 'common']);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const percent = progress?.total ? Math.min(100, Math.round((progress.progress / progress.total) * 100)) : undefined;
  return (
    <Flex vertical gap={4} data-testid="playground-progress" role="status" aria-live="polite">
      <Flex align="center" gap="small">
        <Spin size="small" />
        <Typography.Text>{t('running', { elapsed: formatDuration(Math.max(0, now - startedAt)) })}</Typography.Text>
      </Flex>
      {progress ? (
        <>
          {percent !== undefined ? <Progress percent={percent} size="small" aria-label={t('progressLabel')} /> : null}
          <Typography.Text type="secondary" data-testid="playground-progress-text">
            {/* A task's statuses are counted, not measured: what it does now says more than a number. */}
            {progress.taskStatus
              ? t(`task.${progress.taskStatus}`)
              : progress.total !== undefined
                ? t('progressOf', { progress: progress.progress, total: progress.total })
                : t('progress', { progress: progress.progress })}
            {progress.message ? ` · ${progress.message}` : ''}
          </Typography.Text>
        </>
      ) : null}
    </Flex>
  );
}
