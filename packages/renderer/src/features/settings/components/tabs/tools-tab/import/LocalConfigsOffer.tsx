import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoute, useRouteMutation } from '@renderer/data/useRoute';
import { useToolsTabNav } from '../ToolsTabNav';
import { requestImportFrom } from './importRequest';

/**
 * Once: "we found servers in Claude Desktop / Cursor / VS Code; import them?". Either answer
 * ends the offer (kept in the config folder); the import dialog still lists those files.
 * Shown only when some entry is new, valid and not saved already.
 */
export function LocalConfigsOffer() {
  const { t, i18n } = useTranslation(['settings/tools', 'common']);
  const nav = useToolsTabNav();
  const found = useRoute('mcp.find_local_configs');
  const dismiss = useRouteMutation('mcp.dismiss_local_configs', { invalidates: ['mcp.find_local_configs'] });
  if (!found.data || found.data.offerDismissed || dismiss.isSuccess) return null;
  const withNew = found.data.files
    .map((file) => ({ file, count: file.entries.filter((e) => e.ok && !e.conflict).length }))
    .filter(({ count }) => count > 0);
  if (withNew.length === 0) return null;
  const count = withNew.reduce((sum, { count: n }) => sum + n, 0);
  // "Claude Desktop and Cursor", "Claude Desktop、Cursor": each language joins a list its own way.
  const apps = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(withNew.map(({ file }) => t(`import.local.sources.${file.source}`)));

  const review = () => {
    dismiss.mutate({});
    requestImportFrom(withNew[0]!.file.source);
    nav.openImport();
  };
  return (
    <Alert
      type="info"
      showIcon
      data-testid="local-configs-offer"
      title={t('import.offer.title')}
      description={t('import.offer.description', { count, apps })}
      action={
        <Flex vertical gap="small">
          <Button type="primary" size="small" onClick={review}>
            {t('import.offer.review')}
          </Button>
          <Button size="small" title={t('import.offer.dismissHint')} loading={dismiss.isPending} onClick={() => dismiss.mutate({})}>
            {t('import.offer.dismiss')}
          </Button>
        </Flex>
      }
    />
  );
}
