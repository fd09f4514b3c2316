import { App } from 'antd';
import type { LinkedServer, LlmProvider } from '@shared/contracts/providers';
import { useTranslation } from 'react-i18next';
import { useRouteMutation } from '@renderer/data/useRoute';

/**
 * "Apply to linked servers": asks first (naming the servers), then writes the provider's current
 * key into them (`providers.apply_key`, which reconnects them) and says what was and was not updated.
 */
export function useApplyKey(provider: LlmProvider) {
  const { t } = useTranslation(['providerKeys', 'common']);
  const { modal, message } = App.useApp();
  const apply = useRouteMutation('providers.apply_key', {
    invalidates: ['mcp.list', 'mcp.status', 'providers.linked_servers'],
    onSuccess: (result) => {
      if (result.updated.length > 0) void message.success(t('applied', { count: result.updated.length }));
      if (result.skipped.length > 0) void message.warning(t('applySkipped', { names: result.skipped.map((s) => s.name).join(', ') }));
    },
  });

  const confirm = (servers: LinkedServer[]) => {
    const names = servers.map((s) => s.name).join(', ');
    void modal.confirm({
      title: t('applyTitle', { provider: provider.name }),
      content: t('applyBody', { count: servers.length, names }),
      okText: t('applyOk'),
      cancelText: t('applyLater'),
      onOk: () => apply.mutateAsync({ id: provider.id }).catch(() => undefined),
    });
  };

  return { confirm, pending: apply.isPending, error: apply.error ?? undefined };
}
