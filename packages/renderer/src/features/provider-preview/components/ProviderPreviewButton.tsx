import { EyeOutlined } from '@ant-design/icons';
import { Button, Drawer, Skeleton, Tooltip, Typography } from 'antd';
import { Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { VisibleText } from '@renderer/components/VisibleText';
import { LazyBoundary } from '@renderer/components/lazy/LazyBoundary';
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';
import { useRoute } from '@renderer/data/useRoute';
import { assignToolIds } from '@mcp-common/toolIds';

/** The preview (and the provider converters it runs) loads when the drawer first opens. */
const ProviderPreview = lazyComponent(() => import('./ProviderPreview').then((m) => m.ProviderPreview));

/** As wide as the server detail: the same rows, the same JSON. */
const DRAWER_SIZE = 'min(1040px, calc(100vw - 32px))';

/**
 * "Provider preview" for the servers list: every enabled tool of every active server, as one
 * request would carry them. mcp.list_all_tools gives ids made per server; the request assigns
 * them across all servers (`assignToolIds`, as ToolsLoader does), which only differs when two
 * servers' tools would collide.
 */
export function ProviderPreviewButton() {
  const { t } = useTranslation(['providerPreview', 'common']);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('openHelp')}>
        <Button size="small" icon={<EyeOutlined aria-hidden />} onClick={() => setOpen(true)} data-testid="open-provider-preview">
          {t('open')}
        </Button>
      </Tooltip>
      <Drawer open={open} onClose={() => setOpen(false)} size={DRAWER_SIZE} destroyOnHidden title={t('drawerTitle')} data-testid="provider-preview-drawer">
        {open ? (
          <LazyBoundary>
            <AllServersPreview />
          </LazyBoundary>
        ) : null}
      </Drawer>
    </>
  );
}

function AllServersPreview() {
  const { t } = useTranslation(['providerPreview', 'common']);
  const listed = useRoute('mcp.list_all_tools', {});
  const tools = useMemo(() => (listed.data ? assignToolIds(listed.data).tools : undefined), [listed.data]);
  const list = useRoute('mcp.list');
  const status = useRoute('mcp.status');
  // Only the servers the listing reached count as sources: one that listed a tool, or is connected
  // (it may list none, or only disabled ones). An active server that could not be reached is named apart.
  const { reachable, unreachable } = useMemo(() => {
    const reached = new Set((listed.data ?? []).map((tool) => tool.serverId));
    for (const state of status.data ?? []) if (state.state === 'connected') reached.add(state.id);
    const active = (list.data ?? []).filter((server) => server.isActive);
    return { reachable: active.filter((server) => reached.has(server.id)), unreachable: active.filter((server) => !reached.has(server.id)) };
  }, [listed.data, list.data, status.data]);
  // What the switches turned off on the servers listed; the listing holds the enabled tools only.
  const leftOut = reachable.reduce((sum, server) => sum + server.disabledTools.length, 0);
  if (listed.error) return <ErrorAlert error={listed.error} testId="preview-error" />;
  if (!tools) return <Skeleton active />;
  const note = (
    <Typography.Text type="secondary" data-testid="preview-sources">
      {t('servers', { count: reachable.length })}{' '}
      {unreachable.length ? (
        <span data-testid="preview-unreachable">
          {t('unreachable', { count: unreachable.length })}{' '}
          {unreachable.map((server, index) => (
            <Fragment key={server.id}>
              {index ? ', ' : null}
              <VisibleText text={server.name} />
            </Fragment>
          ))}
        </span>
      ) : null}
    </Typography.Text>
  );
  return <ProviderPreview tools={tools} leftOut={leftOut} note={note} />;
}
