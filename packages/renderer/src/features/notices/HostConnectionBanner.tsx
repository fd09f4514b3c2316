import { LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { hostReachable } from '../../bridge/connection';
import { useHost, useHostConnection } from '../../bridge/HostContext';

/** What restarts the host: `npm start` serves browser mode where Electron cannot run. */
const RESTART_COMMAND = 'npm start';

/**
 * Browser mode only in effect (the Electron bridge is always 'up'): the host that served this page
 * has stopped, or was restarted with a new token. Says so above everything, with how to bring it
 * back; the bridge keeps retrying on its own and the person can ask for a retry now.
 */
export function HostConnectionBanner() {
  const { t } = useTranslation();
  const host = useHost();
  const connection = useHostConnection();
  if (hostReachable(connection)) return null;

  const retry = (
    <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => host.connection.retry()} data-testid="host-retry">
      {t('hostConnection.retry')}
    </Button>
  );

  return (
    <section aria-label={t('hostConnection.regionLabel')} data-testid="host-connection" data-connection={connection} className="host-banner">
      {connection === 'down' ? (
        <Alert
          type="error"
          showIcon
          title={t('hostConnection.down.title')}
          action={retry}
          description={
            <Flex vertical gap={4}>
              <span>{t('hostConnection.down.description')}</span>
              <span>
                {t('hostConnection.down.restart')}{' '}
                <Typography.Text code copyable data-testid="host-restart-command">
                  {RESTART_COMMAND}
                </Typography.Text>
              </span>
              <span>{t('hostConnection.down.recovers')}</span>
              <Typography.Text type="secondary" role="status">
                <LoadingOutlined aria-hidden /> {t('hostConnection.retrying')}
              </Typography.Text>
            </Flex>
          }
        />
      ) : (
        <Alert type="warning" showIcon title={t('hostConnection.rejected.title')} description={t('hostConnection.rejected.description')} action={retry} />
      )}
    </section>
  );
}
