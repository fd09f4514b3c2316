import { Empty, Flex, Spin, Tag, Typography, theme } from 'antd';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { useTranslation } from 'react-i18next';
import { serverTarget } from './describeServer';

const TRANSPORT_COLORS: Record<McpServerRecord['type'], string> = {
  stdio: 'geekblue',
  sse: 'purple',
  http: 'cyan',
  websocket: 'magenta',
};

/** The configured servers; `servers` is undefined until the first answer arrives. */
export function ServerList({ servers, loading }: { servers: McpServerRecord[] | undefined; loading: boolean }) {
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
                <Tag color={server.isActive ? 'success' : 'default'}>{t(server.isActive ? 'list.active' : 'list.inactive')}</Tag>
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
