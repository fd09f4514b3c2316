import { App as AntdApp } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RegistryUpdate } from '@shared/contracts/registry';
import { inlineSafe } from '@shared/text/visibleControls';
import { useRoute } from '@renderer/data/useRoute';
import { ActivationReviewDialog } from '../server-list/ActivationReviewDialog';
import { FlagList } from './RegistryBits';

/**
 * Applying a registry server's update from the window (issue 31): the install's review for the
 * record the new version would write (values the server was built with are kept, secrets stay in
 * the secret store), with the entry's warnings, and the update written only on yes. A version
 * that asks for an input the old one did not is refused by the host naming it, shown here.
 */
export function RegistryUpdateDialog({ update, open, onClose }: { update: RegistryUpdate & { latest: string }; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('registry');
  const { message } = AntdApp.useApp();
  // The same question as the dialog's own review (one query): the warnings of the updated entry.
  const preview = useRoute('registry.update', { id: update.serverId, version: update.latest }, { enabled: open, staleTime: 0, gcTime: 0 });
  const values = { name: inlineSafe(update.serverName), from: inlineSafe(update.origin.version), to: inlineSafe(update.latest) };
  return (
    <ActivationReviewDialog
      serverId={update.serverId}
      name={update.serverName}
      open={open}
      onClose={onClose}
      updateTo={update.latest}
      intro={t('update.intro', values)}
      notes={preview.data ? <FlagList flags={preview.data.flags} /> : null}
      onActivated={() => void message.success(t('update.done', values))}
    />
  );
}
