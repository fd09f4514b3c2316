import { KeyOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useToolsTabNav } from '@renderer/features/settings/components/tabs/tools-tab/ToolsTabNav';

/**
 * What this view is for and what it needs: without a usable provider, the way to add a key or
 * a local server's address; with one, what happens when the model calls a tool (and that an
 * agent preset's own session tools run without asking when its approval is "allow all").
 */
export function ChatEmpty({ ready, toolCount, sessionToolsAllowed = false }: { ready: boolean; toolCount: number; sessionToolsAllowed?: boolean }) {
  const { t } = useTranslation(['chat', 'common']);
  const nav = useToolsTabNav();
  return (
    <Flex vertical align="center" justify="center" gap="small" className="chat-empty" data-testid="chat-empty" data-ready={ready}>
      <MessageOutlined className="chat-empty-icon" aria-hidden />
      <Typography.Title level={5} className="m-0">
        {t('empty.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="chat-empty-text chat-empty-what">
        {t('empty.what')}
      </Typography.Paragraph>
      {ready ? (
        <Typography.Paragraph type="secondary" className="chat-empty-text">
          {toolCount === 0 ? t('empty.noTools') : t('empty.approvals', { count: toolCount })}
          {sessionToolsAllowed ? ` ${t('empty.sessionAllowAll')}` : null}
        </Typography.Paragraph>
      ) : (
        <>
          <Typography.Paragraph className="chat-empty-text">{t('empty.needs')}</Typography.Paragraph>
          <Button type="primary" icon={<KeyOutlined aria-hidden />} onClick={() => nav.showSection('keys')} data-testid="chat-empty-keys">
            {t('empty.addKey')}
          </Button>
        </>
      )}
    </Flex>
  );
}
