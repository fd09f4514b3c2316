import { ClearOutlined } from '@ant-design/icons';
import { Button, Card, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { HTML_LANG, isLanguage, SOURCE_LANGUAGE } from '@renderer/i18n/languages';
import { summarizeEvent } from './summarizeEvent';
import type { LiveEvent } from './types';

export function LiveEventsPanel({
  events,
  onClear,
  serverName,
}: {
  events: LiveEvent[];
  onClear: () => void;
  serverName: (id: string) => string;
}) {
  const { t, i18n } = useTranslation(['settings/tools', 'common']);
  const { token } = theme.useToken();
  const language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : SOURCE_LANGUAGE;
  const time = new Intl.DateTimeFormat(HTML_LANG[language], { hour: '2-digit', minute: '2-digit', second: '2-digit' });

  return (
    <Card
      size="small"
      title={t('events.title')}
      extra={
        <Button size="small" icon={<ClearOutlined />} onClick={onClear} disabled={events.length === 0}>
          {t('common:actions.clear')}
        </Button>
      }
    >
      {events.length === 0 ? <Typography.Text type="secondary">{t('events.empty')}</Typography.Text> : null}
      {/* role="log" announces new entries politely; tabIndex lets keyboard users scroll it. */}
      <ol
        data-testid="event-log"
        role="log"
        aria-label={t('events.label')}
        tabIndex={0}
        className="elftia-scroll-region"
        style={{ listStyle: 'none', margin: 0, padding: 0, maxHeight: 240, overflowY: 'auto' }}
      >
        {events.map(({ id, receivedAt, envelope }) => (
          <li key={id} data-testid="event-entry" style={{ padding: `${token.paddingXXS}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}>
            <Typography.Text type="secondary">
              <time dateTime={new Date(receivedAt).toISOString()}>{time.format(receivedAt)}</time>
            </Typography.Text>{' '}
            <Typography.Text code>{envelope.event}</Typography.Text> {summarizeEvent(envelope, t, serverName)}
          </li>
        ))}
      </ol>
    </Card>
  );
}
