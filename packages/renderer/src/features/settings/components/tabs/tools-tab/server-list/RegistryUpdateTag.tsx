import { ArrowUpOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { inlineSafe } from '@shared/text/visibleControls';
import { lazyComponent } from '@renderer/components/lazy/lazyComponent';
import { useRoute } from '@renderer/data/useRoute';
import { ListTooltip } from './ListTooltip';

// The review of an update lives with the registry's screens, loaded when first opened.
const RegistryUpdateDialog = lazyComponent(() => import('../registry/RegistryUpdateDialog').then((m) => m.RegistryUpdateDialog));

/**
 * "Update available: 2.0.3 → 2.0.10" on a server installed from a registry whose entry has a newer
 * latest version (registry.updates, asked once for every such row and refreshed when servers
 * change). Pressed, it opens the update's review; the update is written only when confirmed there.
 */
export function RegistryUpdateTag({ server }: { server: Pick<McpServerRecord, 'id' | 'registryOrigin'> }) {
  const { t } = useTranslation('registry');
  const [reviewing, setReviewing] = useState(false);
  const updates = useRoute('registry.updates', undefined, { enabled: server.registryOrigin !== undefined });
  const update = updates.data?.find((u) => u.serverId === server.id);
  if (!update?.updateAvailable || update.latest === undefined) return null;
  const values = { from: inlineSafe(update.origin.version), to: inlineSafe(update.latest), name: inlineSafe(update.origin.name) };
  return (
    <>
      <ListTooltip title={t('update.title', values)}>
        <Button
          size="small"
          color="primary"
          variant="outlined"
          icon={<ArrowUpOutlined aria-hidden />}
          data-testid="registry-update"
          onClick={(event) => {
            // In a server row: the click is the update's, not the row's.
            event.stopPropagation();
            setReviewing(true);
          }}
        >
          {t('update.available', values)}
        </Button>
      </ListTooltip>
      {reviewing ? <RegistryUpdateDialog update={{ ...update, latest: update.latest }} open onClose={() => setReviewing(false)} /> : null}
    </>
  );
}
