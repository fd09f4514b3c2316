import { Empty, Flex, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import type { McpConnectionState, McpServerRecord, McpServerStatus } from '@shared/contracts/mcp-types';
import { useTranslation } from 'react-i18next';
import { serverTarget } from './describeServer';

const TRANSPORT_COLORS: Record<McpServerRecord['type'], string> = {
  stdio: 'geekblue',
  sse: 'purple',
  http: 'cyan',
  websocket: 'magenta',
};

const STATE_COLORS: Record<McpConnectionState, string> = {
  connected: 'success',
  connecting: 'processing',
  error: 'error',
  disconnected: 'default',
};

interface ServerListProps {
  /** Undefined until the first answer arrives. */
  servers: McpServerRecord[] | undefined;
  loading: boolean;
  states: ReadonlyMap<string, McpServerStatus>;
}

/** An active server shows its connection state (the error on hover); an inactive one says so. */
function StateTag({ server, status }: { server: McpServerRecord; status: McpServerStatus | undefined }) {
  const { t } = useTranslation('settings/tools');
  if (!server.isActive) {
    return (
      <Tag data-testid="server-state" data-state="inactive">
        {t('list.inactive')}
      </Tag>
    );
  }
  const state = status?.state ?? 'disconnected';
  const tag = (
    <Tag data-testid="server-state" data-state={state} color={STATE_COLORS[state]} tabIndex={status?.error ? 0 : undefined}>
      {t(`list.state.${state}`)}
    </Tag>
  );
  return status?.error ? <Tooltip title={status.error}>{tag}</Tooltip> : tag;
}

export function ServerList({ servers, loading, states }: ServerListProps) {
  const { t } = useTranslation('settings/tools');
  const { token } = theme.useToken();

  let body;
  if (servers === undefined) {
    body = loading ? <Spin description={t('list.loading')} /> : null;
  } else if (servers.length === 0) {
    body = (
      <div data-testid="servers-empty">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text strong>{t('empty.title')}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('empty.description')}</Typography.Text>
            </>
          }
        />
      </div>
    );
  } else {
    body = (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {servers.map((server) => {
          const target = serverTarget(server);
          return (
            <li
              key={server.id}
              data-testid="server-row"
              data-server-name={server.name}
              style={{ padding: `${token.paddingSM}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}
            >
              <Flex gap="small" align="center" wrap>
                <Typography.Text strong>{server.name}</Typography.Text>
                <Tag color={TRANSPORT_COLORS[server.type]}>{t(`transport.${server.type}`)}</Tag>
                <StateTag server={server} status={states.get(server.id)} />
              </Flex>
              <Typography.Paragraph type="secondary" style={{ margin: `${token.marginXXS}px 0 0` }}>
                {t(target.kind === 'command' ? 'list.command' : 'list.url')}:{' '}
                {target.text ? <Typography.Text code>{target.text}</Typography.Text> : t('list.notSet')}
              </Typography.Paragraph>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <section data-testid="server-list" aria-label={t('list.label')} aria-busy={loading}>
      {body}
    </section>
  );
}
