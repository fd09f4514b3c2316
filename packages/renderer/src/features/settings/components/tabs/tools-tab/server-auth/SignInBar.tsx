import { LoginOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { ErrorAlert } from '@renderer/components/ErrorAlert';
import { translateError } from '@renderer/components/translateError';
import { useSignIn } from './useSignIn';

/**
 * What a remote server that needs the person's sign-in shows, in its list row and its detail:
 * "Sign in"; while the browser is out, the address (for when it did not open) and Cancel; after
 * a failure, the translated reason and "Sign in again". Nothing once signed in (see SignedInTag).
 */
export function SignInBar({ server }: { server: McpServerRecord }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const signIn = useSignIn(server.id);
  const { auth } = signIn;
  if (signIn.error) return <ErrorAlert error={signIn.error} />;
  if (!auth || auth.state === 'signed_in') return null;

  if (auth.state === 'waiting_for_browser') {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="sign-in-bar"
        data-auth-state={auth.state}
        title={t('auth.state.waiting_for_browser')}
        description={
          <Flex vertical gap={4} className="min-w-0">
            <Typography.Text type="secondary">{t('auth.waitingHint')}</Typography.Text>
            {auth.authorizationUrl ? (
              <Typography.Text
                code
                ellipsis={{ tooltip: auth.authorizationUrl }}
                copyable={{ text: auth.authorizationUrl, tooltips: [t('auth.copyUrl'), t('auth.copied')] }}
                data-testid="sign-in-url"
                className="cap-width"
              >
                {auth.authorizationUrl}
              </Typography.Text>
            ) : null}
          </Flex>
        }
        action={
          <Flex gap="small" wrap>
            {auth.authorizationUrl ? (
              <Button size="small" href={auth.authorizationUrl} target="_blank" rel="noreferrer">
                {t('auth.openUrl')}
              </Button>
            ) : null}
            <Button size="small" onClick={signIn.cancel}>
              {t('auth.cancel')}
            </Button>
          </Flex>
        }
      />
    );
  }

  const failed = auth.state === 'failed';
  // needs_sign_in says who asks (and a wider scope it wants); failed says why it did not work.
  const reason = auth.failure ? translateError(tErrors, auth.failure) : t('auth.state.needs_sign_in');
  return (
    <Alert
      type={failed ? 'error' : 'warning'}
      showIcon
      data-testid="sign-in-bar"
      data-auth-state={auth.state}
      title={failed ? t('auth.state.failed') : reason}
      description={failed ? reason : undefined}
      action={
        <Button size="small" type="primary" icon={<LoginOutlined aria-hidden />} loading={signIn.starting} onClick={signIn.start} data-testid="sign-in">
          {t(failed ? 'auth.signInAgain' : 'auth.signIn')}
        </Button>
      }
    />
  );
}
