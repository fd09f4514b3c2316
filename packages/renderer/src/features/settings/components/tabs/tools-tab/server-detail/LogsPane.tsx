import { CopyOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { App, Button, Checkbox, Flex, Input, Spin, Typography } from 'antd';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { McpServerLogStreamSchema, type McpServerLogStream } from '@shared/contracts/mcp-types';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useFollowLatest } from '@renderer/components/useFollowLatest';
import { useServerLog, type ShownLogLine } from './useServerLog';
import { logLineText } from '../logLineText';
import { dynamicStyle } from '@renderer/theme/dynamicStyle';

const STREAMS = McpServerLogStreamSchema.options;

const time = (at: number) => {
  const d = new Date(at);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
};

/**
 * The server's stderr, stdout noise and the host's notes about it, live. It follows new lines
 * while the person is at the bottom and stops following when they scroll up to read.
 */
export function LogsPane({ serverId }: { serverId: string }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { message } = App.useApp();
  const log = useServerLog(serverId);
  const [filter, setFilter] = useState('');
  const needle = useDeferredValue(filter.trim().toLowerCase());
  const [streams, setStreams] = useState<McpServerLogStream[]>([...STREAMS]);
  const [hiddenBefore, setHiddenBefore] = useState(0);

  // Search and Copy read the line the person sees: a host note in their language, not the English the log keeps.
  const shown = useMemo(
    () => log.lines.filter((l) => l.seq >= hiddenBefore && streams.includes(l.stream) && (!needle || logLineText(l, t).toLowerCase().includes(needle))),
    [log.lines, hiddenBefore, streams, needle, t],
  );
  const asText = (line: ShownLogLine) => `${time(line.at)} [${t(`detail.logs.stream.${line.stream}`)}] ${logLineText(line, t)}`;

  const { ref: scroller, onScroll, following, follow } = useFollowLatest(shown);
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 20,
    overscan: 20,
    getItemKey: (index) => shown[index]?.seq ?? index,
  });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(shown.map(asText).join('\n'));
      void message.success(t('detail.logs.copied', { count: shown.length }));
    } catch {
      void message.error(t('detail.logs.copyFailed'));
    }
  };

  return (
    <Flex vertical gap="small" data-testid="detail-logs" className="logs-pane">
      <Flex gap="small" align="center" wrap>
        <Input.Search
          allowClear
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          placeholder={t('detail.logs.filterPlaceholder')}
          aria-label={t('detail.logs.filter')}
          className="logs-search"
        />
        <Checkbox.Group<McpServerLogStream>
          aria-label={t('detail.logs.streams')}
          value={streams}
          onChange={setStreams}
          options={STREAMS.map((stream) => ({ value: stream, label: t(`detail.logs.stream.${stream}`) }))}
        />
        <Flex gap="small" className="push-end">
          <Button size="small" icon={<CopyOutlined aria-hidden />} disabled={shown.length === 0} onClick={() => void copy()}>
            {t('detail.logs.copy')}
          </Button>
          <Button size="small" disabled={shown.length === 0} onClick={() => setHiddenBefore(log.nextSeq())}>
            {t('detail.logs.clearView')}
          </Button>
        </Flex>
      </Flex>
      {log.error ? <ErrorAlert error={log.error} testId="logs-error" /> : null}
      {/* Tall enough to read, short enough that the toolbar and count stay on screen at 700 px. */}
      <div className="logs-frame">
        <div
          ref={scroller}
          onScroll={onScroll}
          role="log"
          aria-label={t('detail.logs.label')}
          aria-live="off"
          tabIndex={0}
          data-testid="log-lines"
          className="logs-lines"
        >
          {log.loading ? (
            <Flex justify="center" className="logs-loading">
              <Spin />
            </Flex>
          ) : shown.length === 0 ? (
            <Typography.Paragraph type="secondary" className="logs-empty">
              {log.lines.length === 0 ? t('detail.logs.empty') : t('detail.logs.noMatch')}
            </Typography.Paragraph>
          ) : (
            <div className="virtual-list" style={dynamicStyle({ height: virtualizer.getTotalSize() })}>
              {virtualizer.getVirtualItems().map((item) => {
                const line = shown[item.index]!;
                return (
                  <div
                    key={item.key}
                    ref={virtualizer.measureElement}
                    data-index={item.index}
                    data-testid="log-line"
                    data-stream={line.stream}
                    className="log-line"
                    style={dynamicStyle({ transform: `translateY(${item.start}px)` })}
                  >
                    <span className="text-tertiary">{time(line.at)} </span>
                    <span className={`log-stream-${line.stream}`}>{t(`detail.logs.stream.${line.stream}`)} </span>
                    {logLineText(line, t)}
                  </div>
                );
              })}
            </div>
          )}
        </div>
        {!following && shown.length > 0 ? (
          <Button
            size="small"
            type="primary"
            icon={<VerticalAlignBottomOutlined aria-hidden />}
            onClick={follow}
            className="follow-button"
          >
            {t('detail.logs.follow')}
          </Button>
        ) : null}
      </div>
      <Typography.Text type="secondary" data-testid="log-count">
        {t('detail.logs.count', { shown: shown.length, total: log.lines.length })}
        {following ? '' : ` · ${t('detail.logs.paused')}`}
      </Typography.Text>
    </Flex>
  );
}
