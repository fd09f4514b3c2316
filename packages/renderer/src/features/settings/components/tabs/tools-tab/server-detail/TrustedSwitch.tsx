/**
 * The server's `isTrusted`: in a chat, only a trusted server's tools that say read-only and not
 * destructive run without asking (see @mcp-common/approvalPolicy). Written at once, like the
 * tool rows' switches.
 */
import { InfoCircleOutlined } from '@ant-design/icons';
import { Flex, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRouteMutation } from '@renderer/data/useRoute';

export function TrustedSwitch({ server }: { server: Pick<McpServerRecord, 'id' | 'name' | 'isTrusted'> }) {
  const { t } = useTranslation(['settings/tools', 'serverRequests']);
  const update = useRouteMutation('mcp.update', { invalidates: ['mcp.list'] });
  // While the write runs, the switch shows what was asked for, not the record it will replace.
  const checked = update.isPending && update.variables ? update.variables.updates.isTrusted === true : server.isTrusted;
  return (
    <Flex vertical gap={4}>
      <Flex gap={6} align="center">
        <Switch
          size="small"
          checked={checked}
          loading={update.isPending}
          aria-label={t('serverRequests:approvals.trustedLabel', { server: server.name })}
          data-testid="server-trusted"
          onChange={(on) => update.mutate({ id: server.id, updates: { isTrusted: on } })}
        />
        <Typography.Text aria-hidden>{t('serverRequests:approvals.trusted')}</Typography.Text>
        <Tooltip title={t('serverRequests:approvals.trustedHelp')}>
          <InfoCircleOutlined aria-label={t('serverRequests:approvals.trustedHelp')} tabIndex={0} className="help-icon" />
        </Tooltip>
      </Flex>
      {update.error ? <ErrorAlert error={update.error} title={t('serverRequests:approvals.trustFailed')} /> : null}
    </Flex>
  );
}
