/**
 * An MCP App's resource declared browser permissions the person was never asked about for its
 * server (issue 32): this asks, naming the server and each permission. The answer is kept on the
 * server (appPermissions, revocable in its detail); until the person allows one it is not granted,
 * and the app runs without it meanwhile.
 */
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { McpAppPermission } from '@shared/mcpApps';
import { useRoute, useRouteMutation } from '@renderer/data/useRoute';
import { ErrorAlert } from '../ErrorAlert';

export function AppPermissionPrompt({ serverId, serverName, undecided }: { serverId: string; serverName: string; undecided: readonly McpAppPermission[] }) {
  const { t } = useTranslation('toolCall');
  const servers = useRoute('mcp.list');
  // The answer reloads the app with what it now grants.
  const save = useRouteMutation('mcp.update', { invalidates: ['mcp.list', 'mcp.app_resource'] });
  if (undecided.length === 0) return null;
  const answer = (decision: 'allow' | 'deny') => {
    const current = servers.data?.find((server) => server.id === serverId)?.appPermissions ?? {};
    save.mutate({ id: serverId, updates: { appPermissions: { ...current, ...Object.fromEntries(undecided.map((permission) => [permission, decision])) } } });
  };
  const names = undecided.map((permission) => t(`app.permission.names.${permission}`)).join(', ');
  return (
    <Flex vertical gap={8}>
      <Alert
        type="warning"
        showIcon
        data-testid="mcp-app-permissions"
        title={t('app.permission.ask', { server: serverName, permissions: names })}
        description={t('app.permission.why')}
        action={
          <Flex gap={8}>
            <Button size="small" onClick={() => answer('deny')} loading={save.isPending && save.variables?.updates.appPermissions?.[undecided[0]!] === 'deny'} disabled={servers.data === undefined}>
              {t('app.permission.deny')}
            </Button>
            <Button size="small" type="primary" onClick={() => answer('allow')} disabled={servers.data === undefined || save.isPending}>
              {t('app.permission.allow')}
            </Button>
          </Flex>
        }
      />
      {save.error ? <ErrorAlert error={save.error} /> : null}
    </Flex>
  );
}
