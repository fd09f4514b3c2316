import { Button, Drawer, Empty, Flex, Skeleton, Tabs, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { TRANSPORTS } from '@shared/transports';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { failureText } from '../server-list/failureText';
import { StateBadge } from '../server-list/StateBadge';
import type { RowState } from '../server-list/serverView';
import { hostReachable } from '@renderer/bridge/connection';
import { useHostConnection } from '@renderer/bridge/HostContext';
import { useRoute } from '@renderer/data/useRoute';
import { useToolsTabNav, type DetailPane } from '../ToolsTabNav';
import { PromptsPane, ResourcesPane } from './CatalogPanes';
import { DetailHeader } from './DetailHeader';
import { SignedInTag } from '../server-auth/SignedInTag';
import { LogsPane } from './LogsPane';
import { PlaygroundPane } from './playground/PlaygroundPane';
import { ToolsPane } from './ToolsPane';
import { ServerPreviewPane } from '../provider-preview/ServerPreviewPane';
import { VisibleText } from '@renderer/components/VisibleText';

/** Wide enough for a schema table beside its switches, never wider than the window allows. */
const DRAWER_SIZE = 'min(1040px, calc(100vw - 32px))';

/** One server, looked into: header (state, server info, actions), then its tools, prompts, resources and logs. */
export function ServerDetailDrawer() {
  const { t } = useTranslation(['settings/tools', 'common']);
  const nav = useToolsTabNav();
  const list = useRoute('mcp.list');
  const serverId = nav.detail?.serverId;
  const server = serverId ? list.data?.find((s) => s.id === serverId) : undefined;

  return (
    <Drawer
      open={nav.detail !== undefined}
      onClose={nav.closeDetail}
      size={DRAWER_SIZE}
      destroyOnHidden
      title={server ? <DetailTitle server={server} /> : t('detail.title')}
      data-testid="server-detail"
      styles={{ body: { paddingTop: 12 } }}
    >
      {nav.detail && server ? (
        <DetailBody key={server.id} server={server} pane={nav.detail.pane} />
      ) : list.isPending ? (
        <Skeleton active />
      ) : (
        <Empty description={t('detail.notFound')} />
      )}
    </Drawer>
  );
}

function DetailTitle({ server }: { server: McpServerRecord }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const status = useRoute('mcp.status');
  // While the host is away the last state read may no longer be true: say so, as the list rows do.
  const hostUp = hostReachable(useHostConnection());
  const live = status.data?.find((s) => s.id === server.id);
  const state: RowState = hostUp ? (live?.state ?? 'disconnected') : 'unknown';
  return (
    <Flex gap="small" align="center" style={{ minWidth: 0 }}>
      <Typography.Text strong ellipsis={{ tooltip: <VisibleText text={server.name} /> }} style={{ fontSize: 16, minWidth: 0 }} data-testid="detail-name">
        <VisibleText text={server.name} />
      </Typography.Text>
      <StateBadge state={state} details={live} testId="detail-state" reason={state === 'unknown' ? t('common:hostConnection.rowStateReason') : undefined} />
      <SignedInTag server={server} />
      {server.isActive ? null : <Tag style={{ marginInlineEnd: 0 }}>{t('list.inactive')}</Tag>}
      <Tag style={{ marginInlineEnd: 0 }}>{t(TRANSPORTS.get(server.type).displayKey)}</Tag>
    </Flex>
  );
}

/**
 * The panes. Tools, prompts and resources come from one mcp.discover (it connects the server:
 * opening the detail is the person asking to look inside); the logs do not need a connection, so
 * a server that fails to start still shows why.
 */
function DetailBody({ server, pane }: { server: McpServerRecord; pane: DetailPane }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const nav = useToolsTabNav();
  const discovery = useRoute('mcp.discover', { id: server.id });
  const data = discovery.data;

  const needsDiscovery = (render: () => ReactNode) =>
    discovery.error ? (
      <Flex vertical gap="small" align="flex-start">
        <ErrorAlert error={discovery.error} title={failureText(discovery.error, t, tErrors).hint ?? t('detail.discoverFailed')} testId="detail-discover-error" />
        <Flex gap="small">
          <Button onClick={() => void discovery.refetch()} loading={discovery.isFetching}>
            {t('detail.actions.retry')}
          </Button>
          <Button onClick={() => nav.openDetail(server.id, 'logs')}>{t('detail.actions.openLogs')}</Button>
        </Flex>
      </Flex>
    ) : data ? (
      render()
    ) : (
      <Skeleton active />
    );

  const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);
  const panes: { key: DetailPane; label: string; children: ReactNode }[] = [
    {
      key: 'tools',
      label: t('detail.tabs.tools') + count(data?.tools.length),
      children: needsDiscovery(() => <ToolsPane server={server} tools={data!.tools} invalidTools={data!.invalidTools} />),
    },
    {
      key: 'playground',
      label: t('playground.tab'),
      children: needsDiscovery(() => <PlaygroundPane server={server} tools={data!.tools} />),
    },
    {
      key: 'prompts',
      label: t('detail.tabs.prompts') + count(data && !data.errors.prompts ? data.prompts.length : undefined),
      children: needsDiscovery(() => <PromptsPane prompts={data!.prompts} error={data!.errors.prompts} />),
    },
    {
      key: 'resources',
      label: t('detail.tabs.resources') + count(data && !data.errors.resources ? data.resources.length : undefined),
      children: needsDiscovery(() => <ResourcesPane resources={data!.resources} error={data!.errors.resources} />),
    },
    {
      key: 'preview',
      label: t('preview.tab'),
      children: needsDiscovery(() => <ServerPreviewPane server={server} tools={data!.tools} />),
    },
    { key: 'logs', label: t('detail.tabs.logs'), children: <LogsPane serverId={server.id} /> },
  ];

  return (
    <Flex vertical gap="small">
      <DetailHeader server={server} discovery={discovery} />
      <Tabs activeKey={pane} onChange={(key) => nav.openDetail(server.id, key as DetailPane)} items={panes} />
    </Flex>
  );
}
