import { ClearOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppErrorShape } from '@shared/errors';
import { failureText } from './server-list/failureText';
import { HTML_LANG, isLanguage, SOURCE_LANGUAGE } from '@renderer/i18n/languages';
import { EVENT_KINDS, eventKind, summarizeEvent, type EventKind } from './summarizeEvent';
import type { LiveEvent } from './types';

/** Tag colours per kind; antd's preset colours keep AA contrast in both themes. */
const KIND_COLOR: Record<EventKind, string> = {
  connection: 'blue',
  servers: 'purple',
  calls: 'green',
  output: 'default',
  installs: 'gold',
  notices: 'orange',
};

/** The Activity section: what the host is doing, in words, newest first, filterable by kind. */
export function LiveEventsPanel({
  events,
  onClear,
  serverName,
}: {
  events: LiveEvent[];
  onClear: () => void;
  serverName: (id: string) => string;
}) {
  const { t, i18n } = useTranslation(['settings/tools', 'serverRequests', 'chat', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const explainFailure = (failure: AppErrorShape) => {
    const text = failureText(failure, t, tErrors);
    return text.hint ?? text.summary;
  };
  const [kinds, setKinds] = useState<EventKind[]>([]);
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : SOURCE_LANGUAGE;
  const time = new Intl.DateTimeFormat(HTML_LANG[language], { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  const shown = useMemo(() => (kinds.length === 0 ? events : events.filter((e) => kinds.includes(eventKind(e.envelope)))), [events, kinds]);

  return (
    <Card
      size="small"
      title={t('events.title')}
      extra={
        <Flex gap="small" align="center">
          <Select
            mode="multiple"
            size="small"
            allowClear
            aria-label={t('events.filter.label')}
            placeholder={t('events.filter.all')}
            value={kinds}
            onChange={setKinds}
            className="event-filter"
            maxTagCount="responsive"
            options={EVENT_KINDS.map((kind) => ({ value: kind, label: t(`events.filter.${kind}`) }))}
            data-testid="event-filter"
          />
          <Button size="small" icon={<ClearOutlined aria-hidden />} onClick={onClear} disabled={events.length === 0}>
            {t('common:actions.clear')}
          </Button>
        </Flex>
      }
    >
      {shown.length === 0 ? <Typography.Text type="secondary">{t(events.length === 0 ? 'events.empty' : 'events.filteredEmpty')}</Typography.Text> : null}
      {/* aria-live announces new entries politely (role="log" would unmake the list its items need); tabIndex lets keyboard users scroll it. */}
      <ol
        data-testid="event-log"
        aria-live="polite"
        aria-label={t('events.label')}
        tabIndex={0}
        className="elftia-scroll-region plain-list event-log"
      >
        {shown.map(({ id, receivedAt, envelope }) => {
          const kind = eventKind(envelope);
          return (
            <li
              key={id}
              data-testid="event-entry"
              data-kind={kind}
              className="event-entry"
            >
              <Typography.Text type="secondary">
                <time dateTime={new Date(receivedAt).toISOString()}>{time.format(receivedAt)}</time>
              </Typography.Text>{' '}
              <Tag color={KIND_COLOR[kind]} variant="filled">
                {t(`events.kind.${kind}`)}
              </Tag>
              {summarizeEvent(envelope, t, serverName, explainFailure)}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
