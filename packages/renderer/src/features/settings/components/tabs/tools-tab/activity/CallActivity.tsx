import { ClearOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Drawer, Empty, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CallOriginSchema } from '@shared/contracts/mcp-types';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { ToolCallDisplay } from '@renderer/components/ToolCallDisplay';
import { formatDuration } from '@renderer/components/tool-call/CallHeader';
import { saveFile } from '@renderer/components/tool-call/download';
import { translateError } from '@renderer/components/translateError';
import { useRoute } from '@renderer/data/useRoute';
import { HTML_LANG, isLanguage, SOURCE_LANGUAGE } from '@renderer/i18n/languages';
import { callsAsJson, filterCalls, outcomeOf, serverFigures, type CallEntry, type CallFilter, type CallOutcome } from './callLog';
import { LatencyChart } from './LatencyChart';

const OUTCOMES: CallOutcome[] = ['succeeded', 'failed'];
const PAGE_SIZE = 20;

/**
 * Activity's calls: who made each (a person, a model in a chat, an agent), on which server and
 * tool, how long it took and how it ended; filterable, a latency and error chart per server, each
 * row linking to the call's full result (mcp.call_record), and the shown calls as JSON.
 */
export function CallActivity({ calls, onClear, serverName }: { calls: CallEntry[]; onClear: () => void; serverName: (id: string) => string }) {
  const { t, i18n } = useTranslation(['settings/tools', 'toolCall', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const { t: tCall } = useTranslation(['toolCall', 'common']);
  const [filter, setFilter] = useState<CallFilter>({});
  const [opened, setOpened] = useState<CallEntry | undefined>();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : SOURCE_LANGUAGE;
  const time = new Intl.DateTimeFormat(HTML_LANG[language], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

  const shown = useMemo(() => filterCalls(calls, filter), [calls, filter]);
  const figures = useMemo(() => serverFigures(shown), [shown]);
  const serverIds = useMemo(() => [...new Set(calls.map((call) => call.serverId))], [calls]);
  const toolNames = useMemo(
    () => [...new Set(calls.filter((call) => filter.serverId === undefined || call.serverId === filter.serverId).map((call) => call.toolName))].sort(),
    [calls, filter.serverId],
  );
  const set = (patch: CallFilter) => setFilter((previous) => ({ ...previous, ...patch }));
  const exportJson = () => saveFile(callsAsJson(shown, serverName), 'application/json', 'elftia-calls.json');

  const columns: TableColumnsType<CallEntry> = [
    {
      title: t('activity.calls.when'),
      dataIndex: 'endedAt',
      render: (endedAt: number) => <time dateTime={new Date(endedAt).toISOString()}>{time.format(endedAt)}</time>,
    },
    { title: t('activity.calls.by'), dataIndex: 'origin', render: (origin: CallEntry['origin']) => t(`activity.origin.${origin}`) },
    { title: t('activity.calls.server'), dataIndex: 'serverId', render: (id: string) => serverName(id) },
    { title: t('activity.calls.tool'), dataIndex: 'toolName', render: (name: string) => <Typography.Text code>{name}</Typography.Text> },
    { title: t('activity.calls.duration'), dataIndex: 'duration', align: 'end', render: (ms: number) => formatDuration(tCall, ms) },
    {
      title: t('activity.calls.result'),
      key: 'result',
      render: (_, call) => (
        <Flex vertical gap={2} align="start">
          <Tag color={call.success ? 'success' : 'error'} variant="filled" className="call-outcome">
            {t(`activity.outcome.${outcomeOf(call)}`)}
          </Tag>
          {call.error ? <Typography.Text type="danger">{translateError(tErrors, call.error)}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      title: <span className="visually-hidden">{t('activity.calls.open')}</span>,
      key: 'open',
      render: (_, call) => (
        <Button type="link" size="small" onClick={() => setOpened(call)} aria-label={t('activity.calls.openLabel', { tool: call.toolName, server: serverName(call.serverId) })}>
          {t('activity.calls.open')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('activity.calls.title')}
      data-testid="call-activity"
      extra={
        <Flex gap="small" align="center">
          <Button size="small" icon={<DownloadOutlined aria-hidden />} onClick={exportJson} disabled={shown.length === 0}>
            {t('activity.calls.export')}
          </Button>
          <Button size="small" icon={<ClearOutlined aria-hidden />} onClick={onClear} disabled={calls.length === 0}>
            {t('common:actions.clear')}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap="middle">
        <Flex gap="small" wrap role="group" aria-label={t('activity.filter.label')}>
          <Select
            size="small"
            allowClear
            className="call-filter"
            aria-label={t('activity.filter.server')}
            placeholder={t('activity.filter.allServers')}
            value={filter.serverId}
            onChange={(serverId?: string) => set({ serverId, toolName: undefined })}
            options={serverIds.map((id) => ({ value: id, label: serverName(id) }))}
          />
          <Select
            size="small"
            allowClear
            className="call-filter"
            aria-label={t('activity.filter.tool')}
            placeholder={t('activity.filter.allTools')}
            value={filter.toolName}
            onChange={(toolName?: string) => set({ toolName })}
            options={toolNames.map((name) => ({ value: name, label: name }))}
          />
          <Select
            size="small"
            allowClear
            className="call-filter"
            aria-label={t('activity.filter.by')}
            placeholder={t('activity.filter.anyone')}
            value={filter.origin}
            onChange={(origin?: CallEntry['origin']) => set({ origin })}
            options={CallOriginSchema.options.map((origin) => ({ value: origin, label: t(`activity.origin.${origin}`) }))}
          />
          <Select
            size="small"
            allowClear
            className="call-filter"
            aria-label={t('activity.filter.outcome')}
            placeholder={t('activity.filter.anyOutcome')}
            value={filter.outcome}
            onChange={(outcome?: CallOutcome) => set({ outcome })}
            options={OUTCOMES.map((outcome) => ({ value: outcome, label: t(`activity.outcome.${outcome}`) }))}
          />
        </Flex>
        {figures.length > 0 ? (
          <ul className="plain-list server-figures" aria-label={t('activity.figures.label')}>
            {figures.map((figure) => {
              const words = t('activity.figures.summary', {
                count: figure.calls,
                failed: figure.failed,
                median: formatDuration(tCall, figure.medianMs),
                max: formatDuration(tCall, figure.maxMs),
              });
              return (
                <li key={figure.serverId} className="server-figure" data-testid="server-figure" data-server={serverName(figure.serverId)}>
                  <Typography.Text strong>{serverName(figure.serverId)}</Typography.Text>
                  <LatencyChart figures={figure} label={t('activity.figures.chart', { server: serverName(figure.serverId) })} />
                  <Typography.Text type="secondary">{words}</Typography.Text>
                </li>
              );
            })}
          </ul>
        ) : null}
        {calls.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('activity.calls.empty')} />
        ) : (
          <Table<CallEntry>
            size="small"
            rowKey="callId"
            columns={columns}
            dataSource={shown}
            pagination={shown.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
            locale={{ emptyText: t('activity.calls.filteredEmpty') }}
            scroll={{ x: 'max-content' }}
            data-testid="call-table"
          />
        )}
      </Flex>
      <Drawer
        open={opened !== undefined}
        onClose={() => setOpened(undefined)}
        size="large"
        title={opened ? t('activity.record.title', { tool: opened.toolName, server: serverName(opened.serverId) }) : null}
        destroyOnHidden
      >
        {opened ? <CallRecordView call={opened} serverName={serverName} /> : null}
      </Drawer>
    </Card>
  );
}

/** The call's arguments and full result as the host kept them; a clear sentence once it let them go. */
function CallRecordView({ call, serverName }: { call: CallEntry; serverName: (id: string) => string }) {
  const record = useRoute('mcp.call_record', { callId: call.callId });
  if (record.error) return <ErrorAlert error={record.error} testId="call-record-error" />;
  if (!record.data) return null;
  const { args, result, error } = record.data;
  return <ToolCallDisplay call={{ serverName: serverName(call.serverId), toolName: call.toolName, args, result, error, running: false }} />;
}
