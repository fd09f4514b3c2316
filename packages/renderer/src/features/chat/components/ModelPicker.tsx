import { KeyOutlined } from '@ant-design/icons';
import { Button, Divider, Flex, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LlmProvider, LlmProviderId } from '@shared/contracts/providers';
import { translateError } from '@renderer/components/translateError';
import { useRoute } from '@renderer/data/useRoute';
import { useToolsTabNav } from '@renderer/features/settings/components/tabs/tools-tab/ToolsTabNav';
import { isUsableProvider } from '@mcp-common/sampling';

interface ModelPickerProps {
  providers: LlmProvider[];
  providerId: LlmProviderId | undefined;
  model: string;
  onProvider: (providerId: LlmProviderId) => void;
  onModel: (model: string) => void;
  disabled?: boolean;
}

/**
 * Provider, then model: a searchable list when the provider's API lists its models, else a text
 * field with the reason there is no list. Providers without a key are shown, disabled, with the
 * way to add one.
 */
export function ModelPicker({ providers, providerId, model, onProvider, onModel, disabled = false }: ModelPickerProps) {
  const { t } = useTranslation(['chat', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const nav = useToolsTabNav();
  const models = useRoute('chat.models', providerId ? { providerId } : undefined, { enabled: !!providerId, staleTime: 5 * 60_000 });
  const listed = models.data?.listed === true && models.data.models.length > 0;
  // Why there is no list: the answer's own reason, or the route's failure; the field works either way.
  const reason = models.data && !models.data.listed ? models.data.reason : models.error ?? undefined;

  return (
    <Flex gap="small" wrap align="flex-start" className="flex-none min-w-0">
      <Select<LlmProviderId>
        aria-label={t('provider.label')}
        placeholder={t('provider.placeholder')}
        value={providerId ?? null}
        onChange={onProvider}
        disabled={disabled}
        className="chat-provider"
        data-testid="chat-provider"
        options={providers.map((provider) => ({
          value: provider.id,
          disabled: !isUsableProvider(provider),
          label: isUsableProvider(provider) ? provider.name : t('provider.needsKey', { name: provider.name }),
        }))}
        popupRender={(menu) => (
          <>
            {menu}
            <Divider className="menu-divider" />
            <Button type="link" size="small" icon={<KeyOutlined aria-hidden />} onClick={() => nav.showSection('keys')} data-testid="chat-add-key">
              {t('provider.addKey')}
            </Button>
          </>
        )}
      />
      <Flex vertical gap={2} className="chat-model">
        {listed ? (
          <Select
            showSearch
            aria-label={t('model.label')}
            placeholder={t('model.pick')}
            value={model || null}
            onChange={onModel}
            disabled={disabled}
            loading={models.isFetching}
            options={models.data!.models.map((id) => ({ value: id, label: id }))}
            data-testid="chat-model-select"
          />
        ) : (
          <Input
            aria-label={t('model.label')}
            aria-describedby={reason ? 'chat-model-reason' : undefined}
            placeholder={models.isFetching ? t('model.loading') : t('model.type')}
            value={model}
            onChange={(e) => onModel(e.target.value)}
            disabled={disabled || !providerId}
            maxLength={200}
            data-testid="chat-model-input"
          />
        )}
        {!listed && reason ? (
          <Typography.Text id="chat-model-reason" type="secondary" className="text-sm" ellipsis={{ tooltip: translateError(tErrors, reason) }} data-testid="chat-model-reason">
            {t('model.noList', { reason: translateError(tErrors, reason) })}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
