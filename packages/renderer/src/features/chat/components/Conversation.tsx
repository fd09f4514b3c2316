import { ArrowDownOutlined, RobotOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { SafeMarkdown } from '@renderer/components/tool-call/SafeMarkdown';
import { useFollowLatest } from '@renderer/components/useFollowLatest';
import { useTranscriptApps, type TranscriptApps } from '../hooks/useTranscriptApps';
import type { ChatEntry } from '../model/chatState';
import { ChatToolCall } from './ChatToolCall';

/**
 * The messages, the answer as it streams and every tool call, following the newest line until
 * the person scrolls up to read; "Jump to latest" (or scrolling back down) follows again.
 */
export function Conversation({ entries, running, empty }: { entries: ChatEntry[]; running: boolean; empty: ReactNode }) {
  const { t } = useTranslation(['chat', 'common']);
  // `entries` is a new array on every event, the end of a turn included (the thinking line goes).
  const { ref, onScroll, following, follow } = useFollowLatest(entries);
  const blank = entries.length === 0;
  const apps = useTranscriptApps(entries);

  const last = entries.at(-1);
  const thinking = running && last?.kind !== 'assistant' && !(last?.kind === 'tool' && (last.call.status === 'running' || last.call.status === 'awaiting_approval'));

  return (
    <div className="chat-frame">
      <div
        ref={ref}
        onScroll={onScroll}
        role="log"
        aria-label={t('conversation')}
        aria-live="off"
        tabIndex={0}
        data-testid="chat-conversation"
        className="chat-conversation"
      >
        {blank ? (
          empty
        ) : (
          <Flex vertical gap="middle">
            {entries.map((entry) => (
              <EntryView key={entry.key} entry={entry} apps={apps} />
            ))}
            {thinking ? (
              <Flex align="center" gap={8} role="status" data-testid="chat-thinking">
                <Spin size="small" />
                <Typography.Text type="secondary">{t('thinking')}</Typography.Text>
              </Flex>
            ) : null}
          </Flex>
        )}
      </div>
      {!following && !blank ? (
        <Button
          size="small"
          shape="round"
          icon={<ArrowDownOutlined aria-hidden />}
          onClick={follow}
          className="follow-button chat-jump"
          data-testid="chat-jump"
        >
          {t('jump')}
        </Button>
      ) : null}
    </div>
  );
}

function EntryView({ entry, apps }: { entry: ChatEntry; apps: TranscriptApps }) {
  const { t } = useTranslation(['chat', 'common']);
  switch (entry.kind) {
    case 'user':
      return (
        <Flex justify="flex-end" data-testid="chat-user">
          <div
            aria-label={t('you')}
            className="chat-user-message"
          >
            {entry.text}
          </div>
        </Flex>
      );
    case 'assistant':
      return (
        <Flex gap={8} align="baseline" data-testid="chat-assistant">
          <RobotOutlined aria-label={t('model.label')} className="text-secondary" />
          <div className="min-w-0 flex-fill">
            <SafeMarkdown text={entry.text} />
          </div>
        </Flex>
      );
    case 'tool':
      return <ChatToolCall entry={entry} app={apps.of(entry.call.callId)} onShowApp={() => apps.show(entry.call.callId)} />;
    case 'turn_end':
      return entry.status === 'cancelled' ? (
        <Typography.Text type="secondary" data-testid="chat-turn-cancelled">
          <StopOutlined aria-hidden /> {t('stopped')}
        </Typography.Text>
      ) : entry.error ? (
        <ErrorAlert error={entry.error} title={t('turnFailed')} testId="chat-turn-error" />
      ) : (
        <Typography.Text type="danger" data-testid="chat-turn-error">
          {t('turnFailed')}
        </Typography.Text>
      );
  }
}
