import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import { SafeConfirm } from '@renderer/components/SafeConfirm';
import { useTranslation } from 'react-i18next';
import type { McpServerRecord } from '@shared/contracts/mcp-types';
import { useSignIn } from './useSignIn';

/** "Signed in" on a server whose sign-in worked; it opens "Sign out", which forgets the tokens. */
export function SignedInTag({ server }: { server: McpServerRecord }) {
  const { t } = useTranslation(['settings/tools', 'common']);
  const signIn = useSignIn(server.id);
  if (signIn.auth?.state !== 'signed_in') return null;
  return (
    <SafeConfirm
      title={t('auth.signOutConfirm', { name: server.name })}
      okText={t('auth.signOut')}
      cancelText={t('auth.cancel')}
      onConfirm={signIn.signOut}
    >
      <Button size="small" type="text" className="inline-link" aria-label={t('auth.signOutLabel', { name: server.name })} data-testid="signed-in">
        <Tag icon={<SafetyCertificateOutlined aria-hidden />} color="success" className="clickable">
          {t('auth.state.signed_in')}
        </Tag>
      </Button>
    </SafeConfirm>
  );
}
