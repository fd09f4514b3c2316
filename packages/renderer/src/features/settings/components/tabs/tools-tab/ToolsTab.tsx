import { ImportOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Tabs } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@renderer/bridge/HostContext';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { LazyBoundary } from '@renderer/components/lazy/LazyBoundary';
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';
import { useRoute } from '@renderer/data/useRoute';
import { AgentPresets } from '@renderer/features/agents';
import { ChatView } from '@renderer/features/chat';
import { startupAppLink } from '@renderer/features/playground';
import { ProviderKeys } from '@renderer/features/provider-keys';
import type { AppLinkRead } from '@shared/appLink';
import { ProviderPreviewButton } from '@renderer/features/provider-preview';
import { ImportDialog } from './import/ImportDialog';
import { LocalConfigsOffer } from './import/LocalConfigsOffer';
import { ServerDetailDrawer } from './server-detail/ServerDetailDrawer';
import { AddServerButton } from './server-list/AddServerButton';
import { CheckAllButton } from './server-list/CheckAllButton';
import { ServerList } from './server-list/ServerList';
import { TOOLS_SECTIONS, ToolsTabNavProvider, toolsSection, useToolsTabNav, type ToolsSection } from './ToolsTabNav';
import { useLiveEvents } from './useLiveEvents';
import { useCallLog } from './activity/useCallLog';

// The sections other than the server list load when first shown (docs/architecture.md, "The first screen");
// the chat, the agents and the provider keys are features of their own, whose entry modules declare them lazy.
const PresetGallery = lazyComponent(() => import('./presets/PresetGallery').then((m) => m.PresetGallery));
const ActivitySection = lazyComponent(() => import('./activity/ActivitySection').then((m) => m.ActivitySection));
// So do the server form and what it uses (antd's Form), mounted the first time it opens.
const McpServerFormDrawer = lazyComponent(() => import('./server-form/McpServerFormDrawer').then((m) => m.McpServerFormDrawer));

/**
 * Settings' sections, one click each from the top: the MCP servers, the presets to install, the
 * agent presets, the provider keys, the chat and what the host is doing. (There used to be a single "Tools" tab above
 * these: three levels of navigation for five places.)
 */
export function ToolsTab() {
  // Opened by `elftia-mcp apps open`: the server's playground, where the linked call runs.
  const link = startupAppLink();
  return (
    <ToolsTabNavProvider initialDetail={link?.ok ? { serverId: link.link.serverId, pane: 'playground' } : undefined}>
      <ToolsTabSections />
      {link && !link.ok ? <UnreadableAppLink problem={link.problem} /> : null}
    </ToolsTabNavProvider>
  );
}

/** A link that could not be read says why, once; nothing is called. */
function UnreadableAppLink({ problem }: { problem: Extract<AppLinkRead, { ok: false }>['problem'] }) {
  const { t } = useTranslation('playground');
  const { message } = App.useApp();
  useEffect(() => void message.error(t(`appLink.unreadable.${problem}`)), [message, problem, t]);
  return null;
}

function ToolsTabSections() {
  const { t } = useTranslation(['settings/tools', 'common']);
  const nav = useToolsTabNav();
  const host = useHost();
  const client = useQueryClient();
  const list = useRoute('mcp.list');
  const status = useRoute('mcp.status');
  const { events, clear } = useLiveEvents(host);
  const callLog = useCallLog(host);
  const servers = list.data;

  const states = useMemo(() => new Map((status.data ?? []).map((s) => [s.id, s])), [status.data]);
  const serverName = useCallback((id: string) => servers?.find((server) => server.id === id)?.name ?? id, [servers]);
  const chatOpened = useOnceTrue(nav.section === 'chat');
  const formOpened = useOnceTrue(nav.form !== undefined);
  const reload = () => void client.invalidateQueries({ queryKey: ['mcp.list'] }).then(() => client.invalidateQueries({ queryKey: ['mcp.status'] }));

  const serverSection = (
    <Flex vertical gap="middle">
      <LocalConfigsOffer />
      <Card
        size="small"
        className="servers-card"
        title={servers ? `${t('title')} · ${t('list.count', { count: servers.length })}` : t('title')}
        extra={
          <Flex gap="small" align="center" wrap justify="flex-end">
            <ProviderPreviewButton />
            <Button size="small" icon={<ImportOutlined aria-hidden />} onClick={nav.openImport} data-testid="open-import">
              {t('import.open')}
            </Button>
            {servers?.length ? <CheckAllButton /> : null}
            <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={reload} loading={list.isFetching}>
              {t('common:actions.refresh')}
            </Button>
            <AddServerButton />
          </Flex>
        }
      >
        <Flex vertical gap="small">
          {list.error ? <ErrorAlert error={list.error} testId="servers-error" /> : null}
          <ServerList servers={servers} loading={list.isFetching} states={states} />
        </Flex>
      </Card>
    </Flex>
  );
  const lazy = (part: ReactNode) => <LazyBoundary>{part}</LazyBoundary>;
  const content: Record<ToolsSection, ReactNode> = {
    servers: serverSection,
    presets: lazy(<PresetGallery />),
    agents: lazy(<AgentPresets />),
    keys: lazy(<ProviderKeys />),
    chat: lazy(<ChatView />),
    activity: lazy(<ActivitySection calls={callLog.calls} onClearCalls={callLog.clear} events={events} onClearEvents={clear} serverName={serverName} />),
  };
  // Only the shown section is mounted (the others load when first shown), except the chat, which
  // stays mounted once opened so a conversation survives a look at the keys or the servers.
  const mounted = (section: ToolsSection) => section === nav.section || (section === 'chat' && chatOpened);

  return (
    <>
      <Tabs
        // antd names no tablist; the navigation landmark around it carries the name.
        renderTabBar={(props, TabBar) => (
          <nav aria-label={t('sections.label')} className="settings-sections">
            <TabBar {...props} />
          </nav>
        )}
        activeKey={nav.section}
        onChange={(key) => nav.showSection(toolsSection(key))}
        items={TOOLS_SECTIONS.map((section) => ({
          key: section,
          label: t(`sections.${section}`),
          children: mounted(section) ? content[section] : null,
        }))}
      />
      {formOpened ? (
        <LazyBoundary overlay>
          <McpServerFormDrawer />
        </LazyBoundary>
      ) : null}
      <ImportDialog />
      <ServerDetailDrawer />
    </>
  );
}

/** Whether `value` has been true at any render so far: for what stays mounted once first shown. */
function useOnceTrue(value: boolean): boolean {
  const [once, setOnce] = useState(value);
  if (value && !once) setOnce(true);
  return once || value;
}
