/**
 * The person's answers to this server's MCP Apps asking for browser permissions (issue 32), each
 * revocable: closing a tag forgets that answer, so the permission is no longer granted and the app
 * asks again the next time it is shown. Nothing shows for a server never asked.
 */
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { APP_PERMISSIONS } from '@shared/mcpApps';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRouteMutation } from '@renderer/data/useRoute';

export function AppPermissionTags({ server }: { server: McpServerRecord }) {
  const { t } = useTranslation(['settings/tools', 'toolCall']);
  const save = useRouteMutation('mcp.update', { invalidates: ['mcp.list', 'mcp.app_resource'] });
  const answers = server.appPermissions ?? {};
  const answered = APP_PERMISSIONS.filter((permission) => answers[permission] !== undefined);
  if (answered.length === 0) return null;
  const forget = (permission: (typeof APP_PERMISSIONS)[number]) => {
    const rest = Object.fromEntries(Object.entries(answers).filter(([name]) => name !== permission));
    save.mutate({ id: server.id, updates: { appPermissions: rest } });
  };
  return (
    <Flex gap="small" align="center" wrap data-testid="detail-app-permissions">
      <Typography.Text type="secondary">{t('detail.appPermissions.label')}</Typography.Text>
      {answered.map((permission) => {
        const name = t(`toolCall:app.permission.names.${permission}`);
        return (
          <Tag
            key={permission}
            color={answers[permission] === 'allow' ? 'green' : 'default'}
            closable
            closeIcon={<span aria-label={`${t('detail.appPermissions.forget')}: ${name}`}>×</span>}
            onClose={(event) => {
              event.preventDefault();
              forget(permission);
            }}
          >
            {t(answers[permission] === 'allow' ? 'detail.appPermissions.allowed' : 'detail.appPermissions.denied', { permission: name })}
          </Tag>
        );
      })}
      {save.error ? <ErrorAlert error={save.error} /> : null}
    </Flex>
  );
}
