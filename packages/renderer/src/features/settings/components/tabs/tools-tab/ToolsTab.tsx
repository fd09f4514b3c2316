import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '../../../../../bridge/HostContext';
import { ErrorAlert } from '../../../../../components/ErrorAlert';
import { LiveEventsPanel } from './LiveEventsPanel';
import { ServerList } from './ServerList';
import { useConnectionStates } from './useConnectionStates';
import { useLiveEvents } from './useLiveEvents';
import { useServerList } from './useServerList';

/** Settings → Tools: the configured MCP servers and what the host is doing right now. */
export function ToolsTab() {
  const host = useHost();
  const { t } = useTranslation('settings/tools');
  const { servers, loading, error, reload } = useServerList(host);
  const { events, clear } = useLiveEvents(host);
  const states = useConnectionStates(host);

  const serverName = useCallback(
    (id: string) => servers?.find((server) => server.id === id)?.name ?? id,
    [servers],
  );

  return (
    <Flex vertical gap="middle">
      <Card
        size="small"
        title={servers ? `${t('title')} · ${t('list.count', { count: servers.length })}` : t('title')}
        extra={
          <Button size="small" icon={<ReloadOutlined />} onClick={reload} loading={loading}>
            {t('common:actions.refresh')}
          </Button>
        }
      >
        <Flex vertical gap="small">
          {error ? <ErrorAlert error={error} testId="servers-error" /> : null}
          <ServerList servers={servers} loading={loading} states={states} />
        </Flex>
      </Card>
      <LiveEventsPanel events={events} onClear={clear} serverName={serverName} />
    </Flex>
  );
}
