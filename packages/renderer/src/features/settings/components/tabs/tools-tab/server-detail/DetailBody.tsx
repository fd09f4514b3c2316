import { Button, Flex, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { LazyBoundary } from '@renderer/components/lazy/LazyBoundary';
import { useRoute } from '@renderer/data/useRoute';
import { PlaygroundPane } from '@renderer/features/playground';
import { ServerPreviewPane } from '@renderer/features/provider-preview';
import { failureText } from '../server-list/failureText';
import { useToolsTabNav, type DetailPane } from '../ToolsTabNav';
import { PromptsPane, ResourcesPane } from './CatalogPanes';
import { DetailHeader } from './DetailHeader';
import { LogsPane } from './LogsPane';
import { ToolsPane } from './ToolsPane';

// The schema form library and the provider converters load only when their pane is opened (both are lazy parts).

/**
 * The panes. Tools, prompts and resources come from one mcp.discover (it connects the server:
 * opening the detail is the person asking to look inside); the logs do not need a connection, so
 * a server that fails to start still shows why.
 */
export function DetailBody({ server, pane }: { server: McpServerRecord; pane: DetailPane }) {
  const { t } = useTranslation(['settings/tools', 'playground', 'providerPreview', 'common']);
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
      label: t('playground:tab'),
      children: needsDiscovery(() => (
        <LazyBoundary>
          <PlaygroundPane server={server} tools={data!.tools} />
        </LazyBoundary>
      )),
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
      label: t('providerPreview:tab'),
      children: needsDiscovery(() => (
        <LazyBoundary>
          <ServerPreviewPane server={server} tools={data!.tools} />
        </LazyBoundary>
      )),
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
