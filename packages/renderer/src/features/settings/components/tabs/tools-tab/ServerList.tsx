import { Button, Empty, Flex, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import type { RouteOutput } from '@shared/contracts/ipc';
import type { McpConnectionState, McpServerRecord, McpServerStatus, McpServerTransport } from '@shared/contracts/mcp-types';
import { TRANSPORTS } from '@shared/transports';
import type { AppErrorShape } from '@shared/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@renderer/bridge/HostContext';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { serverTarget } from './describeServer';
import { useToolsTabNav } from './ToolsTabNav';

/** Tag colours by position in the transport table, so a new transport gets one without an edit here. */
const TRANSPORT_PALETTE = ['geekblue', 'purple', 'cyan', 'magenta', 'gold', 'lime', 'volcano'] as const;
const transportColor = (type: McpServerTransport) => TRANSPORT_PALETTE[TRANSPORTS.types.indexOf(type) % TRANSPORT_PALETTE.length];

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
  const { t } = useTranslation(['settings/tools', 'common']);
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

type Secrets = RouteOutput<'mcp.reveal_secrets'>;

const pairs = (map: Record<string, string> | undefined, separator: string) =>
  Object.entries(map ?? {})
    .map(([name, value]) => `${name}${separator}${value}`)
    .join(separator === '=' ? ' ' : ', ');

/**
 * One server. `mcp.list` sends env and header values masked and credentials in args and the URL
 * redacted; the real values are asked for (`mcp.reveal_secrets`) only when the person clicks
 * "Show secrets", and dropped again on "Hide secrets".
 */
function ServerRow({ server, status }: { server: McpServerRecord; status: McpServerStatus | undefined }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { token } = theme.useToken();
  const host = useHost();
  const [revealed, setRevealed] = useState<Secrets | undefined>();
  const [revealing, setRevealing] = useState(false);
  const [error, setError] = useState<AppErrorShape | undefined>();
  const nav = useToolsTabNav();

  const config = revealed ? { ...server.config, ...revealed } : server.config;
  const target = serverTarget({ ...server, config });
  const env = pairs(config.env, '=');
  const headers = pairs(config.headers, ': ');
  const hasSecrets = Boolean(env || headers || config.args?.length || config.url);

  const toggle = async () => {
    setError(undefined);
    if (revealed) {
      setRevealed(undefined);
      return;
    }
    setRevealing(true);
    const result = await host.request('mcp.reveal_secrets', { id: server.id });
    setRevealing(false);
    if (result.ok) setRevealed(result.data);
    else setError(result.error);
  };

  const line = { margin: `${token.marginXXS}px 0 0` };
  return (
    <li
      data-testid="server-row"
      data-server-name={server.name}
      style={{ padding: `${token.paddingSM}px 0`, borderBottom: `1px solid ${token.colorSplit}` }}
    >
      <Flex gap="small" align="center" wrap>
        <Typography.Text strong>{server.name}</Typography.Text>
        <Tag color={transportColor(server.type)}>{t(TRANSPORTS.get(server.type).displayKey)}</Tag>
        <StateTag server={server} status={status} />
        <Button size="small" type="link" aria-label={t('detail.open', { name: server.name })} onClick={() => nav.openDetail(server.id)}>
          {t('detail.openShort')}
        </Button>
        {hasSecrets ? (
          <Button size="small" type="link" loading={revealing} onClick={() => void toggle()}>
            {t(revealed ? 'list.hideSecrets' : 'list.showSecrets')}
          </Button>
        ) : null}
      </Flex>
      <Typography.Paragraph type="secondary" style={line}>
        {t(target.kind === 'command' ? 'list.command' : 'list.url')}:{' '}
        {target.text ? <Typography.Text code>{target.text}</Typography.Text> : t('list.notSet')}
      </Typography.Paragraph>
      {env ? (
        <Typography.Paragraph type="secondary" style={line}>
          {t('list.env')}: <Typography.Text code>{env}</Typography.Text>
        </Typography.Paragraph>
      ) : null}
      {headers ? (
        <Typography.Paragraph type="secondary" style={line}>
          {t('list.headers')}: <Typography.Text code>{headers}</Typography.Text>
        </Typography.Paragraph>
      ) : null}
      {error ? <ErrorAlert error={error} /> : null}
    </li>
  );
}

export function ServerList({ servers, loading, states }: ServerListProps) {
  const { t } = useTranslation(['settings/tools', 'common']);

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
        {servers.map((server) => (
          <ServerRow key={server.id} server={server} status={states.get(server.id)} />
        ))}
      </ul>
    );
  }

  return (
    <section data-testid="server-list" aria-label={t('list.label')} aria-busy={loading}>
      {body}
    </section>
  );
}
