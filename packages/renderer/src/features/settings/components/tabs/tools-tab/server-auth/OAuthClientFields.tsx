import { Collapse, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { OAUTH_GRANTS, OAUTH_SIGNING_ALGS } from '@shared/oauthClient';
import { useTranslation } from 'react-i18next';
import type { OAuthClientAuth } from '@renderer/components/server-form/formValues';

const CLIENT_AUTHS: readonly OAuthClientAuth[] = ['secret', 'privateKey'];

/**
 * How Elftia gets a remote server's tokens, folded away because most servers need nothing here:
 * a pre-registered client for a browser sign-in, or a machine client (the client-credentials
 * grant) that authenticates with its secret or a private key and never opens a browser. Secret and
 * key go to the secret store like a header value and come back masked; sending the mask back
 * unchanged keeps the stored one.
 */
export function OAuthClientFields() {
  const { t } = useTranslation(['settings/tools', 'common']);
  const form = Form.useFormInstance();
  const clientId = Form.useWatch(['config', 'oauthClientId'], form) as string | undefined;
  const grant = Form.useWatch(['config', 'oauthGrant'], form) as string | undefined;
  const clientAuth = Form.useWatch(['config', 'oauthClientAuth'], form) as OAuthClientAuth | undefined;
  const machine = grant === 'client_credentials';
  const withKey = machine && clientAuth === 'privateKey';
  return (
    <Collapse
      size="small"
      className="mb-md"
      defaultActiveKey={clientId || machine ? ['oauth'] : []}
      items={[
        {
          key: 'oauth',
          label: t('auth.form.title'),
          forceRender: true,
          children: (
            <Flex vertical>
              <Form.Item name={['config', 'oauthGrant']} label={t('auth.form.grant')} className="mb-xs">
                <Radio.Group optionType="button" options={OAUTH_GRANTS.map((value) => ({ value, label: t(`auth.form.grants.${value}`) }))} />
              </Form.Item>
              <Typography.Paragraph type="secondary" className="mt-0">
                {machine ? t('auth.form.machineHint') : t('auth.form.hint')}
              </Typography.Paragraph>
              <Flex gap="middle" wrap>
                <Form.Item name={['config', 'oauthClientId']} label={t('auth.form.clientId')} className="form-field-grow mb-0">
                  <Input placeholder={machine ? undefined : t('auth.form.optional')} spellCheck={false} autoComplete="off" />
                </Form.Item>
                {machine ? (
                  <Form.Item name={['config', 'oauthClientAuth']} label={t('auth.form.clientAuth')} className="mb-0">
                    <Radio.Group options={CLIENT_AUTHS.map((value) => ({ value, label: t(`auth.form.clientAuths.${value}`) }))} />
                  </Form.Item>
                ) : null}
                {withKey ? null : (
                  <Form.Item name={['config', 'oauthClientSecret']} label={t('auth.form.clientSecret')} className="form-field-grow mb-0">
                    <Input.Password placeholder={machine ? undefined : t('auth.form.optional')} autoComplete="new-password" disabled={!machine && !clientId?.trim()} />
                  </Form.Item>
                )}
              </Flex>
              {withKey ? (
                <Flex gap="middle" wrap className="mt-xs">
                  <Form.Item name={['config', 'oauthPrivateKey']} label={t('auth.form.privateKey')} className="form-field-grow mb-0">
                    <Input.TextArea rows={4} spellCheck={false} autoComplete="off" placeholder="-----BEGIN PRIVATE KEY-----" className="mono" />
                  </Form.Item>
                  <Form.Item name={['config', 'oauthSigningAlg']} label={t('auth.form.signingAlg')} className="mb-0">
                    <Select options={OAUTH_SIGNING_ALGS.map((value) => ({ value, label: value }))} className="signing-alg-select" />
                  </Form.Item>
                </Flex>
              ) : null}
            </Flex>
          ),
        },
      ]}
    />
  );
}
