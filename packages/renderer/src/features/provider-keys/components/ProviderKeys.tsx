import { Card, Flex, Spin, Typography } from 'antd';
import type { LlmProvider } from '@shared/contracts/providers';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { useRoute } from '@renderer/data/useRoute';
import { ProviderKeyRow } from './ProviderKeyRow';

/**
 * Settings → Tools → Provider keys: the LLM providers whose saved key presets can reuse. Providers
 * some preset links to come first, each with the presets that can use it.
 */
export function ProviderKeys() {
  const { t } = useTranslation(['providerKeys', 'common']);
  const providers = useRoute('providers.list');
  const presets = useRoute('presets.list', {});

  const rows = useMemo(() => {
    const presetsOf = (provider: LlmProvider) =>
      (presets.data ?? []).filter((item) => item.preset.linkedProviderIds?.includes(provider.id)).map((item) => item.preset.name);
    const all = (providers.data ?? []).map((provider) => ({ provider, presets: presetsOf(provider) }));
    // Stable sort: linked providers first, otherwise the host's order.
    return [...all.filter((row) => row.presets.length > 0), ...all.filter((row) => row.presets.length === 0)];
  }, [providers.data, presets.data]);

  let body;
  if (providers.error) body = <ErrorAlert error={providers.error} testId="providers-error" />;
  else if (!providers.data) body = <Spin description={t('loading')} />;
  else {
    body = (
      <ul aria-label={t('listLabel')} className="plain-list" data-testid="provider-list">
        {rows.map((row) => (
          <ProviderKeyRow key={row.provider.id} provider={row.provider} presets={row.presets} />
        ))}
      </ul>
    );
  }

  return (
    <Card size="small" title={t('title')} data-testid="provider-keys">
      <Flex vertical gap="small">
        <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        {body}
      </Flex>
    </Card>
  );
}
