import { KeyOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToolsTabNav } from '@renderer/features/settings/components/tabs/tools-tab/ToolsTabNav';

/**
 * What this view is for and what it needs: without a usable provider, the way to add a key or
 * a local server's address; with one, what happens when the model calls a tool.
 */
export function ChatEmpty({ ready, toolCount }: { ready: boolean; toolCount: number }) {
  const { t } = useTranslation(['chat', 'common']);
  const nav = useToolsTabNav();
  return (
    <Flex vertical align="center" justify="center" gap="small" style={{ minHeight: '100%', textAlign: 'center', padding: 16 }} data-testid="chat-empty" data-ready={ready}>
      <MessageOutlined style={{ fontSize: 28, opacity: 0.6 }} aria-hidden />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('empty.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 560, margin: 0 }}>
        {t('empty.what')}
      </Typography.Paragraph>
      {ready ? (
        <Typography.Paragraph type="secondary" style={{ maxWidth: 560, margin: 0 }}>
          {toolCount === 0 ? t('empty.noTools') : t('empty.approvals', { count: toolCount })}
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph style={{ maxWidth: 560, margin: 0 }}>{t('empty.needs')}</Typography.Paragraph>
          <Button type="primary" icon={<KeyOutlined />} onClick={() => nav.showSection('keys')} data-testid="chat-empty-keys">
            {t('empty.addKey')}
          </Button>
        </>
      )}
    </Flex>
  );
}
