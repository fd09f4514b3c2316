import { Form, Input, Modal } from 'antd';
import type { LlmProvider, LlmProviderSetInput } from '@shared/contracts/providers';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { applyServerIssues } from '@renderer/data/formIssues';
import { useRouteMutation } from '@renderer/data/useRoute';
import type { AppErrorShape } from '@shared/errors';

interface Values {
  apiKey?: string;
  baseUrl?: string;
}

/**
 * Set or replace a provider's key and base URL. The key field is masked with no reveal toggle
 * and starts empty: a saved key is never sent back here; leaving it empty keeps it.
 */
export function ProviderKeyDialog({ provider, onClose, onSaved }: { provider: LlmProvider; onClose: () => void; onSaved: (keyChanged: boolean) => void }) {
  const { t } = useTranslation(['providerKeys', 'common']);
  const [form] = Form.useForm<Values>();
  const [unplaced, setUnplaced] = useState<AppErrorShape | undefined>();
  const customUrl = provider.baseUrl !== provider.defaultBaseUrl ? provider.baseUrl : undefined;
  const set = useRouteMutation('providers.set', { invalidates: ['providers.list', 'presets.list'] });

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const apiKey = values.apiKey?.trim() || undefined;
    const baseUrl = values.baseUrl?.trim() || undefined;
    const input: LlmProviderSetInput = { id: provider.id };
    if (apiKey) input.apiKey = apiKey;
    // Empty goes back to the default; only a change is sent.
    if (baseUrl !== customUrl) input.baseUrl = baseUrl ?? null;
    setUnplaced(undefined);
    try {
      await set.mutateAsync(input);
      form.resetFields();
      onSaved(apiKey !== undefined);
    } catch (err) {
      const error = err as AppErrorShape;
      if (applyServerIssues(form, error).length > 0 || error.code !== 'VALIDATION_FAILED') setUnplaced(error);
    }
  };

  const needsUrl = provider.defaultBaseUrl === undefined;
  return (
    <Modal
      open
      title={t('editTitle', { provider: provider.name })}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void save()}
      onCancel={onClose}
      confirmLoading={set.isPending}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" data-testid="provider-key-dialog" initialValues={{ baseUrl: customUrl }} onFinish={() => void save()}>
        <Form.Item
          name="apiKey"
          label={t('keyLabel')}
          extra={t('keyHint')}
          rules={provider.hasKey || needsUrl ? [] : [{ required: true, whitespace: true, message: t('keyRequired') }]}
        >
          <Input.Password
            visibilityToggle={false}
            autoComplete="off"
            spellCheck={false}
            placeholder={provider.hasKey ? t('keyPlaceholderReplace') : t('keyPlaceholderNew')}
            data-testid="provider-key-input"
          />
        </Form.Item>
        <Form.Item name="baseUrl" label={t('baseUrlLabel')} extra={needsUrl ? undefined : t('baseUrlHint')} rules={needsUrl ? [{ required: true, whitespace: true, message: t('baseUrlRequired') }] : []}>
          <Input
            type="url"
            placeholder={needsUrl ? t('baseUrlPlaceholderNone') : t('baseUrlPlaceholder', { url: provider.defaultBaseUrl })}
            data-testid="provider-url-input"
          />
        </Form.Item>
        {/* Enter in a field submits. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
      {unplaced ? <ErrorAlert error={unplaced} /> : null}
    </Modal>
  );
}
