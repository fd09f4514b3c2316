import { Collapse, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A pre-registered OAuth client for a remote server that does not register clients by itself.
 * Folded away: most servers need nothing here. The secret is stored in the secret store like a
 * header value, and comes back masked; sending the mask back unchanged keeps the stored one.
 */
export function OAuthClientFields() {
  const { t } = useTranslation(['settings/tools', 'common']);
  const form = Form.useFormInstance();
  const clientId = Form.useWatch(['config', 'oauthClientId'], form) as string | undefined;
  return (
    <Collapse
      size="small"
      className="mb-md"
      defaultActiveKey={clientId ? ['oauth'] : []}
      items={[
        {
          key: 'oauth',
          label: t('auth.form.title'),
          forceRender: true,
          children: (
            <Flex vertical>
              <Typography.Paragraph type="secondary" className="mt-0">
                {t('auth.form.hint')}
              </Typography.Paragraph>
              <Flex gap="middle" wrap>
                <Form.Item name={['config', 'oauthClientId']} label={t('auth.form.clientId')} className="form-field-grow mb-0">
                  <Input placeholder={t('auth.form.optional')} spellCheck={false} autoComplete="off" />
                </Form.Item>
                <Form.Item name={['config', 'oauthClientSecret']} label={t('auth.form.clientSecret')} className="form-field-grow mb-0">
                  <Input.Password placeholder={t('auth.form.optional')} autoComplete="new-password" disabled={!clientId?.trim()} />
                </Form.Item>
              </Flex>
            </Flex>
          ),
        },
      ]}
    />
  );
}
