import { Drawer, Empty, Flex, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { TRANSPORTS } from '@shared/transports';
import { StateBadge } from '../server-list/StateBadge';
import type { RowState } from '../server-list/serverView';
import { hostReachable } from '@renderer/bridge/connection';
import { useHostConnection } from '@renderer/bridge/HostContext';
import { LazyBoundary } from '@renderer/components/lazy/LazyBoundary';
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';
import { useRoute } from '@renderer/data/useRoute';
import { useToolsTabNav } from '../ToolsTabNav';
import { SignedInTag } from '../server-auth/SignedInTag';
import { VisibleText } from '@renderer/components/VisibleText';

/** The drawer opens at once; what is inside it loads the first time a server is looked into. */
const DetailBody = lazyComponent(() => import('./DetailBody').then((m) => m.DetailBody));

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
      classNames={{ body: 'detail-body' }}
    >
      {nav.detail && server ? (
        <LazyBoundary key={server.id}>
          <DetailBody server={server} pane={nav.detail.pane} />
        </LazyBoundary>
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
    <Flex gap="small" align="center" className="min-w-0">
      <Typography.Text strong ellipsis={{ tooltip: <VisibleText text={server.name} /> }} className="text-lg min-w-0" data-testid="detail-name">
        <VisibleText text={server.name} />
      </Typography.Text>
      <StateBadge state={state} details={live} testId="detail-state" reason={state === 'unknown' ? t('common:hostConnection.rowStateReason') : undefined} />
      <SignedInTag server={server} />
      {server.isActive ? null : <Tag>{t('list.inactive')}</Tag>}
      <Tag>{t(TRANSPORTS.get(server.type).displayKey)}</Tag>
    </Flex>
  );
}
