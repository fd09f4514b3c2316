import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Modal, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { OFFICIAL_REGISTRY_ID, type RegistrySettings } from '@shared/contracts/registry';
import { checkExternalUrl } from '@shared/externalUrl';
import { inlineSafe } from '@shared/text/visibleControls';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { applyServerIssues } from '@renderer/data/formIssues';
import { useRoute, useRouteMutation } from '@renderer/data/useRoute';

/** A new registry's id: unique among the person's own, never the official one's. */
const newId = () => `registry-${crypto.randomUUID().slice(0, 8)}`;

/**
 * The registries the gallery searches, as settings: the official one can be switched off but not
 * removed (its URL is ELFTIA_REGISTRY_URL's where that is set); others have a name, a URL and a
 * switch. A field left wrong is named with the row it is in, and the host's own refusal lands on
 * the field it names.
 */
export function RegistriesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['registry', 'common']);
  const list = useRoute('registry.list');
  const [form] = Form.useForm<RegistrySettings>();
  const save = useRouteMutation('registry.save', {
    // Another registry lists other servers: every search answer is stale.
    invalidates: ['registry.list', 'registry.search', 'registry.updates'],
    onSuccess: onClose,
    onError: (error) => void applyServerIssues(form, error),
  });
  const official = list.data?.registries.find((r) => r.id === OFFICIAL_REGISTRY_ID);

  const urlRules = (index: number) => [
    { required: true, whitespace: true, message: t('registries.urlRequired', { index: index + 1 }) },
    {
      validator: async (_: unknown, value: string | undefined) => {
        if (!value?.trim()) return;
        if (!checkExternalUrl(value.trim()).ok) throw new Error(t('registries.urlInvalid', { index: index + 1 }));
        const urls = (form.getFieldValue('others') as RegistrySettings['others'] | undefined)?.map((r) => r?.url?.trim().replace(/\/+$/, '')) ?? [];
        const mine = value.trim().replace(/\/+$/, '');
        if (urls.indexOf(mine) !== index || mine === official?.url.replace(/\/+$/, '')) throw new Error(t('registries.urlDuplicate', { index: index + 1 }));
      },
    },
  ];

  const submit = async () => {
    let values: RegistrySettings;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    save.mutate({
      officialEnabled: values.officialEnabled,
      others: (values.others ?? []).map((r) => ({ id: r.id, name: r.name.trim(), url: r.url.trim(), enabled: r.enabled })),
    });
  };

  return (
    <Modal
      open
      title={t('registries.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('registries.save')}
      cancelText={t('registries.cancel')}
      okButtonProps={{ loading: save.isPending, disabled: !list.data }}
      width={640}
      destroyOnHidden
      data-testid="registries-dialog"
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('registries.intro')}</Typography.Text>
        {list.error ? <ErrorAlert error={list.error} /> : null}
        {list.data ? (
          <Form<RegistrySettings> form={form} layout="vertical" initialValues={list.data.settings} requiredMark={false} onFinish={() => void submit()}>
            <Flex gap="small" align="center" className="registry-row">
              <Form.Item name="officialEnabled" valuePropName="checked" noStyle>
                <Switch size="small" aria-label={t('registries.enabledName', { name: t('registries.official') })} />
              </Form.Item>
              <Flex vertical className="min-w-0 flex-rest">
                <Typography.Text strong>{t('registries.official')}</Typography.Text>
                <Typography.Text type="secondary" className="text-sm break-all">
                  {official ? inlineSafe(official.url) : ''} · {t('registries.officialHint')}
                </Typography.Text>
              </Flex>
            </Flex>
            <Form.List name="others">
              {(fields, { add, remove }) => (
                <Flex vertical gap="small" className="mt-sm">
                  {fields.map((field) => (
                    <Flex key={field.key} gap="small" align="flex-start" className="registry-row" data-testid="registry-row">
                      <Form.Item name={[field.name, 'enabled']} valuePropName="checked" className="registry-row-switch">
                        <Switch size="small" aria-label={t('registries.enabledName', { name: inlineSafe(form.getFieldValue(['others', field.name, 'name']) || t('registries.unnamed')) })} />
                      </Form.Item>
                      <Form.Item
                        name={[field.name, 'name']}
                        label={t('registries.name')}
                        className="flex-rest"
                        rules={[{ required: true, whitespace: true, message: t('registries.nameRequired', { index: field.name + 1 }) }]}
                      >
                        <Input maxLength={200} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'url']} label={t('registries.url')} className="registry-url" rules={urlRules(field.name)}>
                        <Input placeholder="https://registry.example.com" spellCheck={false} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'id']} hidden>
                        <Input />
                      </Form.Item>
                      <Button
                        type="text"
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={t('registries.remove', { name: inlineSafe(form.getFieldValue(['others', field.name, 'name']) || t('registries.unnamed')) })}
                        onClick={() => remove(field.name)}
                        className="registry-row-remove"
                      />
                    </Flex>
                  ))}
                  <Button icon={<PlusOutlined aria-hidden />} onClick={() => add({ id: newId(), name: '', url: '', enabled: true })} className="self-start">
                    {t('registries.add')}
                  </Button>
                </Flex>
              )}
            </Form.List>
          </Form>
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
        {save.error ? <ErrorAlert error={save.error} testId="registries-error" /> : null}
      </Flex>
    </Modal>
  );
}
