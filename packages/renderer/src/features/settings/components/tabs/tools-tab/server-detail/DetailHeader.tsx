import { ApiOutlined, EditOutlined, ExperimentOutlined, FolderOutlined, MessageOutlined, ReloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Collapse, Descriptions, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { McpDiscoverResult, McpServerRecord } from '@shared/contracts/mcp-types';
import type { AppErrorShape } from '@shared/errors';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRouteMutation } from '@renderer/data/useRoute';
import { useToolsTabNav } from '../ToolsTabNav';
import { SignInBar } from '../server-auth/SignInBar';
import { RegistryUpdateTag } from '../server-list/RegistryUpdateTag';
import { AppPermissionTags } from './AppPermissionTags';
import { TrustedSwitch } from './TrustedSwitch';
import { VisibleText } from '@renderer/components/VisibleText';

interface DetailHeaderProps {
  server: McpServerRecord;
  discovery: UseQueryResult<McpDiscoverResult, AppErrorShape>;
}

/** What the server says about itself (initialize result), what the person can do to it, and the last test. */
export function DetailHeader({ server, discovery }: DetailHeaderProps) {
  const { t } = useTranslation(['settings/tools', 'chat', 'serverRequests', 'common']);
  const nav = useToolsTabNav();
  const reconnect = useRouteMutation('mcp.reconnect', { onSuccess: () => void discovery.refetch() });
  const test = useRouteMutation('mcp.test');
  const info = discovery.data;
  const result = test.data;

  return (
    <Flex vertical gap="small" data-testid="detail-header">
      <Flex gap="small" wrap>
        <Button icon={<ReloadOutlined aria-hidden />} loading={reconnect.isPending} onClick={() => reconnect.mutate({ id: server.id })}>
          {t('detail.actions.reconnect')}
        </Button>
        <Button icon={<ExperimentOutlined aria-hidden />} loading={test.isPending} onClick={() => test.mutate({ id: server.id })}>
          {t('detail.actions.test')}
        </Button>
        <Button icon={<EditOutlined aria-hidden />} onClick={() => nav.openForm({ mode: 'edit', serverId: server.id })}>
          {t('detail.actions.edit')}
        </Button>
        <Button
          icon={<MessageOutlined aria-hidden />}
          disabled={!server.isActive}
          title={server.isActive ? undefined : t('chat:tryInactive')}
          onClick={() => nav.openChat(server.id)}
          data-testid="detail-try-chat"
        >
          {t('chat:tryWithModel')}
        </Button>
        {server.registryOrigin ? (
          <Flex align="center">
            <RegistryUpdateTag server={server} />
          </Flex>
        ) : null}
        <Flex align="center" className="push-end">
          <TrustedSwitch server={server} />
        </Flex>
      </Flex>
      <SignInBar server={server} />
      <AppPermissionTags server={server} />
      {discovery.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} title={false} />
      ) : (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2 }}
          items={[
            {
              key: 'server',
              label: t('detail.info.server'),
              children: info?.serverInfo ? (
                <Typography.Text ellipsis={{ tooltip: <VisibleText text={info.serverInfo.name} /> }} data-testid="detail-server-info">
                  <ApiOutlined aria-hidden /> <VisibleText text={info.serverInfo.name} />
                </Typography.Text>
              ) : (
                <Typography.Text type="secondary">{t('detail.info.unknown')}</Typography.Text>
              ),
            },
            {
              key: 'version',
              label: t('detail.info.version'),
              children: info?.serverInfo ? <VisibleText text={info.serverInfo.version} /> : <Typography.Text type="secondary">{t('detail.info.unknown')}</Typography.Text>,
            },
            { key: 'roots', label: <span title={t('serverRequests:roots.help')}>{t('serverRequests:roots.label')}</span>, span: 'filled', children: <RootsLine server={server} /> },
          ]}
        />
      )}
      {info?.instructions ? (
        <Collapse
          size="small"
          items={[
            {
              key: 'instructions',
              label: t('detail.info.instructions'),
              children: (
                // Plain text: whatever the server sends is shown, never interpreted as markup.
                <Typography.Paragraph data-testid="detail-instructions" className="detail-instructions">
                  <VisibleText text={info.instructions} multiline />
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      ) : null}
      {reconnect.error ? <ErrorAlert error={reconnect.error} title={t('detail.reconnectFailed')} /> : null}
      {test.error ? <ErrorAlert error={test.error} title={t('detail.test.failed')} testId="detail-test-result" /> : null}
      {result?.success ? (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => test.reset(), 'aria-label': t('common:actions.clear') }}
          data-testid="detail-test-result"
          // One line: the count and what stands out about it.
          title={[
            t('detail.test.ok', { count: result.tools.length + result.disabledTools.length, duration: Math.round(result.durationMs) }),
            result.disabledTools.length > 0 ? t('detail.test.disabled', { count: result.disabledTools.length }) : '',
            result.invalidTools.length > 0 ? t('detail.test.invalid', { count: result.invalidTools.length }) : '',
          ]
            .filter(Boolean)
            .join(' ')}
        />
      ) : null}
      {result && !result.success && result.error ? <ErrorAlert error={result.error} title={t('detail.test.failed')} testId="detail-test-result" /> : null}
    </Flex>
  );
}

/** What the server hears from roots/list: its project folder for a local-scope server (the pool's rootsOf), else none. */
function RootsLine({ server }: { server: McpServerRecord }) {
  const { t } = useTranslation(['settings/tools', 'chat', 'serverRequests']);
  if (server.scope !== 'local' || !server.projectPath) {
    return (
      <Typography.Text type="secondary" data-testid="detail-roots">
        {t('serverRequests:roots.none')}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text ellipsis={{ tooltip: server.projectPath }} copyable={{ text: server.projectPath }} data-testid="detail-roots">
      <FolderOutlined aria-hidden /> {server.projectPath}
    </Typography.Text>
  );
}
