import { AppstoreAddOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { Card, Col, Empty, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useToolsTabNav } from '../ToolsTabNav';

/** No servers yet: three ways in, each a large, keyboard-reachable button. */
export function EmptyServers() {
  const { t } = useTranslation(['settings/tools', 'common']);
  const nav = useToolsTabNav();
  return (
    <div data-testid="servers-empty">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Flex vertical gap={4} align="center">
            <Typography.Title level={5} className="m-0">
              {t('empty.title')}
            </Typography.Title>
            <Typography.Text type="secondary" className="empty-description">
              {t('empty.description')}
            </Typography.Text>
          </Flex>
        }
      >
        <Row gutter={[12, 12]} justify="center" className="empty-ways">
          <Way icon={<PlusOutlined aria-hidden />} title={t('empty.add')} hint={t('empty.addHint')} onClick={() => nav.openForm({ mode: 'add' })} testId="empty-add" primary />
          <Way icon={<AppstoreAddOutlined aria-hidden />} title={t('empty.preset')} hint={t('empty.presetHint')} onClick={() => nav.showSection('presets')} testId="empty-preset" />
          <Way icon={<ImportOutlined aria-hidden />} title={t('empty.import')} hint={t('empty.importHint')} onClick={() => nav.openImport()} testId="empty-import" />
        </Row>
        <Typography.Paragraph type="secondary" className="empty-cli text-sm">
          {t('empty.cli')}
        </Typography.Paragraph>
      </Empty>
    </div>
  );
}

function Way({ icon, title, hint, onClick, testId, primary }: { icon: ReactNode; title: string; hint: string; onClick: () => void; testId: string; primary?: boolean }) {
  return (
    <Col xs={24} sm={8}>
      <Card
        hoverable
        size="small"
        role="button"
        tabIndex={0}
        data-testid={testId}
        onClick={onClick}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            onClick();
          }
        }}
        className={primary ? 'empty-way empty-way-primary' : 'empty-way'}
      >
        <Flex vertical align="center" gap={4}>
          <span className="empty-way-icon" aria-hidden>
            {icon}
          </span>
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary" className="text-sm">
            {hint}
          </Typography.Text>
        </Flex>
      </Card>
    </Col>
  );
}
