import { ArrowUpOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { inlineSafe } from '@shared/text/visibleControls';
import { useRoute } from '@renderer/data/useRoute';
import { ListTooltip } from './ListTooltip';

/**
 * "Update available: 2.0.3 → 2.0.10" on a server installed from a registry whose entry has a newer
 * latest version (registry.updates, asked once for every such row and refreshed when servers
 * change). Says only that it exists; nothing here applies it.
 */
export function RegistryUpdateTag({ server }: { server: Pick<McpServerRecord, 'id' | 'registryOrigin'> }) {
  const { t } = useTranslation('registry');
  const updates = useRoute('registry.updates', undefined, { enabled: server.registryOrigin !== undefined });
  const update = updates.data?.find((u) => u.serverId === server.id);
  if (!update?.updateAvailable || update.latest === undefined) return null;
  const values = { from: inlineSafe(update.origin.version), to: inlineSafe(update.latest), name: inlineSafe(update.origin.name) };
  return (
    <ListTooltip title={t('update.title', values)}>
      <Tag color="processing" icon={<ArrowUpOutlined aria-hidden />} data-testid="registry-update" tabIndex={0}>
        {t('update.available', values)}
      </Tag>
    </ListTooltip>
  );
}
