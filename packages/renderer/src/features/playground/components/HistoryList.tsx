/** The server's playground calls, newest first: what was sent, how it ended, and ways to repeat it. */
import { Button, Empty, Flex, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HISTORY_LIMIT, type HistoryEntry } from '../model/callHistory';
import { CallStatusTag, formatDuration } from './CallStatusTag';
import { cliCommand } from '../model/cliCommand';
import { useCopy } from '../hooks/useCopy';

interface HistoryListProps {
  entries: readonly HistoryEntry[];
  shownCallId: string | undefined;
  onShow: (entry: HistoryEntry) => void;
  onRerun: (entry: HistoryEntry) => void;
  onClear: () => void;
  running: boolean;
}

/** A call as JSON: what a bug report or another tool wants. */
export const callJson = (entry: HistoryEntry) =>
  JSON.stringify(
    {
      server: entry.serverName,
      tool: entry.toolName,
      arguments: entry.args,
      status: entry.status,
      startedAt: new Date(entry.startedAt).toISOString(),
      durationMs: entry.durationMs,
      ...(entry.result && { result: entry.result }),
      ...(entry.error && { error: entry.error }),
    },
    null,
    2,
  );

export function HistoryList({ entries, shownCallId, onShow, onRerun, onClear, running }: HistoryListProps) {
  const { t } = useTranslation(['playground', 'common']);
  const copy = useCopy();
  return (
    <Flex vertical gap={4} data-testid="playground-history">
      <Flex justify="space-between" align="center" gap="small">
        <Typography.Text strong>{t('history.title')}</Typography.Text>
        <Flex align="center" gap="small">
          <Typography.Text type="secondary" className="text-sm">
            {t('history.limit', { count: HISTORY_LIMIT })}
          </Typography.Text>
          <Button size="small" type="text" disabled={entries.length === 0 || running} onClick={onClear}>
            {t('common:actions.clear')}
          </Button>
        </Flex>
      </Flex>
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
      ) : (
        <ol aria-label={t('history.title')} className="plain-list">
          {entries.map((entry) => {
            const args = JSON.stringify(entry.args);
            const shown = entry.callId === shownCallId;
            return (
              <li
                key={entry.callId}
                data-testid="history-entry"
                data-call-id={entry.callId}
                aria-current={shown || undefined}
                className={shown ? 'history-entry history-entry-shown' : 'history-entry'}
              >
                <Flex align="center" gap="small" wrap>
                  <Typography.Text type="secondary" className="text-sm tabular">
                    {dayjs(entry.startedAt).format('HH:mm:ss')}
                  </Typography.Text>
                  {/* A button, not a bare link: it must be reachable with Tab. */}
                  <Button
                    type="link"
                    size="small"
                    onClick={() => onShow(entry)}
                    title={entry.toolName}
                    aria-label={t('history.show', { tool: entry.toolName })}
                    className="history-tool"
                  >
                    <span className="ellipsis">{entry.toolName}</span>
                  </Button>
                  <CallStatusTag status={entry.status} />
                  <Typography.Text type="secondary" className="text-sm">
                    {formatDuration(entry.durationMs)}
                  </Typography.Text>
                  <Flex gap={2} className="push-end">
                    <Button size="small" type="link" disabled={running} onClick={() => onRerun(entry)} aria-label={t('history.rerunLabel', { tool: entry.toolName })}>
                      {t('history.rerun')}
                    </Button>
                    <Button
                      size="small"
                      type="link"
                      onClick={() => void copy(cliCommand(entry.serverName, entry.toolName, entry.args), t('history.cliWhat'))}
                      data-testid="copy-cli"
                    >
                      {t('history.copyCli')}
                    </Button>
                    <Button size="small" type="link" onClick={() => void copy(callJson(entry), t('history.jsonWhat'))} data-testid="copy-json">
                      {t('history.copyJson')}
                    </Button>
                  </Flex>
                </Flex>
                <Tooltip title={args.length > 80 ? args : undefined}>
                  <Typography.Text code type="secondary" ellipsis className="block text-sm cap-width">
                    {args}
                  </Typography.Text>
                </Tooltip>
              </li>
            );
          })}
        </ol>
      )}
    </Flex>
  );
}
